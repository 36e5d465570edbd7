import { describe, expect, it } from 'vitest';
import { crc32, gunzipSync } from 'node:zlib';
import {
  acceptsGzip,
  crc32Combine,
  deflatePart,
  gzipOnce,
  gzipParts,
  provideGzip,
} from './gzip-memo.js';

describe('gzip of cached bodies', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    [undefined, false],
  ])('Accept-Encoding %s -> %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });

  it('compresses a body once and gives back the same bytes', async () => {
    const body = Buffer.from(
      JSON.stringify({ lessons: Array.from({ length: 500 }, (_, i) => ({ i })) }),
    );
    const first = gzipOnce(body);
    expect(gzipOnce(body)).toBe(first);
    const zipped = await first;
    expect(zipped.length).toBeLessThan(body.length / 4);
    expect(gunzipSync(zipped).equals(body)).toBe(true);
  });
});

describe('gzip joined from parts compressed on their own', () => {
  const text = (n: number) =>
    Buffer.from(
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ lesson: i, score: i % 97 }))),
    );

  it('combines CRC-32s as zlib does', () => {
    const a = text(300);
    const b = text(7);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });

  it('joins parts into one valid gzip member (CRC and length checked), whatever parts are replaced', async () => {
    const parts = [
      Buffer.from('{"list":['),
      text(2000),
      Buffer.from(','),
      text(5),
      Buffer.from(']}'),
    ];
    const deflated = await Promise.all(parts.map((part) => deflatePart(part)));
    const zipped = gzipParts(deflated);
    expect(gunzipSync(zipped).equals(Buffer.concat(parts))).toBe(true);
    expect(zipped.length).toBeLessThan(Buffer.concat(parts).length / 4);
    // One part written again: the others' compressed forms are reused as they are.
    const replaced = [...parts];
    replaced[3] = text(40);
    deflated[3] = await deflatePart(replaced[3]);
    expect(gunzipSync(gzipParts(deflated)).equals(Buffer.concat(replaced))).toBe(true);
  });

  it('gzipOnce answers the provided gzip form once instead of compressing the body', async () => {
    const body = text(100);
    let produced = 0;
    provideGzip(body, async () => {
      produced += 1;
      return gzipParts([await deflatePart(body)]);
    });
    expect(gunzipSync(await gzipOnce(body)).equals(body)).toBe(true);
    await gzipOnce(body);
    expect(produced).toBe(1);
  });
});
