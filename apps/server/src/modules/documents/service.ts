import { documentStatus } from '@waypoint/domain';
import type { AssignedDocument, DocumentCounts } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { presentAssignedDocument } from './presenter.js';
import { selectAssignedDocuments } from './repo.js';

/** The documents assigned to a student (§7 GET /api/form/{lmsKey}/ALL/{userKey}). */
export async function listAssignedDocuments(
  deps: { db: Db },
  lmsKey: number,
  userKey: number,
): Promise<AssignedDocument[]> {
  return (await selectAssignedDocuments(deps.db, lmsKey, userKey)).map(presentAssignedDocument);
}

/** How many of them are expired or unsubmitted now (§3 Document counts), by the §4 status rule. */
export async function countDocuments(
  deps: { db: Db; clock: Clock },
  lmsKey: number,
  userKey: number,
): Promise<DocumentCounts> {
  const nowMs = deps.clock.now().getTime();
  const counts: DocumentCounts = { Expired: 0, Unsubmitted: 0 };
  for (const document of await listAssignedDocuments(deps, lmsKey, userKey)) {
    const status = documentStatus(document, nowMs);
    if (status !== 'none') counts[status] += 1;
  }
  return counts;
}
