import { describe, expect, it } from 'vitest';
import { attemptsText } from './attempts.js';
import { playModeBadge, playModeLabel } from './play-mode.js';
import { courseDisplayName, isRecurrentCourseName, parseRecurrentCourseName } from './recurrent.js';
import { scoreText } from './score.js';

describe('attempt texts (§8)', () => {
  it.each([
    [0, 0, 'Unlimited attempts'],
    [-1, 5, 'Unlimited attempts'],
    [3, 3, 'No attempts left'],
    [3, 5, 'No attempts left'],
    [3, 2, '1 attempt left'],
    [3, 0, '3 attempts left'],
  ])('max %d, used %d -> %s', (max, used, text) => {
    expect(attemptsText(max, used)).toBe(text);
  });
});

describe('score shown (§9 "score times weight; \'-\' when 0 or in Browse mode; values between 0 and 1 rounded to 2 decimals")', () => {
  it.each([
    [80, 1, 1, '80'],
    [0.8, 100, 1, '80'],
    [0.456, 1, 1, '0.46'],
    [0, 1, 1, '-'],
    [90, 1, 2, '-'],
    [45, 0, 3, '45'],
    [0.1, 3, 1, '0.30'],
  ])('score %d x weight %d in play mode %d -> %s', (score, weight, mode, text) => {
    expect(scoreText(score, weight, mode)).toBe(text);
  });
});

describe('play mode labels (§2, §4)', () => {
  it.each([
    [1, null, null],
    [2, 'Browse: Freely navigate without completion.', 'B'],
    [3, 'Review: Freely navigate with completion.', 'R'],
  ])('play mode %d', (mode, label, badge) => {
    expect(playModeLabel(mode)).toBe(label);
    expect(playModeBadge(mode)).toBe(badge);
  });
});

describe('recurrent course names (§4 "dash-joined numbers, a word, dash-joined numbers")', () => {
  it.each([
    ['2026-01-01 Recurrent 2026-12-31', true],
    ['01-2026 Annual 12-2026', true],
    ['A320 Type Rating', false],
    ['2026-01-01 Recurrent', false],
    ['2026 Recurrent 2027', false],
  ])('%s -> %s', (name, recurrent) => {
    expect(isRecurrentCourseName(name)).toBe(recurrent);
  });

  it('splits the start date, word and end date', () => {
    expect(parseRecurrentCourseName('2026-01-01 Recurrent 2026-12-31')).toEqual({
      start: '2026-01-01',
      word: 'Recurrent',
      end: '2026-12-31',
    });
  });

  it.each([
    ['2026-01-01 Recurrent 2026-12-31', 'Recurrent (2026/01/01 to 2026/12/31)'],
    ['2026-1-5 Recurrent 2026-12-31', 'Recurrent (2026/01/05 to 2026/12/31)'],
    ['01-2026 Annual 12-2026', 'Annual (01-2026 to 12-2026)'],
    ['2026-13-01 Recurrent 2026-12-31', 'Recurrent (2026-13-01 to 2026/12/31)'],
    ['A320 Type Rating', 'A320 Type Rating'],
    ['2026-01-01 Recurrent', '2026-01-01 Recurrent'],
  ])('the student reads %s as %s', (name, shown) => {
    expect(courseDisplayName(name)).toBe(shown);
  });
});
