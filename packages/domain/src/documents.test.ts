import { describe, expect, it } from 'vitest';
import { documentStatus, documentsNeedAttention } from './documents.js';

describe('document status (§4 Documents)', () => {
  const now = 1_000_000;
  it.each([
    [
      '"Unsubmitted when expirationInstant is 0 and response data is empty"',
      { expirationInstant: 0, responseData: '' },
      'Unsubmitted',
    ],
    ['no expiry but a response', { expirationInstant: 0, responseData: '{"a":1}' }, 'none'],
    [
      '"Expired when expirationInstant is above 0 and not later than now"',
      { expirationInstant: now, responseData: '{"a":1}' },
      'Expired',
    ],
    ['expiring later', { expirationInstant: now + 1, responseData: '' }, 'none'],
  ])('%s', (_rule, document, status) => {
    expect(documentStatus(document, now)).toBe(status);
  });

  it.each([
    [{ Expired: 0, Unsubmitted: 0 }, false],
    [{ Expired: 1, Unsubmitted: 0 }, true],
    [{ Expired: 0, Unsubmitted: 2 }, true],
    [null, false],
  ])('"warning icon ... when documents are expired or unsubmitted": %o -> %s', (counts, warn) => {
    expect(documentsNeedAttention(counts)).toBe(warn);
  });
});
