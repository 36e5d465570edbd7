/**
 * When commits made offline happened, as the server records them (docs/decisions/0024, spec §8
 * offline completion). A device's clock cannot be trusted: at sync the device sends its clock
 * (`sentInstant`) with its commits, and the server compares it with its own.
 *
 * - Ahead of the server by more than the tolerance: every date of the sync is the sync's own time
 *   and the completion is flagged, as §8's tooltip says: "At that time, the local time of the
 *   mobile device was ahead of the server, which may cause the completion date to be adjusted to
 *   when the assignment was synced."
 * - Otherwise a commit's device time, moved by how far the device's clock was behind (so a slow
 *   clock does not date work too early), and never before the lesson was made available, never
 *   after the sync, never before an earlier commit of the same opening.
 */

/** A device clock this far from the server's still counts as right (network delay, drift). */
export const CLOCK_TOLERANCE_MS = 2 * 60_000;

export interface OfflineClockInput {
  /** The device's clock when it sent the sync. */
  sentInstant: number;
  /** The server's clock when the sync arrived. */
  serverNowMs: number;
  /** When the lesson was made available on the device (the grant). */
  grantedMs: number;
}

export interface OfflineClock {
  /** The device's clock was ahead of the server's: dates are the sync's, completions flagged. */
  ahead: boolean;
  /** The server time of a device instant. */
  at: (deviceInstant: number) => number;
}

/** How a sync's device instants become server times (see above). */
export function offlineClock(input: OfflineClockInput): OfflineClock {
  const { sentInstant, serverNowMs, grantedMs } = input;
  const skew = sentInstant - serverNowMs;
  if (skew > CLOCK_TOLERANCE_MS) return { ahead: true, at: () => serverNowMs };
  const behind = skew < -CLOCK_TOLERANCE_MS ? -skew : 0;
  return {
    ahead: false,
    at: (deviceInstant) => Math.min(serverNowMs, Math.max(grantedMs, deviceInstant + behind)),
  };
}

/** The server times of one opening's commits, in seq order: never earlier than the one before. */
export function offlineCommitTimes(clock: OfflineClock, deviceInstants: number[]): number[] {
  let last = -Infinity;
  return deviceInstants.map((instant) => (last = Math.max(last, clock.at(instant))));
}
