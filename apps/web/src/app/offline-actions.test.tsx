/**
 * Actions that need the server say so offline instead of failing or waiting (ADR 0024 "Offline
 * panel"): a mutation is refused at once, never sent, and sent as usual once back online.
 */
import { useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../api';
import { unwrap } from '../api/client';
import { setReminderPreference } from '../api/reminders';
import { OfflineNotice } from '../components/offline-banner';
import { LoginForm } from '../features/login/login-form';
import { clearSession, setState } from '../lib/store';
import { mockFetch } from '../test/fetch-mock';
import { Providers, queryClient } from './providers';

function Saver() {
  const save = useMutation({
    mutationFn: async () => unwrap(await setReminderPreference(3, 42, true)),
  });
  return (
    <>
      <button type="button" onClick={() => save.mutate()}>
        save
      </button>
      <p>{`status: ${save.status}`}</p>
      {save.error && <p>{`error: ${save.error.message}`}</p>}
    </>
  );
}

function setBrowserOnline(online: boolean) {
  vi.spyOn(Navigator.prototype, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  act(() =>
    setState({ sessionId: 'session-1', currentUser: { lmsKey: 3, userKey: 42 } as UserDetails }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  act(() => clearSession());
  queryClient.clear();
});

describe('a mutation offline', () => {
  it('is refused with the offline message and never sent; online it is sent', async () => {
    const requests = mockFetch({
      'PUT /lms/api/reminders/3/42': { status: 200, body: { enabled: true, lmsEnabled: true } },
    });
    setBrowserOnline(false);
    render(
      <Providers>
        <Saver />
        <OfflineNotice />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('status: error')).toBeInTheDocument();
    expect(
      screen.getByText('error: This needs a connection. You are offline.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This needs a connection. You are offline.',
    );
    expect(requests).toHaveLength(0);

    setBrowserOnline(true);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getByText('status: success')).toBeInTheDocument());
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /lms/api/reminders/3/42']);
  });
});

describe('signing in offline', () => {
  it('says it needs a connection instead of an empty status-0 message', async () => {
    mockFetch({ 'POST /lms/api/Login': new TypeError('Failed to fetch') });
    setBrowserOnline(false);
    render(
      <MemoryRouter>
        <LoginForm studentLocked={false} onLockedAttempt={() => {}} onForgotPassword={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Login ID'), { target: { value: 'student' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('This needs a connection. You are offline.'),
    ).toBeInTheDocument();
  });
});
