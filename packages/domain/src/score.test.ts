import { describe, expect, it } from 'vitest';
import { formatScorePercent } from './score.js';

describe('formatScorePercent: scores read as percentages; §9 "score times weight" where a weight exists', () => {
  it.each<[string, number, number, number, string]>([
    ['a 100 % quiz of an imported lesson (no weight) is 100%, not 1', 1, 0, 1, '100%'],
    ['20 % is 20%, not 0.20', 0.2, 0, 1, '20%'],
    ['one decimal at most', 2 / 3, 0, 1, '66.7%'],
    ['a half percent stays', 0.995, 0, 1, '99.5%'],
    ['float noise is dropped', 0.7 * 1.0000000001, 0, 1, '70%'],
    ['a negative weight is no weight', 0.8, -1, 1, '80%'],
    ['the percent weight 100: score times weight is already a percentage', 0.9, 100, 1, '90%'],
    ['Review mode shows the score', 0.45, 0, 3, '45%'],
    ['"\'-\' when 0"', 0, 0, 1, '-'],
    ['"\'-\' when 0", with the percent weight', 0, 100, 1, '-'],
    ['"\'-\' ... in Browse mode"', 0.9, 0, 2, '-'],
    ['"\'-\' ... in Browse mode", with the percent weight', 0.9, 100, 2, '-'],
    ['not a number', Number.NaN, 0, 1, '-'],
    ['"score times weight": 20 points', 0.8, 20, 1, '16'],
    ['"values between 0 and 1 rounded to 2 decimals"', 0.456, 1, 1, '0.46'],
    ['points in Browse mode', 0.8, 20, 2, '-'],
  ])('%s (score %d, weight %d, play mode %d) -> %s', (_rule, score, weight, mode, text) => {
    expect(formatScorePercent(score, weight, mode)).toBe(text);
  });
});
