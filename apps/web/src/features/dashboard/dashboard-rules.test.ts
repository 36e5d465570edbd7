import { describe, expect, it } from 'vitest';
import type { Widget } from '../../api/widgets';
import {
  activeWidgets,
  dashboardRedirects,
  monthLabel,
  pointOnWindow,
  spanOnWindow,
} from './dashboard-rules';

const widget = (fields: Partial<Widget>): Widget => ({
  widgetKey: 1,
  widgetType: 'calendar',
  name: 'Calendar',
  sortOrder: 0,
  isDeleted: 0,
  settings: {},
  ...fields,
});

describe('dashboard redirect (§2: "If showDashboard is missing or 0 or less, or there are no widgets, a visit to dashboard redirects to assignments")', () => {
  it.each([
    [undefined, [widget({})], true],
    [null, [widget({})], true],
    [0, [widget({})], true],
    [-1, [widget({})], true],
    [1, [], true],
    [1, [widget({ isDeleted: 1 })], true],
    [1, [widget({ isDeleted: 1 }), widget({ isDeleted: 0 })], false],
  ])('showDashboard %s with widgets %j redirects: %s', (show, widgets, expected) => {
    expect(dashboardRedirects(show, widgets)).toBe(expected);
  });

  it('keeps active widgets in sort order ("isDeleted 0 means active")', () => {
    const list = activeWidgets([
      widget({ widgetKey: 1, sortOrder: 2 }),
      widget({ widgetKey: 2, sortOrder: 0, isDeleted: 1 }),
      widget({ widgetKey: 3, sortOrder: 1 }),
    ]);
    expect(list.map((w) => w.widgetKey)).toEqual([3, 1]);
  });
});

describe('calendar window geometry', () => {
  const window = [
    { Month: '2026-01', StartDate: 0, EndDate: 100 },
    { Month: '2026-02', StartDate: 100, EndDate: 200 },
  ];
  it('clips a span to the window', () => {
    expect(spanOnWindow(-50, 50, window)).toEqual({ left: 0, width: 25 });
    expect(spanOnWindow(150, 500, window)).toEqual({ left: 75, width: 25 });
    expect(spanOnWindow(200, 300, window)).toBeNull();
  });
  it('places the current-date line', () => {
    expect(pointOnWindow(50, window)).toBe(25);
    expect(pointOnWindow(200, window)).toBeNull();
  });
  it('labels months as Mon YYYY', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
  });
});
