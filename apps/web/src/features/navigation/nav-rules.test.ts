import { describe, expect, it } from 'vitest';
import { showDashboardLink, showDraftsLink } from './nav-rules';

describe('showDashboardLink (spec §2)', () => {
  const active = { isDeleted: 0 };
  const deleted = { isDeleted: 1 };
  it.each([
    [1, [active], true],
    [2, [deleted, active], true],
    [1, [deleted], false],
    [1, [], false],
    [1, undefined, false],
    [0, [active], false],
    [-1, [active], false],
    [null, [active], false],
    [undefined, [active], false],
  ])('showDashboard %s with widgets %o -> %s', (flag, widgets, expected) => {
    expect(showDashboardLink(flag, widgets)).toBe(expected);
  });
});

describe('showDraftsLink (spec §2)', () => {
  it('shows when any curriculum child is a draft', () => {
    const report = [
      { elementChildren: [{ elementDraft: 0 }] },
      { elementChildren: [{ elementDraft: 0 }, { elementDraft: 1 }] },
    ];
    expect(showDraftsLink(report)).toBe(true);
  });

  it('hides when no child is a draft, or the report failed to load', () => {
    expect(showDraftsLink([{ elementChildren: [{ elementDraft: 0 }] }])).toBe(false);
    expect(showDraftsLink([{ elementDraft: 1, elementChildren: [] }])).toBe(false);
    expect(showDraftsLink(undefined)).toBe(false);
  });
});
