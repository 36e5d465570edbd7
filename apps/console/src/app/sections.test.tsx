import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { mockFetch } from '../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../test/factories';
import { renderConsole } from '../test/render';

// Two sections as other areas register them: one every staff role may read, one for assigners.
vi.mock('./console-routes', () => ({
  consoleRoutes: [
    {
      path: '/programme',
      label: 'Training programme',
      action: 'programme.view',
      page: lazy(async () => ({ default: () => <h1>Programme page</h1> })),
    },
    {
      path: '/assignments',
      label: 'Assignments',
      action: 'assignments.assign',
      page: lazy(async () => ({ default: () => <h1>Assignments page</h1> })),
    },
  ],
}));

afterEach(() => vi.unstubAllGlobals());

function signedInAs(role: 'administrator' | 'auditor') {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
  });
}

describe('console sections (console-routes.tsx)', () => {
  it('lists the sections a role allows in the navigation and on the home page', async () => {
    signedInAs('administrator');
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(nav).toHaveTextContent('Training programme');
    expect(nav).toHaveTextContent('Assignments');
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Assignments' }));
    expect(await screen.findByRole('heading', { name: 'Assignments page' })).toBeInTheDocument();
  });

  it('hides and refuses a section the role does not allow', async () => {
    signedInAs('auditor');
    renderConsole('/assignments/rules');
    expect(
      await screen.findByText('You do not have permission to see this page.'),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(nav).toHaveTextContent('Training programme');
    expect(nav).not.toHaveTextContent('Assignments');
    expect(screen.queryByRole('heading', { name: 'Assignments page' })).toBeNull();
  });

  it('folds the navigation behind a Menu button that says whether it is open', async () => {
    signedInAs('administrator');
    renderConsole('/');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    await user.click(within(nav).getByRole('link', { name: 'Training programme' }));
    expect(await screen.findByRole('heading', { name: 'Programme page' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
