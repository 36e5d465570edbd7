import {
  resumeAttempt,
  resumesAttempt,
  startNewAttempt,
  type ScormVersion,
  type StoredProgress,
} from '@waypoint/domain';
import { records } from './launch-access.js';
import * as launches from './launch.repo.js';
import type { PlayerDeps } from './player-deps.js';
import { columnsOf, storedOf } from './progress-columns.js';
import * as progress from './progress.repo.js';

type Entry = 'ab-initio' | 'resume';

/** The stored progress a launch's runtime starts from, and how it enters the SCO (cmi.entry). */
export interface Opened {
  stored: StoredProgress;
  entry: Entry;
}

/** A reloaded player window goes back into the session it had, when that saved anything. */
export const reloadEntry = (stored: StoredProgress): Entry =>
  Object.keys(stored.cmi).length > 0 ? 'resume' : 'ab-initio';

/** How an opening synced from a device is recorded (modules/offline, ADR 0024). */
export interface OpenOptions {
  /** A new attempt even if the stored one was suspended: the lesson moved on elsewhere. */
  newAttempt?: boolean;
  /** The device's clock was ahead (§8 offline completion): the attempt is flagged. */
  flaggedOffline?: boolean;
}

/**
 * Opens a launch on its first state request: a new attempt unless the stored one was suspended
 * (SCORM entry ab-initio or resume), the lesson's last launch time, and the launch's base total
 * time. Returns the stored progress the runtime starts from.
 */
export async function openLaunch(
  deps: PlayerDeps,
  launch: launches.PlayerLaunch,
  now: Date,
  options: OpenOptions = {},
): Promise<Opened> {
  const { db } = deps;
  const version = launch.scormVersion as ScormVersion;
  if (launch.assignmentKey === null) {
    await db.transaction().execute((trx) => launches.markOpened(trx, launch.launchId, 0, now));
    return { stored: storedOf(undefined), entry: 'ab-initio' };
  }
  const assignmentKey = launch.assignmentKey;
  const opened = await db.transaction().execute(async (trx): Promise<Opened> => {
    const current = await launches.lockLaunch(trx, launch.launchId);
    let row = await progress.findProgress(trx, assignmentKey, launch.lessonKey, true);
    if (current?.status !== 'starting') {
      const stored = storedOf(row);
      return { stored, entry: reloadEntry(stored) };
    }
    if (!records(launch)) {
      // Browse mode starts clean and records nothing (§4 Play modes).
      await launches.markOpened(trx, launch.launchId, 0, now);
      return { stored: storedOf(undefined), entry: 'ab-initio' };
    }
    if (!row) {
      await progress.insertProgress(trx, {
        assignmentKey,
        lessonKey: launch.lessonKey,
        userKey: launch.userKey,
        updatedAt: now,
      });
      row = await progress.findProgress(trx, assignmentKey, launch.lessonKey, true);
    }
    const before = storedOf(row);
    const entry: Entry =
      !options.newAttempt && resumesAttempt(version, before.cmi) ? 'resume' : 'ab-initio';
    let next = entry === 'resume' ? resumeAttempt(version, before) : startNewAttempt(before);
    // Every attempt is its own record (ADR 0023): the previous one ends with its cmi, and the
    // attempt this launch opens is recorded from the lesson's time so far, numbered after every
    // attempt before it (a staff correction is one too).
    const recorded = await progress.attemptsOf(trx, assignmentKey, launch.lessonKey);
    if (entry === 'ab-initio') {
      await progress.endOpenAttempts(
        trx,
        assignmentKey,
        launch.lessonKey,
        JSON.stringify(before.cmi),
        now,
      );
    }
    if (entry === 'ab-initio' || !recorded.open) {
      next = { ...next, attempts: Math.max(next.attempts, recorded.latest + 1) };
      await progress.insertAttempt(trx, {
        assignmentKey,
        lessonKey: launch.lessonKey,
        number: next.attempts,
        userKey: launch.userKey,
        source: 'player',
        launchId: launch.launchId,
        lastLaunchId: launch.launchId,
        startedAt: now,
        updatedAt: now,
        baseTotalTimeMs: next.totalTimeMs,
        flaggedOffline: options.flaggedOffline === true || (row?.flaggedOffline ?? false),
      });
    }
    await progress.updateProgress(trx, assignmentKey, launch.lessonKey, {
      ...columnsOf(next, now),
      lastLaunchedAt: now,
    });
    await launches.markOpened(trx, launch.launchId, next.totalTimeMs, now);
    return { stored: next, entry };
  });
  deps.state.reportCache.invalidate(launch.userKey);
  return opened;
}
