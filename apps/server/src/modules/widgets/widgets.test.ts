import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD, buildLms, buildUser } from '../../test/factories.js';
import { browserFrom, postLogin, signIn, type Browser } from '../../test/sign-in.js';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';

interface CalendarBody {
  months: { Month: string; itemsDue: { name: string; colorHex: string; dueDate: number }[] }[];
  courses: { courseName: string; colorHex: string }[];
  settings: { studentPicker: boolean; monthsShown: number };
}

describe('widgets and calendar (§2 Dashboard, §3 Calendar, §7)', () => {
  let t: TestApp;
  let student: Browser;
  let instructor: Browser;
  let lmsKey: number;
  let calendarWidgetKey: number;
  let classmateKey: number;
  let outsiderKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const otherLms = await buildLms(t.db, { lmsCode: 'beta' });
    lmsKey = lms.lmsKey;
    const user = await buildUser(t.db, lmsKey, { userId: 'pilot', nameCollated: 'Pilot' });
    await buildUser(t.db, lmsKey, { userId: 'lead', userType: 1 });
    classmateKey = (
      await buildUser(t.db, lmsKey, { userId: 'classmate', nameCollated: 'Classmate' })
    ).userKey;
    outsiderKey = (await buildUser(t.db, otherLms.lmsKey, { userId: 'outsider' })).userKey;
    const widgets = await t.db
      .insertInto('widget')
      .values([
        {
          lmsKey,
          widgetType: 'calendar',
          name: 'Calendar',
          settings: JSON.stringify({ studentPicker: false, monthsShown: 6 }),
          sortOrder: 1,
        },
        { lmsKey, widgetType: 'news', name: 'Old news', isDeleted: 1, sortOrder: 2 },
      ])
      .returning('widgetKey')
      .execute();
    calendarWidgetKey = widgets[0]!.widgetKey;
    const curriculum = await insertCurriculum(t.db, lmsKey, {
      name: 'Recurrent Training',
      description: '',
      courses: [
        { name: 'Due course', topics: [{ name: 'T', lessons: [{ name: 'L1' }] }] },
        {
          name: 'Done course',
          topics: [
            { name: 'T', lessons: [{ name: 'L2', progress: { attempts: 1, completion: 1 } }] },
          ],
        },
        { name: 'Browse course', topics: [{ name: 'T', lessons: [{ name: 'L3', playMode: 2 }] }] },
      ],
    });
    await assignCurriculum(t.db, t.clock.now(), user.userKey, curriculum, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: 21,
    });
    student = await signIn(t, 'pilot');
    instructor = await browserFrom(t, await postLogin(t, 'lead', TEST_PASSWORD));
  });
  afterAll(() => t.close());

  it("lists the widgets with isDeleted, and one widget's settings", async () => {
    const list = (await (
      await student.call(`/lms/api/Widget/PostWidget/${lmsKey}/${student.userKey}`)
    ).json()) as { name: string; isDeleted: number }[];
    expect(list.map((w) => [w.name, w.isDeleted])).toEqual([
      ['Calendar', 0],
      ['Old news', 1],
    ]);
    const one = await student.call(
      `/lms/api/Widget/GetWidgetSettingsData/${lmsKey}/${student.userKey}/${calendarWidgetKey}`,
    );
    expect(((await one.json()) as { settings: { monthsShown: number } }).settings.monthsShown).toBe(
      6,
    );
    expect(
      (
        await student.call(
          `/lms/api/Widget/GetWidgetSettingsData/${lmsKey}/${student.userKey}/999999`,
        )
      ).status,
    ).toBe(404);
  });

  it('lists the 13 displayed months', async () => {
    const response = await student.call(
      `/lms/api/Widget/GetCalendarWidgets/${lmsKey}/${student.userKey}/GET`,
      { method: 'POST' },
    );
    expect(response.status).toBe(200);
    const months = (await response.json()) as {
      Month: string;
      StartDate: number;
      EndDate: number;
    }[];
    expect(months).toHaveLength(13);
    const now = t.clock.now().getTime();
    expect(months[6]!.StartDate).toBeLessThanOrEqual(now);
    expect(months[6]!.EndDate).toBeGreaterThan(now);
  });

  it('places due courses in the month of their due date, coloured, leaving out completed and browse-only courses', async () => {
    const body = (await (
      await student.call(`/lms/api/Widget/CalendarData/${lmsKey}/${student.userKey}`)
    ).json()) as CalendarBody;
    expect(body.courses.map((c) => c.courseName)).toEqual(['Due course']);
    const items = body.months.flatMap((m) => m.itemsDue);
    expect(items).toHaveLength(1);
    expect(items[0]!.colorHex).toMatch(/^#[0-9a-f]{6}$/);
    expect(body.settings).toEqual({ studentPicker: false, monthsShown: 6 });
  });

  it('keeps the student picker closed unless the LMS enables it, and then only for instructors of that LMS', async () => {
    const usersPath = `/lms/api/user/${lmsKey}/ALL?filter=1&search=&direction=1&start=1&count=999999&sort=Name&inactive=01`;
    expect((await instructor.call(usersPath)).status).toBe(403);
    expect(
      (
        await student.call(
          `/lms/api/Widget/CalendarData/${lmsKey}/${student.userKey}?student=${classmateKey}`,
        )
      ).status,
    ).toBe(403);

    await t.db
      .updateTable('widget')
      .set({ settings: JSON.stringify({ studentPicker: true }) })
      .where('widgetKey', '=', calendarWidgetKey)
      .execute();
    expect((await student.call(usersPath)).status).toBe(403);
    const users = (await (await instructor.call(usersPath)).json()) as { userID: string }[];
    expect(users.map((u) => u.userID).sort()).toEqual(['classmate', 'lead', 'pilot']);
    expect(JSON.stringify(users)).not.toContain('@');
    const searched = (await (
      await instructor.call(usersPath.replace('search=', 'search=class'))
    ).json()) as unknown[];
    expect(searched).toHaveLength(1);
    const picked = await instructor.call(
      `/lms/api/Widget/CalendarData/${lmsKey}/${instructor.userKey}?student=${classmateKey}`,
    );
    expect(picked.status).toBe(200);
    expect(
      (
        await instructor.call(
          `/lms/api/Widget/CalendarData/${lmsKey}/${instructor.userKey}?student=${outsiderKey}`,
        )
      ).status,
    ).toBe(404);
    expect((await instructor.call(`/lms/api/user/${lmsKey + 1}/ALL`)).status).toBe(403);
  });

  it("refuses another user's keys", async () => {
    expect(
      (await student.call(`/lms/api/Widget/PostWidget/${lmsKey}/${instructor.userKey}`)).status,
    ).toBe(403);
    expect(
      (await fetch(`${t.baseUrl}/lms/api/Widget/PostWidget/${lmsKey}/${student.userKey}`)).status,
    ).toBe(401);
  });
});
