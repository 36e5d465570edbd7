import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetStoreForTests, setSessionId } from '../lib/store';
import { clearCookies } from '../test/fetch-mock';
import { RequireSession } from './require-session';

function renderGuarded() {
  const router = createMemoryRouter(
    [
      { element: <RequireSession />, children: [{ path: '/report', element: <p>report page</p> }] },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/report'] },
  );
  render(<RouterProvider router={router} />);
}

const user = { userKey: 5, lmsKey: 1, sessionID: 'stored-session' };

describe('route guard (spec §2)', () => {
  afterEach(() => {
    clearCookies();
    localStorage.clear();
    resetStoreForTests();
  });

  it('sends a visitor without a session to login', () => {
    resetStoreForTests();
    renderGuarded();
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('accepts the sessionID cookie together with the currentUser cookie', () => {
    document.cookie = 'sessionID=cookie-session; path=/';
    document.cookie = `currentUser=${encodeURIComponent(JSON.stringify({ ...user, sessionID: 'cookie-session' }))}; path=/`;
    resetStoreForTests();
    renderGuarded();
    expect(screen.getByText('report page')).toBeInTheDocument();
  });

  it('does not accept a sessionID cookie alone', () => {
    document.cookie = 'sessionID=cookie-session; path=/';
    resetStoreForTests();
    renderGuarded();
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('accepts the user kept in local storage', () => {
    localStorage.setItem('currentUser', JSON.stringify(user));
    resetStoreForTests();
    renderGuarded();
    expect(screen.getByText('report page')).toBeInTheDocument();
  });

  it('accepts an in-memory session id', () => {
    resetStoreForTests();
    setSessionId('memory-session');
    renderGuarded();
    expect(screen.getByText('report page')).toBeInTheDocument();
  });
});
