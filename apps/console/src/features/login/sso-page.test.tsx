import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { mockFetch } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe, buildUserDetails } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

const HANDOFF = 'h4nd0ff-code-from-the-server-0123456789';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('single sign-on landing (/console/sso)', () => {
  it('trades the hand-off for a console session, once, and takes it out of the address', async () => {
    window.history.replaceState(null, '', `/console/sso#handoff=${HANDOFF}`);
    const requests = mockFetch({
      'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
      'POST /lms/api/sso/handoff': { status: 200, body: buildUserDetails({ sessionID: 'sso-1' }) },
      'GET /lms/api/console/me': { status: 200, body: buildMe() },
    });
    renderConsole('/sso');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBe('sso-1');
    const trades = requests.filter((request) => request.url === '/lms/api/sso/handoff');
    expect(trades).toHaveLength(1);
    expect(JSON.parse(trades[0]?.body ?? '{}')).toEqual({ handoff: HANDOFF });
    expect(trades[0]?.headers.get('useCookie')).toBe('1');
  });

  it("shows the server's refusal (not staff) and a way back", async () => {
    window.history.replaceState(null, '', `/console/sso#handoff=${HANDOFF}`);
    mockFetch({
      'POST /lms/api/sso/handoff': {
        status: 403,
        body: { message: 'You do not have staff access.' },
      },
    });
    renderConsole('/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have staff access.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('says so when the address has no hand-off', async () => {
    const requests = mockFetch({});
    renderConsole('/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This single sign-on link is incomplete or was already used.',
    );
    expect(requests).toHaveLength(0);
  });
});
