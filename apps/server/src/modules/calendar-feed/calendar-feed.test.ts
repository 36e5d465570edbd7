import ICAL from 'ical.js';
import { calendarFeedCalls, type CalendarFeed } from '@waypoint/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { singleScoManifest2004, zipOf } from '../../test/launch.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

const DAY = 86_400_000;

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  url: string;
  start: string;
  end: string;
  allDay: boolean;
}

/** Reads a feed with ical.js, a parser written apart from the `ics` package that wrote it. */
function parseFeed(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(component.getFirstPropertyValue('url')),
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

/** The student's private calendar feed (docs/decisions/0014). */
describe('calendar feed', () => {
  let t: TestApp;
  let lmsKey: number;
  let userKey: number;
  let browser: Browser;

  async function importCurriculum(name: string) {
    return importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: name, title: name, lesson: 'Lesson' }),
        'index.html': '<p>lesson</p>',
      }),
      { lmsKey, curriculum: name, course: `${name} course` },
    );
  }

  /** Assigns a curriculum due at the end of a UTC day. */
  async function assign(curriculumKey: number, dueDay: Date) {
    const startDate = t.clock.now();
    const due = Date.UTC(dueDay.getUTCFullYear(), dueDay.getUTCMonth(), dueDay.getUTCDate() + 1);
    return buildAssignment(t.db, {
      userKey,
      curriculumKey,
      assignedAt: startDate,
      startDate,
      durationMs: due - 1 - startDate.getTime(),
    });
  }

  const address = async (): Promise<CalendarFeed> => {
    const response = await browser.call(`/lms${calendarFeedCalls.feed.path(lmsKey, userKey)}`);
    expect(response.status).toBe(200);
    return (await response.json()) as CalendarFeed;
  };

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'feed', lmsName: 'Feed Air' })).lmsKey;
    userKey = (await buildUser(t.db, lmsKey, { userId: 'pilot', email: 'p@example.test' })).userKey;
    await buildUser(t.db, lmsKey, { userId: 'other', email: 'o@example.test' });
    const crm = await importCurriculum('Crew Resource Management');
    await assign(crm.curriculum!.curriculumKey, new Date(t.clock.now().getTime() + 20 * DAY));
    browser = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('gives the student a private address, the same on every read, webcal and https', async () => {
    const first = await address();
    expect(first.httpUrl).toMatch(
      new RegExp(`^${t.config.publicUrl}/lms/calendar-feed/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect(first.webcalUrl).toBe(first.httpUrl.replace(/^http:\/\//, 'webcal://'));
    expect(await address()).toEqual(first);
  });

  it('serves the due dates as all-day events that an independent parser reads', async () => {
    const { httpUrl } = await address();
    const response = await fetch(httpUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const feed = parseFeed(await response.text());
    expect(feed.name).toBe('Feed Air: training due dates');
    const dueDay = new Date(t.clock.now().getTime() + 20 * DAY).toISOString().slice(0, 10);
    const nextDay = new Date(t.clock.now().getTime() + 21 * DAY).toISOString().slice(0, 10);
    expect(feed.events).toEqual([
      expect.objectContaining({
        summary: 'Due: Crew Resource Management',
        description: '1 lesson still to complete in Crew Resource Management course.',
        url: `${t.config.publicUrl}/assignments`,
        start: dueDay,
        end: nextDay,
        allDay: true,
      }),
    ]);
    expect(feed.events[0]!.uid).toMatch(/^due-\d+@/);
  });

  it('reflects a new assignment at the next read', async () => {
    const upset = await importCurriculum('Upset Recovery');
    await assign(upset.curriculum!.curriculumKey, new Date(t.clock.now().getTime() + 40 * DAY));
    const feed = parseFeed(await (await fetch((await address()).httpUrl)).text());
    expect(feed.events.map((event) => event.summary).sort()).toEqual([
      'Due: Crew Resource Management',
      'Due: Upset Recovery',
    ]);
  });

  it("refuses another student's feed address (403)", async () => {
    const other = await buildUser(t.db, lmsKey, { userId: 'third', email: 't@example.test' });
    const response = await browser.call(
      `/lms${calendarFeedCalls.feed.path(lmsKey, other.userKey)}`,
    );
    expect(response.status).toBe(403);
  });

  it('resets the address: the old one answers 404 at once and reveals nothing', async () => {
    const old = await address();
    const response = await browser.call(`/lms${calendarFeedCalls.reset.path(lmsKey, userKey)}`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    const fresh = (await response.json()) as CalendarFeed;
    expect(fresh.httpUrl).not.toBe(old.httpUrl);
    const gone = await fetch(old.httpUrl);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toMatch(
      /^No calendar has this address/,
    );
    expect((await fetch(fresh.httpUrl)).status).toBe(200);
    expect(await address()).toEqual(fresh);
  });

  it('stops serving the feed of a deactivated student', async () => {
    const { httpUrl } = await address();
    await t.db.updateTable('appUser').set({ inactive: 1 }).where('userKey', '=', userKey).execute();
    try {
      expect((await fetch(httpUrl)).status).toBe(404);
    } finally {
      await t.db
        .updateTable('appUser')
        .set({ inactive: 0 })
        .where('userKey', '=', userKey)
        .execute();
    }
  });

  it('slows down guessing: 30 wrong addresses from one client, then 429', async () => {
    // The cases above asked for old addresses from this client too.
    await t.db.deleteFrom('rateLimit').execute();
    const guess = (index: number) =>
      fetch(
        `${t.baseUrl}/lms/calendar-feed/${'x'.repeat(40)}${String(index).padStart(3, '0')}.ics`,
      );
    for (let index = 0; index < 30; index += 1) expect((await guess(index)).status).toBe(404);
    expect((await guess(30)).status).toBe(429);
    // A real address is still served from that client (calendar services share addresses).
    expect((await fetch((await address()).httpUrl)).status).toBe(200);
  });
});
