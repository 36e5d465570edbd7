import { DEFAULT_CURRICULUM_DURATION_MS } from './constants.js';

/** "expired assignments shown if expired within 7776000000 ms (90 days)" (§9). */
export const EXPIRED_SHOWN_WITHIN_MS = 7_776_000_000;

/** The due date of an assignment: start plus duration (the default duration when none is set). */
export function dueDate(startDateMs: number, durationMs: number): number {
  return startDateMs + (durationMs > 0 ? durationMs : DEFAULT_CURRICULUM_DURATION_MS);
}

/** "A curriculum is expired when start plus duration is not after now" (§4 Expiry and launchability). */
export function isExpired(startDateMs: number, durationMs: number, nowMs: number): boolean {
  return dueDate(startDateMs, durationMs) <= nowMs;
}

/** Expired, but within the last 90 days: still listed under Expired Assignments (§9). */
export function isRecentlyExpired(startDateMs: number, durationMs: number, nowMs: number): boolean {
  const due = dueDate(startDateMs, durationMs);
  return due <= nowMs && nowMs - due <= EXPIRED_SHOWN_WITHIN_MS;
}

/** "expired lessons launch only if allowExpiredAssignmentsToBeCompleted is above 0". */
export function mayLaunchWhenExpired(
  expired: boolean,
  allowExpiredAssignmentsToBeCompleted: number,
): boolean {
  return !expired || allowExpiredAssignmentsToBeCompleted > 0;
}
