import { draftAndRecurrentCurricula } from './curricula-drafts-recurrent.js';
import { failedAndExpiredCurricula } from './curricula-failed-expired.js';
import { inProgressCurricula } from './curricula-in-progress.js';
import type { DemoCurriculum } from './tree.js';

/**
 * The demo curricula and how `student` is assigned to them. Between them they show every state
 * of spec §4 (see the table at the top of ./demo.ts). Dates are relative to the seed's "now".
 */
export function demoCurricula(now: Date): DemoCurriculum[] {
  return [
    ...inProgressCurricula(),
    ...failedAndExpiredCurricula(),
    ...draftAndRecurrentCurricula(now),
  ];
}
