import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  noAnswerMeaning,
  OFFLINE_ACTION_MESSAGE,
  offlineBannerText,
  offlineDataTime,
} from './offline-panel.js';

describe('status 0 while offline (§8 read with ADR 0024 "Offline panel")', () => {
  it.each([
    // "Any request with HTTP 401 or status 0: the session-invalidated signal fires" (§8) ...
    [true, false, 'session-invalidated'],
    // ... unless the browser is offline, or the student's last data is kept on the device.
    [false, false, 'offline'],
    [false, true, 'offline'],
    [true, true, 'offline'],
  ] as const)(
    'browser online %s, kept data %s: %s',
    (browserOnline, keptDataAvailable, meaning) => {
      expect(noAnswerMeaning({ browserOnline, keptDataAvailable })).toBe(meaning);
    },
  );
});

describe('the offline banner', () => {
  const at = (y: number, mo: number, d: number, h: number, mi: number) =>
    new Date(y, mo - 1, d, h, mi).getTime();

  it('"Date format YYYY/MM/DD" (§9) with the time of day HH:mm', () => {
    expect(formatDateTime(at(2026, 1, 5, 7, 3))).toBe('2026/01/05 07:03');
    expect(formatDateTime(at(2026, 11, 27, 23, 59))).toBe('2026/11/27 23:59');
  });

  it.each([
    [[], null],
    [[0], null],
    [[at(2026, 11, 27, 9, 0), 0, at(2026, 11, 26, 18, 30)], at(2026, 11, 26, 18, 30)],
    [[at(2026, 11, 27, 9, 0)], at(2026, 11, 27, 9, 0)],
  ])('the oldest fetch among the page queries %#', (times, expected) => {
    expect(offlineDataTime(times)).toBe(expected);
  });

  it('says the time of the data shown, or that none is kept', () => {
    expect(offlineBannerText(at(2026, 11, 26, 18, 30))).toBe(
      'You are offline. Showing data from 2026/11/26 18:30. Actions that need the server are unavailable until you are back online.',
    );
    expect(offlineBannerText(null)).toMatch(/^You are offline\. This page was not saved/);
  });

  it('an action that needs the server says so', () => {
    expect(OFFLINE_ACTION_MESSAGE).toBe('This needs a connection. You are offline.');
  });
});
