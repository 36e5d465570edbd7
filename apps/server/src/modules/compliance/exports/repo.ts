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

/** Whose a ticket is: a compliance export's (exports/) or a records bundle's (records/bundle/). */
export type TicketKind = 'export' | 'bundle';

/**
 * Uses a ticket of a kind: marks it used and answers it, in one statement, only when it is that
 * kind's (request->>'what' is 'bundle' for a bundle's), unused and not expired at `now`; null
 * otherwise. Two requests with one ticket cannot both have it, nor one kind's route another's.
 */
export async function useExportTicket(db: Db, tokenHash: string, now: Date, kind: TicketKind) {
  return db
    .updateTable('exportTicket')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where(sql<string>`request->>'what'`, kind === 'bundle' ? '=' : 'is distinct from', 'bundle')
    .returning(['lmsKey', 'userKey', 'request', 'fileName'])
    .executeTakeFirst();
}
