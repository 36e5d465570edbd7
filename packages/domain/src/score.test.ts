import { describe, expect, it } from 'vitest';
import { formatScorePercent } from './score.js';

describe('formatScorePercent: the one score shown (§9 "score times weight" read with the percent weight 100; ADR 0010 Scores)', () => {
  it.each<[string, number, number, string]>([
    ['a 100 % quiz is 100%, not 1', 1, 1, '100%'],
    ['20 % is 20%, not 0.20', 0.2, 1, '20%'],
    ['"values between 0 and 1": 0.95 is 95%, not 0.95', 0.95, 1, '95%'],
    ['one decimal at most, cut: 2/3 is 66.6%', 2 / 3, 1, '66.6%'],
    ['a half percent stays', 0.995, 1, '99.5%'],
    ['never shown above what was reached: 79.96 % is not the pass mark 80%', 0.7996, 1, '79.9%'],
    ['never 100% short of 100 %', 0.99996, 1, '99.9%'],
    ['float noise does not cut a tenth: 0.29 is 29%', 0.29, 1, '29%'],
    ['float noise is dropped', 0.7 * 1.0000000001, 1, '70%'],
    ['Review mode shows the score', 0.45, 3, '45%'],
    ['"\'-\' when 0": a package that rolls up no score', 0, 1, '-'],
    ['"\'-\' ... in Browse mode"', 0.9, 2, '-'],
    ['not a number', Number.NaN, 1, '-'],
  ])('%s (score %d, play mode %d) -> %s', (_rule, score, mode, text) => {
    expect(formatScorePercent(score, mode)).toBe(text);
  });
});
