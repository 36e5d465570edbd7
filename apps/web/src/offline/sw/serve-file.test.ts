/** The content service worker's answers for stored files: whole bodies and byte ranges (RFC 9110 §14). */
import { describe, expect, it } from 'vitest';
import { answerFromStored, offlineFileGrant, parseRange } from './serve-file';

describe('parseRange', () => {
  it.each([
    [null, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ])('%s of %i bytes -> %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('answerFromStored', () => {
  const stored = () => new Response('0123456789', { headers: { 'content-type': 'audio/mpeg' } });

  it('answers the whole body with its type', async () => {
    const answer = await answerFromStored(stored(), null);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(await answer.text()).toBe('0123456789');
  });

  it('answers a range as 206 with Content-Range', async () => {
    const answer = await answerFromStored(stored(), 'bytes=2-4');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await answer.text()).toBe('234');
  });

  it('answers a range past the end as 416', async () => {
    const answer = await answerFromStored(stored(), 'bytes=10-');
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe('bytes */10');
  });
});

describe('offlineFileGrant', () => {
  it.each([
    [`/content/offline/${'G'.repeat(43)}/index.html`, 'G'.repeat(43)],
    [`/content/offline/${'G'.repeat(43)}/`, null],
    [`/content/offline/short/index.html`, null],
    [`/content/${'G'.repeat(43)}/index.html`, null],
  ])('%s -> %s', (path, grantId) => expect(offlineFileGrant(path)).toBe(grantId));
});
