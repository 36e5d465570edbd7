import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/connection.js';
import { HttpError } from '../../../lib/http-error.js';
import { TestClock } from '../../../test/clock.js';
import { createTestDatabase } from '../../../test/database.js';
import { buildLms } from '../../../test/factories.js';
import { buildStaff } from '../../../test/staff.js';
import { STAFF_FORBIDDEN_MESSAGE } from '../../staff/guard.js';
import { staffContext, type StaffContext } from '../../staff/service.js';
import {
  EXPIRED_TICKET_MESSAGE,
  EXPORT_TICKET_MS,
  issueTicket,
  redeemTicket,
  type TicketDeps,
} from './ticket.js';

// The one-time download ticket the compliance exports and the records bundle share
// (docs/decisions/0022, ADR 0023): "a one-time address valid for minutes"; the ticket is the
// credential, and the staff member's current role decides at the download.

const path = (token: string) => `/api/files/${token}`;
const asText = (stored: unknown) => (typeof stored === 'string' ? stored : undefined);

/** The HttpError a promise is refused with (fails the test when it is not refused so). */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('download tickets (ticket.ts)', () => {
  let handle: DatabaseHandle;
  let deps: TicketDeps;
  let clock: TestClock;
  let admin: StaffContext;
  let lmsKey: number;

  beforeAll(async () => {
    handle = await createTestDatabase();
    clock = new TestClock();
    clock.stop();
    deps = { db: handle.db, clock };
    lmsKey = (await buildLms(handle.db, { lmsCode: 'ticket-air' })).lmsKey;
    const user = await buildStaff(handle.db, lmsKey, { role: 'administrator' });
    admin = (await staffContext(deps, user.userKey, ''))!;
  });
  afterAll(() => handle.close());

  const issue = (request: unknown, staff = admin) =>
    issueTicket(deps, staff, { request, fileName: (now) => `f-${now.getTime()}.csv`, path });
  const tokenOf = (url: string) => url.split('/').pop()!;
  const redeem = (url: string, kind: 'export' | 'bundle' = 'export') =>
    redeemTicket(deps, { token: tokenOf(url), clientAddress: '192.0.2.7', kind }, asText);

  it('answers an LMS address that expires in minutes, its file named at issue, and keeps only the hash', async () => {
    const now = clock.now().getTime();
    const ticket = await issue('the request');
    expect(ticket.url).toMatch(/^\/lms\/api\/files\/[A-Za-z0-9_-]{22}$/);
    expect(ticket.fileName).toBe(`f-${now}.csv`);
    expect(ticket.expiresAt).toBe(now + EXPORT_TICKET_MS);
    const stored = await handle.db
      .selectFrom('exportTicket')
      .selectAll()
      .where('fileName', '=', ticket.fileName)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(tokenOf(ticket.url));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.userKey).toBe(admin.userKey);
  });

  it('is used once: the file, the request and the staff member now, then 404 as an unknown one', async () => {
    clock.advance(1000);
    const ticket = await issue('once');
    const used = await redeem(ticket.url);
    expect(used).toMatchObject({ fileName: ticket.fileName, request: 'once' });
    expect(used.staff.userKey).toBe(admin.userKey);
    expect((await refusal(redeem(ticket.url))).message).toBe(EXPIRED_TICKET_MESSAGE);
    const unknown = await refusal(redeem('/lms/api/files/AAAAAAAAAAAAAAAAAAAAAA'));
    expect([unknown.statusCode, unknown.message]).toEqual([404, EXPIRED_TICKET_MESSAGE]);
  });

  it('expires at its time', async () => {
    clock.advance(1000);
    const ticket = await issue('late');
    clock.advance(EXPORT_TICKET_MS);
    expect((await refusal(redeem(ticket.url))).statusCode).toBe(404);
  });

  it("is one kind's: a bundle's ticket is not an export's, nor an export's a bundle's", async () => {
    clock.advance(1000);
    const bundle = await issue({ what: 'bundle' });
    const exported = await issue('an export');
    expect((await refusal(redeem(bundle.url, 'export'))).statusCode).toBe(404);
    expect((await refusal(redeem(exported.url, 'bundle'))).statusCode).toBe(404);
    // Neither was used up by the other kind's try.
    expect((await redeem(exported.url, 'export')).request).toBe('an export');
    const asBundle = await redeemTicket(
      deps,
      { token: tokenOf(bundle.url), clientAddress: '192.0.2.7', kind: 'bundle' },
      (stored) => stored as { what: string },
    );
    expect(asBundle.request).toEqual({ what: 'bundle' });
  });

  it('refuses a stored request it does not recognise as a fault, not a client error', async () => {
    clock.advance(1000);
    const ticket = await issue({ not: 'text' });
    await expect(redeem(ticket.url)).rejects.toThrow(
      `export ticket of user ${admin.userKey} holds no export request`,
    );
  });

  it('is 403 once its staff member may no longer export (role gone)', async () => {
    clock.advance(1000);
    const user = await buildStaff(handle.db, lmsKey, { role: 'administrator' });
    const leaving = (await staffContext(deps, user.userKey, ''))!;
    const ticket = await issue('leaver', leaving);
    await handle.db.deleteFrom('staffMember').where('userKey', '=', user.userKey).execute();
    const refused = await refusal(redeem(ticket.url));
    expect([refused.statusCode, refused.message]).toEqual([403, STAFF_FORBIDDEN_MESSAGE]);
  });
});
