/**
 * What a sync tells the student (docs/decisions/0024: never hidden): the words of each notice the
 * bridge stores for the panel. The clock-ahead words follow §8's offline completion tooltip.
 */
import type { StoredNotice } from './db';

/** The most notices a lesson keeps (newest first). */
export const MAX_NOTICES = 10;

const dateOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

export function refusedNotice(
  lessonName: string,
  startedInstant: number,
  reason: string,
  instant: number,
  localId?: string,
): StoredNotice {
  return {
    kind: 'refused',
    lessonName,
    message:
      `Waypoint did not accept the progress made offline in "${lessonName}" on ` +
      `${dateOf(startedInstant)}: ${reason} It stays on this device.`,
    instant,
    ...(localId ? { localId } : {}),
  };
}

export function conflictNotice(
  lessonName: string,
  reason: string,
  instant: number,
  localId: string,
): StoredNotice {
  // The server's words name the rule (both attempts kept, the best result shown).
  return {
    kind: 'conflict',
    lessonName,
    message:
      reason ||
      `"${lessonName}" was also played elsewhere while this device was offline. Both attempts ` +
        'are kept.',
    instant,
    localId,
  };
}

export function clockAheadNotice(
  lessonName: string,
  instant: number,
  localId: string,
): StoredNotice {
  return {
    kind: 'clock-ahead',
    lessonName,
    message:
      `"${lessonName}" was completed offline. At that time, the local time of this device was ` +
      'ahead of the server, so the completion date was adjusted to when it was synced.',
    instant,
    localId,
  };
}

export function expiredNotice(
  lessonName: string,
  reason: string,
  pending: number,
  instant: number,
): StoredNotice {
  const left =
    pending === 0
      ? ''
      : ` ${pending} ${pending === 1 ? 'change' : 'changes'} made offline could not be sent and ` +
        'stay on this device.';
  return { kind: 'expired', lessonName, message: `${reason}${left}`, instant };
}

/** Adds notices, newest first, keeping at most MAX_NOTICES and no repeated message. */
export function withNotices(existing: StoredNotice[], added: StoredNotice[]): StoredNotice[] {
  const seen = new Set<string>();
  const all = [...added.slice().reverse(), ...existing].filter((notice) => {
    if (seen.has(notice.message)) return false;
    seen.add(notice.message);
    return true;
  });
  return all.slice(0, MAX_NOTICES);
}
