import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/** The only SQL of the exports: download tickets (migration 0026's export_ticket). */

/** A new ticket: only the token's SHA-256 is kept. */
export async function insertExportTicket(
  db: Db,
  ticket: {
    tokenHash: string;
    lmsKey: number;
    userKey: number;
    request: unknown;
    fileName: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('exportTicket')
    .values({ ...ticket, request: JSON.stringify(ticket.request) })
    .execute();
}

/**
 * Uses a ticket: marks it used and answers it, in one statement, only when it is unused and not
 * expired at `now`; null otherwise. Two requests with one ticket cannot both have it.
 */
export async function useExportTicket(db: Db, tokenHash: string, now: Date) {
  return (
    db
      .updateTable('exportTicket')
      .set({ usedAt: now })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      // A records bundle's ticket (records/bundle/) is its own route's: left unused here.
      .where(sql<string>`request->>'what'`, 'is distinct from', 'bundle')
      .returning(['lmsKey', 'userKey', 'request', 'fileName'])
      .executeTakeFirst()
  );
}
