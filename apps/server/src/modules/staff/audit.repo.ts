import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

/** The SQL of the audit log's reading (audit.service.ts); appending is repo.ts's insertAuditEvents. */

/** What the log is filtered by, as the service has checked it. */
export interface AuditSearch {
  lmsKey: number;
  actor?: string;
  actionPrefix?: string;
  targetType?: string;
  targetKey?: string;
  /** Events at or after. */
  from?: Date;
  /** Events before (exclusive). */
  until?: Date;
  text?: string;
  /** Events with a key below this (keyset paging, newest first). */
  beforeKey?: number;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered<O>(
  query: SelectQueryBuilder<Database, 'auditEvent', O>,
  search: AuditSearch,
): SelectQueryBuilder<Database, 'auditEvent', O> {
  let q = query.where('lmsKey', '=', search.lmsKey);
  if (search.actor !== undefined) {
    q = q.where(sql<string>`lower(actor_label)`, '=', search.actor.toLowerCase());
  }
  if (search.actionPrefix !== undefined) {
    q = q.where('action', 'like', `${likeEscaped(search.actionPrefix)}%`);
  }
  if (search.targetType !== undefined) q = q.where('targetType', '=', search.targetType);
  if (search.targetKey !== undefined) q = q.where('targetKey', '=', search.targetKey);
  if (search.from !== undefined) q = q.where('at', '>=', search.from);
  if (search.until !== undefined) q = q.where('at', '<', search.until);
  if (search.text !== undefined) {
    q = q.where('summary', 'ilike', `%${likeEscaped(search.text)}%`);
  }
  if (search.beforeKey !== undefined) q = q.where('eventKey', '<', String(search.beforeKey));
  return q;
}

/** Up to `limit` events matching the search, newest first. */
export async function searchAuditEvents(db: Db, search: AuditSearch, limit: number) {
  return filtered(db.selectFrom('auditEvent').selectAll(), search)
    .orderBy('eventKey', 'desc')
    .limit(limit)
    .execute();
}

/** An event as searchAuditEvents returns it. */
export type AuditEventRow = Awaited<ReturnType<typeof searchAuditEvents>>[number];
