import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_SESSION_STORAGE_KEY,
  type ImportResult,
  type PeopleList,
  type PersonRow,
} from '@waypoint/domain/console-contract';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const row = (userKey: number, familyName: string, extra: Partial<PersonRow> = {}): PersonRow => ({
  userKey,
  userID: familyName.toLowerCase(),
  displayName: `Sam ${familyName}`,
  givenName: 'Sam',
  familyName,
  email: `${familyName.toLowerCase()}@example.com`,
  employeeId: `E${userKey}`,
  base: 'LHR',
  fleet: 'A320',
  position: 'FO',
  restrictionGroup: 'LHR',
  active: true,
  isStudent: true,
  isStaff: false,
  lastSignInAt: null,
  ...extra,
});

const list = (rows: PersonRow[]): PeopleList => ({
  rows,
  total: rows.length,
  filters: {
    bases: ['LHR', 'MAN'],
    fleets: ['A320'],
    positions: ['FO'],
    restrictionGroups: ['LHR'],
  },
});

function signedInAs(role: 'administrator' | 'auditor', replies: Parameters<typeof mockFetch>[0]) {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    ...replies,
  });
}

const listed = (request: RecordedRequest) => new URL(request.url, 'http://x').searchParams;

describe('people (console)', () => {
  it('lists people from the server, and sends the search and sort to it', async () => {
    const requests = signedInAs('administrator', {
      'GET /lms/api/console/people?limit=100&offset=0': {
        status: 200,
        body: list([row(1, 'Adams')]),
      },
      'GET /lms/api/console/people?search=bak&limit=100&offset=0': {
        status: 200,
        body: list([row(2, 'Baker')]),
      },
      'GET /lms/api/console/people?search=bak&sort=login&limit=100&offset=0': {
        status: 200,
        body: list([row(2, 'Baker')]),
      },
    });
    renderConsole('/people');
    const table = await screen.findByRole('table', { name: 'People' }, LAZY_PAGE);
    expect(within(table).getByRole('link', { name: 'Adams, Sam' })).toHaveAttribute(
      'href',
      '/console/people/1',
    );
    expect(screen.getByText('1 person')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bak');
    expect(
      await screen.findByRole('link', { name: 'Baker, Sam' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Login/ }));
    await vi.waitFor(() =>
      expect(requests.map(listed).some((params) => params.get('sort') === 'login')).toBe(true),
    );
    // The staff buttons are there for an administrator.
    expect(screen.getByRole('link', { name: 'New person' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import CSV' })).toBeInTheDocument();
  });

  it('shows an auditor no New person or Import button', async () => {
    signedInAs('auditor', {
      'GET /lms/api/console/people?limit=100&offset=0': {
        status: 200,
        body: list([row(1, 'Adams')]),
      },
    });
    renderConsole('/people');
    await screen.findByRole('table', { name: 'People' }, LAZY_PAGE);
    expect(screen.queryByRole('link', { name: 'New person' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import CSV' })).toBeNull();
  });

  it('offers Import only after a preview without problems, for the text previewed', async () => {
    const bad: ImportResult = {
      problems: ["line 2: 'x' is not an email address"],
      lines: [],
      created: 0,
      updated: 0,
      unchanged: 0,
      imported: false,
    };
    const good: ImportResult = {
      problems: [],
      lines: [
        { line: 2, userID: 'jsmith', displayName: 'Jane Smith', action: 'create', changes: [] },
      ],
      created: 1,
      updated: 0,
      unchanged: 0,
      imported: false,
    };
    const requests = signedInAs('administrator', {
      'POST /lms/api/console/people/import/preview': (request) => ({
        status: 200,
        body: request.body?.includes('jsmith') ? good : bad,
      }),
      'POST /lms/api/console/people/import': { status: 200, body: { ...good, imported: true } },
      'GET /lms/api/console/people?limit=100&offset=0': { status: 200, body: list([]) },
    });
    renderConsole('/people/import');
    const text = await screen.findByLabelText('Or paste it here', undefined, LAZY_PAGE);
    const user = userEvent.setup();
    await user.type(text, 'login,email,given_name,family_name{enter}x,x,X,Y');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText("line 2: 'x' is not an email address")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();

    await user.clear(text);
    await user.type(
      text,
      'login,email,given_name,family_name{enter}jsmith,j@example.com,Jane,Smith',
    );
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const importButton = await screen.findByRole('button', { name: 'Import 1 person' });
    expect(
      screen.getByRole('heading', { name: 'Preview: 1 new, 0 updated, 0 unchanged' }),
    ).toBeInTheDocument();
    // Editing the text after the preview takes the button away until it is previewed again.
    await user.type(text, ' ');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    await user.type(text, '{backspace}');
    await user.click(await screen.findByRole('button', { name: 'Import 1 person' }));
    expect(
      await screen.findByRole('heading', { name: 'Imported: 1 new, 0 updated, 0 unchanged' }),
    ).toBeInTheDocument();
    expect(
      requests.filter((request) => request.url === '/lms/api/console/people/import'),
    ).toHaveLength(1);
    expect(importButton).not.toBeInTheDocument();
  });
});
