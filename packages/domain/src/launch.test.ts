import { describe, expect, it } from 'vitest';
import { buildProgressElement } from './progress-element.js';
import { LIVE_VERIFICATION_INTERVAL_MS, needsLiveVerification, playerModeOf } from './launch.js';

const now = Date.UTC(2026, 10, 22);
const hoursAgo = (h: number) => now - h * 3_600_000;

describe('needsLiveVerification (§4 Lesson launch flow step 5)', () => {
  it.each([
    ['verification not enabled: never', { studentVerificationEnabled: 0 }, 0, false],
    ['(a) not complete, never verified', { studentVerificationEnabled: 1 }, 0, true],
    ['(a) not complete, verified 25 h ago', { studentVerificationEnabled: 1 }, hoursAgo(25), true],
    ['(a) not complete, verified 23 h ago', { studentVerificationEnabled: 1 }, hoursAgo(23), false],
    [
      '(a) complete and credited: no need',
      { studentVerificationEnabled: 1, elementCompletion: 1, elementCredit: 1 },
      0,
      false,
    ],
    [
      '(a) complete but not credited (credit below 0) counts as not credited',
      { studentVerificationEnabled: 1, elementCompletion: 1, elementCredit: -1 },
      0,
      true,
    ],
    [
      '(b) exam with attempts left, even when verified an hour ago',
      {
        studentVerificationEnabled: 1,
        elementScoreWeight: 1,
        elementMaxAttempts: 3,
        elementAttempts: 1,
      },
      hoursAgo(1),
      true,
    ],
    [
      '(b) exam with no attempts left and recent verification',
      {
        studentVerificationEnabled: 1,
        elementScoreWeight: 1,
        elementMaxAttempts: 2,
        elementAttempts: 2,
      },
      hoursAgo(1),
      false,
    ],
  ])('%s', (_rule, fields, lastVerified, expected) => {
    expect(needsLiveVerification(buildProgressElement(fields), lastVerified, now)).toBe(expected);
  });

  it('uses the 24 h interval of §9', () => {
    expect(LIVE_VERIFICATION_INTERVAL_MS).toBe(86_400_000);
  });
});

describe('playerModeOf (§4 Play modes)', () => {
  it.each([
    ['1 normal', 1, { mode: 'normal', credit: true }],
    ['2 Browse: free navigation without credit', 2, { mode: 'browse', credit: false }],
    ['3 Review: free navigation with credit', 3, { mode: 'review', credit: true }],
  ])('%s', (_rule, playMode, expected) => {
    expect(playerModeOf(playMode)).toEqual(expected);
  });
});
