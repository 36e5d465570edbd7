import { describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, offlineClock, offlineCommitTimes } from './offline-sync.js';

const SERVER = Date.UTC(2026, 10, 27, 12, 0, 0);
const GRANTED = SERVER - 3 * 86_400_000;
const HOUR = 3_600_000;

describe('offlineClock: when offline commits happened (ADR 0024, §8 offline completion)', () => {
  // §8: "At that time, the local time of the mobile device was ahead of the server, which may
  // cause the completion date to be adjusted to when the assignment was synced."
  it.each([
    ['a right clock keeps the device time', 0, SERVER - 2 * HOUR, false, SERVER - 2 * HOUR],
    [
      'within the tolerance the clock counts as right',
      CLOCK_TOLERANCE_MS,
      SERVER - HOUR,
      false,
      SERVER - HOUR,
    ],
    [
      'a clock ahead dates at the sync, flagged',
      CLOCK_TOLERANCE_MS + 1,
      SERVER - HOUR,
      true,
      SERVER,
    ],
    ['a clock a day ahead: the sync time, not the future', 86_400_000, SERVER + HOUR, true, SERVER],
    [
      'a clock behind is moved forward by its lag',
      -2 * HOUR,
      SERVER - 3 * HOUR,
      false,
      SERVER - HOUR,
    ],
    ['never before the lesson was made available', 0, GRANTED - HOUR, false, GRANTED],
    [
      'never after the sync (a right clock, a commit in the future)',
      0,
      SERVER + HOUR,
      false,
      SERVER,
    ],
  ])('%s', (_rule, skew, deviceInstant, ahead, expected) => {
    const clock = offlineClock({
      sentInstant: SERVER + skew,
      serverNowMs: SERVER,
      grantedMs: GRANTED,
    });
    expect(clock.ahead).toBe(ahead);
    expect(clock.at(deviceInstant)).toBe(expected);
  });

  it('keeps an opening in order: a commit never dated before the one before it', () => {
    const clock = offlineClock({ sentInstant: SERVER, serverNowMs: SERVER, grantedMs: GRANTED });
    // The device clock was set back by an hour between the second and third commit.
    const times = offlineCommitTimes(clock, [
      SERVER - 3 * HOUR,
      SERVER - 2 * HOUR,
      SERVER - 3 * HOUR,
    ]);
    expect(times).toEqual([SERVER - 3 * HOUR, SERVER - 2 * HOUR, SERVER - 2 * HOUR]);
  });
});
