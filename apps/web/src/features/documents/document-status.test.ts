import { describe, expect, it } from 'vitest';
import { documentStatus, documentsNeedAttention } from './document-status';

const now = Date.UTC(2026, 0, 15);

describe('documentStatus (spec §4 Documents)', () => {
  it.each([
    [{ name: 'a', expirationInstant: 0, responseData: '' }, 'Unsubmitted'],
    [{ name: 'b', expirationInstant: 0, responseData: '{"x":1}' }, 'none'],
    [{ name: 'c', expirationInstant: now, responseData: '{}' }, 'Expired'],
    [{ name: 'd', expirationInstant: now - 1, responseData: '' }, 'Expired'],
    [{ name: 'e', expirationInstant: now + 1, responseData: '' }, 'none'],
  ])('%o is %s', (document, expected) => {
    expect(documentStatus(document, now)).toBe(expected);
  });
});

describe('documentsNeedAttention', () => {
  it('warns on expired or unsubmitted documents only', () => {
    expect(documentsNeedAttention({ Expired: 1, Unsubmitted: 0 })).toBe(true);
    expect(documentsNeedAttention({ Expired: 0, Unsubmitted: 2 })).toBe(true);
    expect(documentsNeedAttention({ Expired: 0, Unsubmitted: 0 })).toBe(false);
    expect(documentsNeedAttention(undefined)).toBe(false);
  });
});
