import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, gzipOnce } from './gzip-memo.js';

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
