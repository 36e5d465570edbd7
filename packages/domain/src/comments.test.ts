import { describe, expect, it } from 'vitest';
import { COMMENT_EMPTY_MESSAGE, COMMENT_TOO_LONG_MESSAGE, commentTextProblem } from './comments.js';

describe('comment text (plain text, trimmed, 1 to 2,000 characters)', () => {
  it.each([
    ['empty', '', COMMENT_EMPTY_MESSAGE],
    ['only spaces: empty once trimmed', '   ', COMMENT_EMPTY_MESSAGE],
    ['one character', 'x', null],
    ['2,000 characters', 'a'.repeat(2000), null],
    ['2,000 characters with spaces around: trimmed first', `  ${'a'.repeat(2000)}  `, null],
    ['2,001 characters', 'a'.repeat(2001), COMMENT_TOO_LONG_MESSAGE],
    ['2,000 emoji count as 2,000 characters', '😀'.repeat(2000), null],
    ['markup is just text', '<b>bold</b>', null],
  ])('%s', (_rule, text, problem) => {
    expect(commentTextProblem(text)).toBe(problem);
  });
  it('says the limit in the message', () => {
    expect(COMMENT_TOO_LONG_MESSAGE).toBe('A comment can be at most 2,000 characters.');
  });
});
