import { describe, expect, it } from 'vitest';
import {
  failureHint,
  isCompleteButNotPassing,
  isCompletionComplete,
  isFailedCompletion,
} from './completion.js';

describe('completion codes (§4)', () => {
  it.each([
    [1, true],
    [2, true],
    [0, false],
    [-1, false],
    [-2, false],
  ])(
    '"elementCompletion 1 or more: complete. 0 or less: not complete": %d -> %s',
    (code, complete) => {
      expect(isCompletionComplete(code)).toBe(complete);
    },
  );

  it.each([
    [-1, false],
    [-2, true],
    [-4, true],
    [-9, true],
    [0, false],
  ])('"Below -1 counts as failed for topics and curricula": %d -> %s', (code, failed) => {
    expect(isFailedCompletion(code)).toBe(failed);
  });

  it.each([
    [1, -1, true],
    [1, 0, false],
    [0, -1, false],
  ])(
    '"credit below 0 are complete but not passing": completion %d credit %d -> %s',
    (c, credit, expected) => {
      expect(isCompleteButNotPassing(c, credit)).toBe(expected);
    },
  );
});

describe('failure hints (§8)', () => {
  it.each([
    [-2, 'Minimum time not met.'],
    [-3, 'Minimum score not met.'],
    [-4, 'Failure count greater than maximum allowed.'],
    [-7, 'Unknown failure (status -7).'],
    [-1, null],
    [0, null],
    [1, null],
  ])('completion %d -> %s', (code, hint) => {
    expect(failureHint(code)).toBe(hint);
  });
});
