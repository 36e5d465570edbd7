import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuiltInRole } from '@waypoint/domain/staff';
import {
  CONSOLE_SESSION_STORAGE_KEY,
  type AssignablePerson,
  type AssignmentRule,
  type ConsoleAssignment,
} from '@waypoint/domain/console-contract';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const API = '/lms/api/console/assignments';
const person = (userKey: number, displayName: string, base: string): AssignablePerson => ({
  userKey,
  userID: displayName.toLowerCase().replace(' ', '.'),
  displayName,
  employeeID: `E${userKey}`,
  base,
  fleet: 'A320',
  position: 'Cabin Crew',
  restrictionGroup: base,
});
const people = [person(11, 'Sam Carter', 'LHR'), person(12, 'Priya Natarajan', 'MAN')];
const rule: AssignmentRule = {
  ruleKey: 5,
  curriculumKey: 2,
  curriculumName: 'Winter Operations',
  base: 'MAN',
  fleet: null,
  position: null,
  restrictionGroup: null,
  scopeGroups: [],
  startDate: null,
  durationDays: 30,
  dueDate: null,
  open: false,
  createdBy: 'admin',
  createdAt: Date.UTC(2026, 10, 1),
  endedAt: null,
  assignedCount: 4,
};
const held: ConsoleAssignment = {
  assignmentKey: 70,
  userKey: 12,
  userID: 'priya.natarajan',
  displayName: 'Priya Natarajan',
  base: 'MAN',
  fleet: 'A320',
  position: 'Cabin Crew',
  curriculumKey: 2,
  curriculumName: 'Winter Operations',
  assignedAt: Date.UTC(2026, 10, 1),
  startDate: Date.UTC(2026, 10, 1),
  dueDate: Date.UTC(2026, 11, 1),
  expired: false,
  ruleKey: 5,
};
const result = { assigned: 2, reassigned: 0, changed: 0, unchanged: 0, people: 1, curricula: 2 };

function signedInAs(role: BuiltInRole, more: Parameters<typeof mockFetch>[0] = {}) {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [`GET ${API}/curricula`]: {
      status: 200,
      body: {
        curricula: [
          { curriculumKey: 1, name: 'Dangerous Goods', assignedCount: 3 },
          { curriculumKey: 2, name: 'Winter Operations', assignedCount: 4 },
        ],
      },
    },
    [`GET ${API}/criteria`]: {
      status: 200,
      body: { bases: ['LHR', 'MAN'], fleets: ['A320'], positions: [], restrictionGroups: [] },
    },
    [`GET ${API}/people?limit=100`]: { status: 200, body: { total: 2, people } },
    [`GET ${API}/people?limit=0`]: { status: 200, body: { total: 2, people: [] } },
    [`GET ${API}/people?base=MAN&limit=0`]: { status: 200, body: { total: 1, people: [] } },
    ...more,
  });
}

const posted = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.url === path).map((r) => JSON.parse(r.body!));

describe('assignments', () => {
  it('assigns the chosen curricula to the people picked, after a confirmation', async () => {
    const user = userEvent.setup();
    const requests = signedInAs('administrator', {
      [`POST ${API}`]: { status: 200, body: result },
    });
    renderConsole('/assignments');
    await screen.findByRole('heading', { level: 1, name: 'Assignments' }, LAZY_PAGE);
    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Choose at least one curriculum.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Dangerous Goods/ }));
    await user.click(screen.getByRole('checkbox', { name: /Winter Operations/ }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Select at least one person.')).toBeInTheDocument();

    await user.click(
      await screen.findByRole('checkbox', { name: 'Select Priya Natarajan (priya.natarajan)' }),
    );
    expect(screen.getByText('1 person selected')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A duration' }));
    await user.type(screen.getByLabelText('Duration (days)'), '30');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign?' });
    expect(dialog).toHaveTextContent(
      'Dangerous Goods, Winter Operations to 1 person, from now, for 30 days',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(/^Done:/)).toBeInTheDocument();
    expect(screen.getByText(/2 new, 0 given back/)).toBeInTheDocument();
    expect(posted(requests, API)).toEqual([
      { curriculumKeys: [1, 2], userKeys: [12], durationDays: 30 },
    ]);
  });

  it('makes a rule with the live count of who matches', async () => {
    const user = userEvent.setup();
    const requests = signedInAs('administrator', {
      [`POST /lms/api/console/assignment-rules`]: {
        status: 200,
        body: { rule, result: { ...result, assigned: 1, curricula: 1 } },
      },
    });
    renderConsole('/assignments');
    await user.click(await screen.findByRole('checkbox', { name: /Winter Operations/ }, LAZY_PAGE));
    await user.click(screen.getByRole('radio', { name: /By rule/ }));
    await user.selectOptions(await screen.findByLabelText('Base'), 'MAN');
    expect(await screen.findByText('1 student matches base MAN now.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A due date' }));
    await user.type(screen.getByLabelText('Due date'), '2027-01-31');
    await user.click(screen.getByRole('button', { name: 'Make rule and assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make the rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make rule' }));
    expect(await screen.findByText(/^Done:/)).toHaveTextContent(
      'Winter Operations to everyone matching base MAN, now and later, from now, due 2027-01-31',
    );
    expect(posted(requests, '/lms/api/console/assignment-rules')).toEqual([
      { curriculumKey: 2, base: 'MAN', dueDate: '2027-01-31' },
    ]);
  });

  it('lists the rules with End, and unassigns from a person after a confirmation', async () => {
    const user = userEvent.setup();
    const requests = signedInAs('administrator', {
      'GET /lms/api/console/assignment-rules?ended=false': { status: 200, body: { rules: [rule] } },
      [`GET ${API}/person/12`]: {
        status: 200,
        body: { person: people[1], assignments: [held] },
      },
      [`POST ${API}/unassign`]: { status: 200, body: { unassigned: 1, notAssigned: 0 } },
    });
    const view = renderConsole('/assignments/rules');
    const rules = await screen.findByRole(
      'table',
      { name: 'Assignment rules in force' },
      LAZY_PAGE,
    );
    expect(within(rules).getByRole('row', { name: /Winter Operations/ })).toHaveTextContent(
      'base MAN',
    );
    expect(
      within(rules).getByRole('button', { name: 'End the rule for Winter Operations, base MAN' }),
    ).toBeInTheDocument();

    await view.router.navigate('/assignments/person/12');
    const table = await screen.findByRole('table', { name: 'Assignments of Priya Natarajan' });
    await user.click(
      within(table).getByRole('button', {
        name: 'Unassign Winter Operations from Priya Natarajan',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unassign?' });
    expect(dialog).toHaveTextContent('Their progress is kept');
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    await vi.waitFor(() =>
      expect(posted(requests, `${API}/unassign`)).toEqual([
        { curriculumKeys: [2], userKeys: [12] },
      ]),
    );
  });

  it('shows an auditor who holds what, without Assign, End or Unassign', async () => {
    signedInAs('auditor', {
      'GET /lms/api/console/assignment-rules?ended=false': { status: 200, body: { rules: [rule] } },
    });
    const view = renderConsole('/assignments');
    expect(
      await screen.findByText(/Your role can see assignments but not change them/, {}, LAZY_PAGE),
    ).toBeInTheDocument();
    await view.router.navigate('/assignments/rules');
    await screen.findByRole('table', { name: 'Assignment rules in force' });
    expect(screen.queryByRole('button', { name: /End the rule/ })).not.toBeInTheDocument();
  });
});
