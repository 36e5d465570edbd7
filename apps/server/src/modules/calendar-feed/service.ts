import { randomBytes } from 'node:crypto';
import { calendarFeedEvents, type FeedEvent } from '@waypoint/domain';
import type { CalendarFeed } from '@waypoint/domain/contract';
import { createEvents, type EventAttributes } from 'ics';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { RATE_RULES, tooManyAttempts } from '../../lib/rate-limit.js';
import { listAssignedDocuments } from '../documents/service.js';
import { buildProgressReport, type ReportDeps } from '../progress/service.js';
import { recordFailure } from '../rate-limits/service.js';
import * as repo from './repo.js';

export interface CalendarFeedDeps extends ReportDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}

/** 256 random bits, URL-safe: the feed address is the only key to it. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const UNKNOWN_FEED =
  'No calendar has this address. It may have been reset: copy the new one from the dashboard.';

/** The feed's path under the panel's origin. */
export const feedPath = (token: string) => `/lms/calendar-feed/${token}.ics`;

function addresses(config: Pick<Config, 'publicUrl'>, token: string): CalendarFeed {
  const httpUrl = `${config.publicUrl}${feedPath(token)}`;
  return { httpUrl, webcalUrl: httpUrl.replace(/^https?:\/\//, 'webcal://') };
}

/** The student's feed address, made on first use. */
export async function feedAddress(deps: CalendarFeedDeps, userKey: number): Promise<CalendarFeed> {
  let token = await repo.selectFeedToken(deps.db, userKey);
  if (!token) {
    await repo.insertFeedToken(deps.db, userKey, newToken());
    token = await repo.selectFeedToken(deps.db, userKey);
  }
  return addresses(deps.config, token!);
}

/** A new address for the student; the old one answers 404 from now on. */
export async function resetFeed(deps: CalendarFeedDeps, userKey: number): Promise<CalendarFeed> {
  const token = newToken();
  await repo.replaceFeedToken(deps.db, userKey, token);
  return addresses(deps.config, token);
}

function toIcsEvent(event: FeedEvent, config: Pick<Config, 'publicUrl'>): EventAttributes {
  const { year, month, date } = event.day;
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return {
    uid: `${event.id}@${new URL(config.publicUrl).host}`,
    start: [year, month, date],
    end: [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()],
    title: event.title,
    description: event.description,
    // The panel's assignments; the Documents pop-up opens from the header of every page (§2).
    url: `${config.publicUrl}/assignments`,
    transp: 'TRANSPARENT',
    busyStatus: 'FREE',
  };
}

/**
 * The feed itself (text/calendar): due dates and document expiries as all-day events. A token
 * holds 256 random bits, so it cannot be guessed; addresses that name no feed are still counted
 * per client address and answered 429 past the limit, which bounds what scanning costs us. A
 * known address is always served: calendar services fetch many students' feeds from a few
 * addresses, and one student's stale address must not stop another's.
 */
export async function feedCalendar(
  deps: CalendarFeedDeps,
  token: string,
  clientAddress: string,
): Promise<string> {
  const now = deps.clock.now();
  const owner = TOKEN.test(token) ? await repo.selectFeedOwner(deps.db, token) : undefined;
  if (!owner) {
    const state = await recordFailure(deps.db, RATE_RULES.calendarFeedGuesses, clientAddress, now);
    if (!state.allowed) throw tooManyAttempts(state);
    throw new HttpError(404, UNKNOWN_FEED);
  }
  const nowMs = now.getTime();
  const [report, documents] = await Promise.all([
    buildProgressReport(deps, owner, nowMs, {
      showExpired: true,
      withFlaggedAssignments: false,
      showEmptyLeafs: false,
    }),
    listAssignedDocuments(deps, owner.lmsKey, owner.userKey),
  ]);
  const events = calendarFeedEvents(report?.progressReport ?? [], documents, nowMs);
  const { error, value } = createEvents(
    events.map((event) => toIcsEvent(event, deps.config)),
    { productId: 'waypoint/calendar-feed', calName: `${owner.lmsName}: training due dates` },
  );
  if (error) throw error;
  if (typeof value !== 'string') throw new Error('The calendar could not be written.');
  return value;
}
