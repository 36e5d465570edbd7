import { documentStatus, type DocumentCounts } from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import { presentAssignedDocument, type AssignedDocument } from './presenter.js';
import { selectAssignedDocuments } from './repo.js';

/** The documents assigned to a student (§7 GET /api/form/{lmsKey}/ALL/{userKey}). */
export async function listAssignedDocuments(
  db: Db,
  lmsKey: number,
  userKey: number,
): Promise<AssignedDocument[]> {
  return (await selectAssignedDocuments(db, lmsKey, userKey)).map(presentAssignedDocument);
}

/** How many of them are expired or unsubmitted (§3 Document counts), by the §4 status rule. */
export async function countDocuments(
  db: Db,
  lmsKey: number,
  userKey: number,
  nowMs: number,
): Promise<DocumentCounts> {
  const counts: DocumentCounts = { Expired: 0, Unsubmitted: 0 };
  for (const document of await listAssignedDocuments(db, lmsKey, userKey)) {
    const status = documentStatus(document, nowMs);
    if (status !== 'none') counts[status] += 1;
  }
  return counts;
}
