import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_ROLE_NAMES, BUILT_IN_ROLES, permissionSet } from '@waypoint/domain/staff';
import {
  CONSOLE_SESSION_STORAGE_KEY,
  type StaffMember,
  type StaffRole,
} from '@waypoint/domain/console-contract';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const ROLES = '/lms/api/console/roles';
const STAFF = '/lms/api/console/staff';

const builtIns: StaffRole[] = BUILT_IN_ROLE_NAMES.map((builtIn, index) => ({
  roleKey: index + 1,
  name: BUILT_IN_ROLES[builtIn].name,
  builtIn,
  permissions: BUILT_IN_ROLES[builtIn].permissions,
  holders: 1,
}));
const clerk: StaffRole = {
  roleKey: 9,
  name: 'Records clerk',
  builtIn: null,
  permissions: permissionSet(['viewStudent']),
  holders: 0,
};
const members: StaffMember[] = [
  {
    userKey: 7,
    userID: 'admin',
    displayName: 'Ada Lovelace',
    email: 'admin@example.com',
    role: { roleKey: 1, name: 'Administrator', builtIn: 'administrator' },
    restrictionGroups: [],
    lastSignInAt: '2026-03-01T10:00:00.000Z',
  },
  {
    userKey: 8,
    userID: 'manager',
    displayName: 'Tom Hughes',
    email: 'manager@example.com',
    role: { roleKey: 2, name: 'Training manager', builtIn: 'training-manager' },
    restrictionGroups: ['LHR'],
    lastSignInAt: null,
  },
];

function signedInAs(
  role: 'administrator' | 'auditor',
  more: Parameters<typeof mockFetch>[0] = {},
  restrictionGroups: string[] = [],
): RecordedRequest[] {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role, { restrictionGroups }) },
    [`GET ${ROLES}`]: { status: 200, body: { roles: [...builtIns, clerk] } },
    [`GET ${STAFF}`]: { status: 200, body: { staff: members } },
    ...more,
  });
}

describe('staff and roles', () => {
  it('lists staff with role and scope; the administrator can change and remove', async () => {
    signedInAs('administrator');
    renderConsole('/staff');
    const table = await screen.findByRole('table', { name: 'Staff' }, LAZY_PAGE);
    const manager = within(table).getByRole('row', { name: /Tom Hughes/ });
    expect(manager).toHaveTextContent('Training manager');
    expect(manager).toHaveTextContent('LHR');
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Whole LMS');
    expect(screen.getByRole('button', { name: 'Change manager' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make someone staff' })).toBeInTheDocument();
  });

  it("refuses restriction groups beyond a scoped administrator's own before sending", async () => {
    const requests = signedInAs('administrator', {}, ['LHR']);
    renderConsole('/staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change manager' }, LAZY_PAGE));
    const dialog = screen.getByRole('dialog', { name: 'Change manager' });
    const groups = within(dialog).getByLabelText('Restriction groups');
    await user.clear(groups);
    await user.type(groups, 'LHR, MAN');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You can give only your own groups: LHR.'),
    ).toBeVisible();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("ticks a made role's flag and sends the role with it", async () => {
    // The server as it would be: the saved role is what the list answers afterwards.
    let saved = clerk;
    const requests = signedInAs('administrator', {
      [`GET ${ROLES}`]: () => ({ status: 200, body: { roles: [...builtIns, saved] } }),
      [`PUT ${ROLES}/9`]: (request) => {
        const body = JSON.parse(request.body!) as { permissions: StaffRole['permissions'] };
        saved = { ...clerk, permissions: { ...clerk.permissions, ...body.permissions } };
        return { status: 200, body: saved };
      },
    });
    renderConsole('/staff/roles');
    const user = userEvent.setup();
    const box = await screen.findByRole(
      'checkbox',
      { name: 'See reports: Records clerk' },
      LAZY_PAGE,
    );
    // Built-in roles show marks, not boxes.
    expect(screen.queryByRole('checkbox', { name: 'See reports: Auditor' })).toBeNull();
    expect(screen.getByRole('img', { name: 'See reports: Auditor: yes' })).toBeInTheDocument();
    await user.click(box);
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({
      name: 'Records clerk',
      permissions: { viewStudent: true, viewReport: true, isAdmin: false },
    });
    expect(
      await screen.findByRole('checkbox', { name: 'See reports: Records clerk' }),
    ).toBeChecked();
  });

  it('shows the auditor the roles and staff with no way to change them', async () => {
    signedInAs('auditor');
    renderConsole('/staff/roles');
    expect(
      await screen.findByRole('table', { name: 'Roles and their permissions' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Make role' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: /^Staff$/ }));
    expect(await screen.findByRole('table', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make someone staff' })).toBeNull();
  });
});
