import { describe, expect, it } from 'vitest';
import { lessonsText } from './lesson-count';

describe("§2 '{n} Lessons' and '(n Lessons)', singular for one (ADR 0010)", () => {
  it.each([
    [0, '0 Lessons'],
    [1, '1 Lesson'],
    [2, '2 Lessons'],
    [21, '21 Lessons'],
  ])('%i -> %s', (count, text) => {
    expect(lessonsText(count)).toBe(text);
  });
});
