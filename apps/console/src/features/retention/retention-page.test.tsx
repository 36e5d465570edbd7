import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuiltInRole } from '@waypoint/domain/staff';
import type { RetentionOverview } from '../../api/records';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { mockFetch } from '../../test/fetch-mock';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RETENTION = '/lms/api/console/records/retention';

const overview = (people: RetentionOverview['people']): RetentionOverview => ({
  settings: {
    retentionMonths: 24,
    legalHold: false,
    legalHoldReason: '',
    legalHoldSetBy: '',
    legalHoldSetAt: null,
  },
  people,
  more: false,
});

const JSMITH = {
  userKey: 901,
  userID: 'jsmith',
  displayName: 'Jo Smith',
  restrictionGroup: 'LHR',
  lastActivityAt: '2023-05-02T10:00:00Z',
  retainedUntil: '2025-05-02T10:00:00Z',
};

function signedInAs(role: BuiltInRole, replies: Parameters<typeof mockFetch>[0]) {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    ...replies,
  });
}

describe('retention (console)', () => {
  it('pseudonymises a person past retention after a confirmation naming what changes', async () => {
    let people = [JSMITH];
    const requests = signedInAs('administrator', {
      [`GET ${RETENTION}`]: () => ({ status: 200, body: overview(people) }),
      'POST /lms/api/console/records/people/901/pseudonymise': () => {
        people = [];
        return {
          status: 200,
          body: { userKey: 901, subjectId: 'sub_x', displayName: 'Pseudonymised sub_x' },
        };
      },
    });
    renderConsole('/retention');
    const table = await screen.findByRole('table', { name: 'People past retention' }, LAZY_PAGE);
    expect(within(table).getByRole('row', { name: /jsmith/ })).toHaveTextContent('2025/05/02');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pseudonymise jsmith' }));
    const dialog = screen.getByRole('dialog', { name: 'Pseudonymise jsmith?' });
    expect(dialog).toHaveTextContent('every training record is kept');
    expect(dialog).toHaveTextContent('can no longer sign in');
    await user.click(within(dialog).getByRole('button', { name: 'Pseudonymise' }));
    expect(await screen.findByText('No one is past retention.')).toBeInTheDocument();
    expect(screen.getByText('jsmith is now Pseudonymised sub_x.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('asks for the reason of a legal hold before saving it', async () => {
    const requests = signedInAs('administrator', {
      [`GET ${RETENTION}`]: { status: 200, body: overview([JSMITH]) },
      [`PUT ${RETENTION}`]: (request) => ({
        status: 200,
        body: { ...overview([]).settings, ...(JSON.parse(request.body ?? '{}') as object) },
      }),
    });
    renderConsole('/retention');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /^Legal hold/ }, LAZY_PAGE));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('A legal hold needs a reason.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Reason for the legal hold' }), 'Claim 17');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Saved.');
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({
      retentionMonths: 24,
      legalHold: true,
      reason: 'Claim 17',
    });
  });

  it('is not offered to a training manager', async () => {
    signedInAs('training-manager', {});
    renderConsole('/');
    expect(await screen.findByRole('link', { name: 'People' }, LAZY_PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Retention' })).toBeNull();
  });
});
