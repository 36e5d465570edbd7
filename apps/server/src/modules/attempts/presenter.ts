import type { LessonAttempt } from '@waypoint/domain/contract';
import type { AttemptRow } from './repo.js';

/** An attempt row as the contract's LessonAttempt (ms since the epoch; 0 / '' for none). */
export function presentAttempt(row: AttemptRow): LessonAttempt {
  return {
    number: row.number,
    source: row.source,
    startedInstant: row.startedAt.getTime(),
    endedInstant: row.endedAt ? row.endedAt.getTime() : 0,
    durationMs: Number(row.durationMs),
    score: row.score === null ? null : Number(row.score),
    completion: row.completion,
    credit: row.credit,
    flaggedOffline: row.flaggedOffline,
    reason: row.reason ?? '',
    corrects: row.corrects ?? 0,
  };
}
