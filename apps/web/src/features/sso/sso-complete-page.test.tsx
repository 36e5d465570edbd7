import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import type { LmsInfo, UserDetails } from '../../api/types';
import { clearSession, getState, readPendingMfa, setNavigator, setState } from '../../lib/store';
import { clearCookies, mockFetch } from '../../test/fetch-mock';
import { SsoCompletePage } from './sso-complete-page';

const HANDOFF = 'h'.repeat(43);
const user: UserDetails = {
  lmsKey: 1,
  userType: 0,
  employeeID: '',
  base: '',
  position: '',
  fleet: '',
  restrictionGroup: '',
  userKey: 7,
  userID: 'ada',
  email: 'ada@example.test',
  nameCollated: 'Lovelace',
  nameOther: 'Ada',
  displayName: 'Ada Lovelace',
  sessionID: 's'.repeat(43),
  mfaID: null,
  rememberDeviceTime: null,
  phone: '',
  inactive: 0,
  isStudent: true,
};

function renderAt(hash: string, showDashboard = 1) {
  window.history.replaceState(null, '', `/sso/complete${hash}`);
  setState({
    lmsInfo: { lmsDisplayName: 'Acme Air', showDashboard } as LmsInfo,
    lmsInfoStatus: 'loaded',
  });
  const router = createMemoryRouter(
    [
      { path: '/sso/complete', element: <SsoCompletePage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/assignments', element: <p>assignments page</p> },
      { path: '/mfa', element: <p>mfa page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/sso/complete'] },
  );
  setNavigator((to) => void router.navigate(to));
  render(<RouterProvider router={router} />);
}

describe('the single sign-on landing (/sso/complete)', () => {
  beforeEach(() => {
    clearSession();
    clearCookies();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('trades the hand-off, checks permissions and lands as after a password sign-in (§4)', async () => {
    const requests = mockFetch({
      'POST /lms/api/sso/handoff': { status: 200, body: user },
      'GET /lms/api/permissions': { status: 200, body: { isStudent: true, userType: 0 } },
    });
    renderAt(`#handoff=${HANDOFF}`);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    const handoff = requests.find((request) => request.url === '/lms/api/sso/handoff');
    expect(JSON.parse(handoff?.body ?? '{}')).toEqual({ handoff: HANDOFF });
    expect(handoff?.headers.get('useCookie')).toBe('1');
    expect(getState().sessionId).toBe(user.sessionID);
    // The code is taken out of the address at once.
    expect(window.location.hash).toBe('');
  });

  it('goes to assignments without a dashboard, and to MFA when the server asks for a code', async () => {
    mockFetch({
      'POST /lms/api/sso/handoff': {
        status: 200,
        body: {
          ...user,
          sessionID: MFA_SESSION_MARKER,
          mfaID: 'mfa-1',
          rememberDeviceTime: 86_400_000,
        },
      },
    });
    renderAt(`#handoff=${HANDOFF}`, 0);
    expect(await screen.findByText('mfa page')).toBeInTheDocument();
    expect(readPendingMfa()).toEqual({ mfaID: 'mfa-1', rememberDays: 1 });
  });

  it('shows the server message for a used hand-off, with the way back to login', async () => {
    mockFetch({
      'POST /lms/api/sso/handoff': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'This single sign-on has expired or was already used. Please sign in again.',
        },
      },
    });
    renderAt(`#handoff=${HANDOFF}`);
    expect(await screen.findByText(/expired or was already used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the login page' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says so when the address has no hand-off, calling nothing', async () => {
    const requests = mockFetch({});
    renderAt('');
    expect(await screen.findByText(/incomplete or was already used/)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('a non-student gets the spec message and no stored session', async () => {
    mockFetch({
      'POST /lms/api/sso/handoff': { status: 200, body: user },
      'GET /lms/api/permissions': { status: 200, body: { isStudent: false, userType: -1 } },
      'DELETE /lms/api/Login': { status: 204 },
    });
    renderAt(`#handoff=${HANDOFF}`);
    expect(await screen.findByText('You do not have student access.')).toBeInTheDocument();
    expect(getState().sessionId).toBeNull();
  });
});
