import { describe, expect, it } from 'vitest';
import { expiresSoonLabel } from './documents/form-rules.js';
import {
  dayInZone,
  daysLeft,
  reminderHeadline,
  reminderItems,
  remindersToday,
} from './reminders.js';

const DAY = 86_400_000;
/** 26 November 2026 at the given UTC hour and minute. */
const nov26 = (hour: number, minute = 0) => Date.UTC(2026, 10, 26, hour, minute);
/** The last moment of a day (UTC): how a document's expiry date is stored. */
const endOf = (year: number, month: number, date: number) =>
  Date.UTC(year, month - 1, date + 1) - 1;

describe('one day count (§9 "day count rounded up"): whole days to the day the period ends', () => {
  it.each([
    // now, end instant, time zone, days left
    [nov26(0), endOf(2026, 12, 8), 'UTC', 12],
    [nov26(10), endOf(2026, 12, 8), 'UTC', 12],
    [nov26(23, 59), endOf(2026, 12, 8), 'UTC', 12],
    // The day before and the day itself.
    [nov26(10), endOf(2026, 11, 27), 'UTC', 1],
    [nov26(10), endOf(2026, 11, 26), 'UTC', 0],
    // Passed.
    [nov26(10), endOf(2026, 11, 25), 'UTC', -1],
    // An end at 00:00 belongs to the day before (a due date at midnight).
    [nov26(10), Date.UTC(2026, 11, 9), 'UTC', 12],
    // In New York, 10:00 UTC is still 05:00 on the 26th; 03:00 UTC is the 25th there.
    [nov26(10), endOf(2026, 12, 8) + 5 * 3_600_000, 'America/New_York', 12],
    [nov26(3), endOf(2026, 12, 8) + 5 * 3_600_000, 'America/New_York', 13],
    // Across a daylight-saving change (Europe/Berlin, 29 March 2026) a day is still one day.
    [Date.UTC(2026, 2, 27, 12), Date.UTC(2026, 2, 30, 12), 'Europe/Berlin', 3],
  ])('now %i, ending %i in %s: %i days left', (now, end, zone, days) => {
    expect(daysLeft(end, now, zone)).toBe(days);
  });
});

describe("the panel's document label and the reminder email say the same of one document", () => {
  const document = (expirationInstant: number) => ({
    key: 7,
    name: 'Dangerous Goods Certificate',
    expirationInstant,
    archive: 0,
  });
  const emailHeadline = (expirationInstant: number, now: number, zone: string) => {
    const items = reminderItems(
      {
        progressReport: [],
        documents: [document(expirationInstant)],
        certificates: [],
        lmsKey: 1,
        userKey: 2,
      },
      now,
      zone,
    );
    const [reminder] = remindersToday(items, dayInZone(now, zone), [30, 14, 12, 3, 1, 0]);
    return reminder ? reminderHeadline(reminder) : null;
  };

  it.each([
    // The demo's Dangerous Goods Certificate: 12 days ahead, stored as the end of that day. The
    // panel said 'Expires in 13 days' and the email 'expires in 12 days'.
    [nov26(10), endOf(2026, 12, 8), 'UTC', 'Expires in 12 days'],
    [nov26(10), endOf(2026, 11, 27), 'UTC', 'Expires tomorrow'],
    [nov26(10), endOf(2026, 11, 26), 'UTC', 'Expires today'],
    [nov26(3), endOf(2026, 12, 8) + 5 * 3_600_000, 'America/New_York', 'Expires in 13 days'],
  ])('now %i, expiring %i in %s: %s', (now, expiry, zone, text) => {
    expect(expiresSoonLabel(expiry, now, zone)).toBe(text);
    expect(emailHeadline(expiry, now, zone)).toBe(text);
  });

  it('the panel labels only documents expiring within 30 days, and none once expired', () => {
    const now = nov26(10);
    expect(expiresSoonLabel(endOf(2026, 12, 26), now, 'UTC')).toBe('Expires in 30 days');
    expect(expiresSoonLabel(endOf(2026, 12, 27), now, 'UTC')).toBeNull();
    expect(expiresSoonLabel(now - 1, now, 'UTC')).toBeNull();
    expect(expiresSoonLabel(now + DAY, now, 'UTC')).toBe('Expires tomorrow');
  });
});
