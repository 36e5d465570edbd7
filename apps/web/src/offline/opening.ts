/**
 * An offline opening of a lesson, by the server's own rules (docs/decisions/0024): the attempt
 * starts or resumes exactly as the server's open-launch.ts does (a new attempt unless the stored
 * one was suspended; browse records nothing), the runtime starts from the domain's initialCmi
 * with the get-state.ts inputs the package carries, and each commit is applied to the stored
 * progress as the server's commits.ts applies it (applyCommit with the same context, a SCORM 2004
 * final commit ending the attempt with endAttemptStatuses), so the next offline opening resumes or
 * starts a new attempt as an online launch would.
 */
import {
  applyCommit,
  attemptRecordChanges,
  endAttemptStatuses,
  initialCmi,
  resumeAttempt,
  resumesAttempt,
  startNewAttempt,
  type StoredProgress,
} from '@waypoint/domain';
import type { CmiValues, OfflineStart, ScormVersion } from '@waypoint/domain/contract';

/** The stored progress of a lesson never started (the server's storedOf(undefined)). */
export const EMPTY_PROGRESS: StoredProgress = {
  attempts: 0,
  completion: 0,
  credit: 0,
  score: 0,
  completionInstantMs: null,
  location: 0,
  maxLocation: 0,
  locationBlob: '',
  suspendData: '',
  progressMeasure: 0,
  totalTimeMs: 0,
  cmi: {},
};

export interface OfflineOpening {
  entry: 'ab-initio' | 'resume';
  /** The opening records progress (launch-access.ts records(): credit; browse and review do not). */
  records: boolean;
  /** The progress after opening: what commits apply to. */
  stored: StoredProgress;
  /** The lesson's total time before this opening (the server's launch base_total_time_ms). */
  baseTotalTimeMs: number;
  /** The runtime's initial values (PlayerState.cmi). */
  cmi: CmiValues;
}

/** Opens the lesson on the device from the grant's start state (open-launch.ts, get-state.ts). */
export function openOffline(version: ScormVersion, start: OfflineStart): OfflineOpening {
  const records = start.credit;
  let entry: OfflineOpening['entry'] = 'ab-initio';
  let stored: StoredProgress = { ...EMPTY_PROGRESS, cmi: {} };
  if (records) {
    const before: StoredProgress = { ...start.stored, cmi: { ...start.stored.cmi } };
    entry = resumesAttempt(version, before.cmi) ? 'resume' : 'ab-initio';
    stored = entry === 'resume' ? resumeAttempt(version, before) : startNewAttempt(before);
  }
  const cmi = initialCmi(version, {
    stored,
    entry,
    mode: start.mode,
    credit: start.credit,
    learnerId: start.learnerId,
    learnerName: start.learnerName,
    launchData: start.launchData ?? '',
    masteryScore: start.masteryScore,
    completionThreshold: start.completionThreshold,
    maxTimeAllowed: start.maxTimeAllowed ?? '',
    timeLimitAction: start.timeLimitAction ?? '',
    objectiveIds: version === '2004' ? start.objectiveIds : [],
  });
  return { entry, records, stored, baseTotalTimeMs: stored.totalTimeMs, cmi };
}

export type OfflineCommitResult =
  { ok: true; stored: StoredProgress } | { ok: false; problems: string[] };

/**
 * One commit applied to the opening's progress (commits.ts commitOne): bad values refuse the
 * whole commit; browse keeps the progress as it was.
 */
export function applyOfflineCommit(
  version: ScormVersion,
  start: OfflineStart,
  opening: Pick<OfflineOpening, 'records' | 'baseTotalTimeMs'>,
  stored: StoredProgress,
  commit: { cmi: CmiValues; final: boolean },
  nowMs: number,
): OfflineCommitResult {
  const attemptRecords = attemptRecordChanges(commit.cmi);
  if (!attemptRecords.ok) return { ok: false, problems: attemptRecords.problems };
  const recorded = opening.records ? stored : null;
  // SN End Attempt Process for a SCORM 2004 attempt ending here (ADR 0007).
  const delta =
    recorded && commit.final && version === '2004'
      ? {
          ...commit.cmi,
          ...endAttemptStatuses({ ...recorded.cmi, ...commit.cmi }, start, start.masteryScore),
        }
      : commit.cmi;
  const result = applyCommit(recorded ?? EMPTY_PROGRESS, delta, {
    version,
    credit: true,
    baseTotalTimeMs: recorded ? opening.baseTotalTimeMs : 0,
    nowMs,
    masteryScore: recorded ? start.masteryScore : null,
    completionThreshold: recorded ? start.completionThreshold : null,
  });
  if (!result.ok) return { ok: false, problems: result.problems };
  if (!recorded) return { ok: true, stored };
  return {
    ok: true,
    stored: { ...result.next, cmi: { ...result.next.cmi, ...attemptRecords.changes } },
  };
}
