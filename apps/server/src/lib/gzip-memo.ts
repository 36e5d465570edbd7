import { promisify } from 'node:util';
import { gzip as gzipCallback, constants } from 'node:zlib';

const gzip = promisify(gzipCallback);
// One compression per cached body, shared by every request that asks while it runs.
const compressed = new WeakMap<Buffer, Promise<Buffer>>();

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
    result = gzip(body, { level: constants.Z_BEST_SPEED });
    compressed.set(body, result);
  }
  return result;
}
