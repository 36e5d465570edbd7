/**
 * One-time download tickets (docs/decisions/0022), the compliance exports' and the records
 * bundle's (ADR 0023): the console asks for a file (compliance.export) and gets an address valid
 * for minutes, which the browser fetches with no session: the ticket is the credential. Only the
 * token's SHA-256 is stored. The staff member's CURRENT role and scope are read again when the
 * file is fetched, so a ticket never outlives the right to it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ExportTicket } from '@waypoint/domain/console-contract';
import { allows } from '@waypoint/domain/staff';
import type { Db } from '../../../db/connection.js';
import type { Clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import { RATE_RULES } from '../../../lib/rate-limit.js';
import { enforceRateLimit } from '../../rate-limits/service.js';
import { STAFF_FORBIDDEN_MESSAGE } from '../../staff/guard.js';
import { staffContext, type StaffContext } from '../../staff/service.js';
import { insertExportTicket, useExportTicket, type TicketKind } from './repo.js';

/** How long a ticket may wait for its download. */
export const EXPORT_TICKET_MS = 5 * 60_000;

/** The one answer to a ticket that is unknown, used or expired: none tells which. */
export const EXPIRED_TICKET_MESSAGE = 'This download link has expired or was already used.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What issuing and using a ticket read: the database and the time. */
export interface TicketDeps {
  db: Db;
  clock: Clock;
}

/**
 * A new ticket of the caller's for a checked request: the file's name is made at the moment
 * of issue; the address is the LMS's own ('/lms' + the contract's path of the token), which the
 * browser navigates to.
 */
export async function issueTicket(
  deps: TicketDeps,
  staff: StaffContext,
  ticket: { request: unknown; fileName: (now: Date) => string; path: (token: string) => string },
): Promise<ExportTicket> {
  const token = randomBytes(16).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + EXPORT_TICKET_MS);
  const fileName = ticket.fileName(now);
  await insertExportTicket(deps.db, {
    tokenHash: hashOf(token),
    lmsKey: staff.lmsKey,
    userKey: staff.userKey,
    request: ticket.request,
    fileName,
    createdAt: now,
    expiresAt,
  });
  return { url: `/lms${ticket.path(token)}`, fileName, expiresAt: expiresAt.getTime() };
}

/** A ticket used up: its file's name, its request and the staff member as they are now. */
export interface RedeemedTicket<Request> {
  fileName: string;
  request: Request;
  staff: StaffContext;
}

/**
 * Uses a ticket of a kind, counted against the client's download limit: it is used up as it is
 * read (one statement: unused and not expired, else 404 with one message for every case); a
 * stored request `requestOf` does not recognise is a fault (500); the staff member's CURRENT role
 * decides (403 when they are gone, in another LMS or may no longer export).
 */
export async function redeemTicket<Request>(
  deps: TicketDeps,
  ticket: { token: string; clientAddress: string; kind: TicketKind },
  requestOf: (stored: unknown) => Request | undefined,
): Promise<RedeemedTicket<Request>> {
  const now = deps.clock.now();
  await enforceRateLimit(deps.db, RATE_RULES.exportDownloads, ticket.clientAddress, now);
  const row = await useExportTicket(deps.db, hashOf(ticket.token), now, ticket.kind);
  if (!row) throw new HttpError(404, EXPIRED_TICKET_MESSAGE);
  const request = requestOf(row.request);
  if (request === undefined) {
    throw new Error(`${ticket.kind} ticket of user ${row.userKey} holds no ${ticket.kind} request`);
  }
  const staff = await staffContext(deps, row.userKey, '');
  if (!staff || staff.lmsKey !== row.lmsKey || !allows(staff.permissions, 'compliance.export')) {
    throw new HttpError(403, STAFF_FORBIDDEN_MESSAGE);
  }
  return { fileName: row.fileName, request, staff };
}
