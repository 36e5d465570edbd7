import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { mockFetch } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe, buildUserDetails } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

const LOGIN = 'POST /lms/api/Login';
const ME = 'GET /lms/api/console/me';
const LMS_INFO = 'GET /lms/api/PublicInfo/LMS/Info/';

afterEach(() => vi.unstubAllGlobals());

async function signIn(userID = 'admin', password = 'demo1234') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Login ID'), userID);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('console sign-in', () => {
  it('signs in with the console header and shows the home page', async () => {
    const requests = mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [LOGIN]: { status: 200, body: buildUserDetails({ sessionID: 'session-abc' }) },
      [ME]: { status: 200, body: buildMe('training-manager', { restrictionGroups: ['LHR'] }) },
    });
    const { router } = renderConsole('/login');
    expect(await screen.findByText('Demo Aviation Academy')).toBeInTheDocument();
    await signIn();

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console');
    expect(screen.getAllByText('Training manager').length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Restriction groups' })).toHaveTextContent('LHR');
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBe('session-abc');

    const login = requests.find((request) => `${request.method} ${request.url}` === LOGIN);
    expect(login?.headers.get('panel')).toBe('console');
    expect(login?.headers.get('useCookie')).toBe('1');
    expect(login?.headers.get('userID')).toBe('admin');
    const me = requests.find((request) => `${request.method} ${request.url}` === ME);
    expect(me?.headers.get('sessionID')).toBe('session-abc');
  });

  it('asks for the MFA code when the login answers the MFA marker, then signs in', async () => {
    const requests = mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [LOGIN]: {
        status: 200,
        body: buildUserDetails({
          sessionID: 'MFA',
          mfaID: 'challenge-1',
          rememberDeviceTime: 30 * 24 * 3600 * 1000,
        }),
      },
      'POST /lms/api/login/ValidateMFACode': {
        status: 200,
        body: buildUserDetails({ sessionID: 'session-after-mfa' }),
      },
      'POST /lms/api/login/ResendMFACode': { status: 200, body: { message: 'Code sent.' } },
      [ME]: { status: 200, body: buildMe() },
    });
    renderConsole('/login');
    const user = await signIn();

    const code = await screen.findByLabelText('Verification code');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Code sent.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the six-digit code.')).toBeInTheDocument();

    await user.type(code, '123456');
    await user.click(screen.getByLabelText('Remember this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, LAZY_PAGE),
    ).toBeInTheDocument();
    const validate = requests.find((request) => request.url.endsWith('/ValidateMFACode'));
    expect(JSON.parse(validate?.body ?? '{}')).toEqual({
      mfaID: 'challenge-1',
      mfaVerificationCode: '123456',
      rememberDevice: true,
    });
    expect(validate?.headers.get('panel')).toBe('console');
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBe('session-after-mfa');
  });

  it("shows the server's 403 for someone without staff access and keeps no session", async () => {
    mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [LOGIN]: { status: 403, body: { message: 'You do not have staff access.' } },
    });
    renderConsole('/login');
    await signIn('student1');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have staff access.');
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('shows a wrong password as the server words it, and stays on the sign-in page', async () => {
    mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [LOGIN]: { status: 401, body: { message: 'Incorrect login.' } },
    });
    const { router } = renderConsole('/login');
    await signIn('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login.');
    expect(router.state.location.pathname).toBe('/console/login');
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it('shows a lockout and a rate limit with their own words', async () => {
    let status = 423;
    mockFetch({
      [LMS_INFO]: { status: 200, body: buildLmsInfo() },
      [LOGIN]: () =>
        status === 423
          ? { status, body: { message: 'Your account is locked for 15 minutes.' } }
          : { status, body: '' },
    });
    renderConsole('/login');
    const user = await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is locked for 15 minutes.',
    );
    status = 429;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many attempts. Please wait a moment and try again.',
      ),
    );
  });

  it('asks for both fields before calling the server', async () => {
    const requests = mockFetch({ [LMS_INFO]: { status: 200, body: buildLmsInfo() } });
    renderConsole('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your login ID.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Login ID')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.url === '/lms/api/Login')).toHaveLength(0);
  });

  it('offers single sign-on when the LMS has it', async () => {
    mockFetch({ [LMS_INFO]: { status: 200, body: buildLmsInfo({ ssoEnabled: true }) } });
    renderConsole('/login');
    expect(
      await screen.findByRole('link', { name: 'Sign in with single sign-on' }),
    ).toHaveAttribute('href', '/ssosaml2bridge/?panel=console');
  });
});
