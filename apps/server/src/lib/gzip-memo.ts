import { promisify } from 'node:util';
import {
  constants,
  crc32,
  deflateRaw as deflateRawCallback,
  gzip as gzipCallback,
} from 'node:zlib';

const gzip = promisify(gzipCallback);
const deflateRaw = promisify(deflateRawCallback);
// One compression per cached body, shared by every request that asks while it runs.
const compressed = new WeakMap<Buffer, Promise<Buffer>>();
// Bodies whose gzip form is put together from parts compressed earlier (gzipParts).
const producers = new WeakMap<Buffer, () => Promise<Buffer>>();

/** Bodies smaller than this go out as they are: compressing them saves too little. */
export const GZIP_MIN_BYTES = 8 * 1024;

/** Whether the client accepts a gzip body (every browser does). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p.trim()));
  });
}

/**
 * The gzip form of a body that is sent many times (a cached progress report), compressed once and
 * remembered for as long as the body itself lives.
 */
export function gzipOnce(body: Buffer): Promise<Buffer> {
  let result = compressed.get(body);
  if (!result) {
    const produce = producers.get(body);
    result = produce ? produce() : gzip(body, { level: constants.Z_BEST_SPEED });
    compressed.set(body, result);
  }
  return result;
}

/** Makes gzipOnce(body) answer what produce() gives (once, when first asked) instead of compressing. */
export function provideGzip(body: Buffer, produce: () => Promise<Buffer>): void {
  producers.set(body, produce);
}

/** One part of a body compressed on its own, to be joined with the others by gzipParts. */
export interface DeflatedPart {
  data: Buffer;
  crc: number;
  length: number;
}

/**
 * Compresses one part of a body so that the parts can be joined into one gzip stream in any
 * combination: raw deflate with a fresh window, ending with a sync flush on a byte boundary and
 * without a final block (RFC 1951 §3.2.3), as parallel gzip tools do.
 */
export async function deflatePart(raw: Buffer): Promise<DeflatedPart> {
  const data = await deflateRaw(raw, {
    level: constants.Z_BEST_SPEED,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return { data, crc: crc32(raw), length: raw.length };
}

// A final, empty block with fixed codes (BFINAL=1, BTYPE=01, end of block), byte-padded.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
// ID1 ID2, CM=deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 §2.3).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** One gzip member (RFC 1952) from parts compressed by deflatePart, in body order. */
export function gzipParts(parts: readonly DeflatedPart[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...parts.map((part) => part.data), FINAL_BLOCK, trailer]);
}

// crc32_combine of zlib (crc32.c): the CRC of A+B from the CRCs of A and B and B's length, by
// multiplying by x^(8 * length) in GF(2) with repeated squaring of the zero-operator matrix.
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i += 1, vector >>>= 1) {
    if (vector & 1) sum ^= matrix[i]!;
  }
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, matrix: Uint32Array): void {
  for (let n = 0; n < 32; n += 1) square[n] = gf2Times(matrix, matrix[n]!);
}

/** The CRC-32 of two byte sequences joined, from theirs and the second one's length. */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // The CRC-32 polynomial: the operator for one zero bit.
  for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) odd[n] = row;
  gf2Square(even, odd); // two zero bits
  gf2Square(odd, even); // four zero bits
  let crc = crc1 >>> 0;
  let remaining = length2;
  // Each pass applies the operator for one more bit of the length, in zero bytes.
  for (;;) {
    gf2Square(even, odd);
    if (remaining % 2 === 1) crc = gf2Times(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    gf2Square(odd, even);
    if (remaining % 2 === 1) crc = gf2Times(odd, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
  }
  return (crc ^ crc2) >>> 0;
}
