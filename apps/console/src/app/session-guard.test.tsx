import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { mockFetch } from '../test/fetch-mock';
import { buildLmsInfo, buildMe, buildUserDetails } from '../test/factories';
import { renderConsole } from '../test/render';

const ME = 'GET /lms/api/console/me';
const LMS_INFO = 'GET /lms/api/PublicInfo/LMS/Info/';

afterEach(() => vi.unstubAllGlobals());

describe('the console guard', () => {
  it('sends a visitor without a session to the sign-in page, and back after signing in', async () => {
    mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      'POST /lms/api/Login': { status: 200, body: buildUserDetails() },
      [ME]: { status: 200, body: buildMe() },
    });
    const { router } = renderConsole('/somewhere?tab=2');
    expect(await screen.findByRole('heading', { name: 'Staff console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/login');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Login ID'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('There is no page at this address.')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/console/somewhere?tab=2',
    );
  });

  it('ends the session when a call answers 401 and says so on the sign-in page', async () => {
    window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'expired');
    mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [ME]: { status: 401, body: { message: 'Session expired.' } },
    });
    const { router } = renderConsole('/');
    expect(
      await screen.findByText('Your session has ended. Please sign in again.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/login');
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('signs out someone whose session is not a staff one, with the server’s message', async () => {
    window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'student-session');
    mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [ME]: { status: 403, body: { message: 'You do not have staff access.' } },
    });
    renderConsole('/');
    expect(await screen.findByText('You do not have staff access.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('shows who is signed in, their role and scope, and signs out', async () => {
    window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
    const requests = mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [ME]: { status: 200, body: buildMe('auditor') },
      'DELETE /lms/api/Login': { status: 204 },
    });
    const { router } = renderConsole('/');
    expect(await screen.findByText('Whole LMS')).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Demo Aviation Academy');
    expect(banner).toHaveTextContent('Ada Lovelace');
    expect(banner).toHaveTextContent('Auditor');
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toHaveTextContent('Home');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/login');
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBeNull();
    const logout = requests.find((request) => request.method === 'DELETE');
    expect(logout?.headers.get('sessionID')).toBe('session-abc');
  });
});
