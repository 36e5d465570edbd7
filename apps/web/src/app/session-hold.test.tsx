import { onlineManager, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../api';
import { unwrap, type ApiResult } from '../api/client';
import { getDocumentCounts } from '../api/documents';
import { getStudentParameters } from '../api/progress';
import { setReminderPreference } from '../api/reminders';
import { getWidgets } from '../api/widgets';
import { onSessionInvalidated, resetSessionInvalidated } from '../api/session-events';
import { CourseDetailsPage } from '../features/course-details/course-details-page';
import { clearSession, getState, setSignedIn, setState } from '../lib/store';
import { course, curriculum, lesson, topic } from '../test/curricula-factories';
import { mockFetch, type RecordedRequest } from '../test/fetch-mock';
import { Providers, queryClient, shouldRetry } from './providers';

const SESSION_INVALID =
  'Your session is no longer valid, you will now be returned to the login screen in order to re-validate your session.';

const WIDGETS = '/api/Widget/PostWidget/3/42';
const COUNTS = '/api/form/3/count/42';
const PARAMETERS = '/api/LMSStudent/GetLMSStudentParameters/3/42';
const REMINDERS = '/api/reminders/3/42';
const loads: Record<string, () => Promise<ApiResult<unknown>>> = {
  widgets: () => getWidgets(3, 42),
  counts: () => getDocumentCounts(3, 42),
  parameters: () => getStudentParameters(3, 42),
};

/** A query of the app's own client, as every screen writes one. */
function Reader({ name, label = name }: { name: string; label?: string }) {
  const query = useQuery({
    queryKey: ['test', name],
    queryFn: async () => unwrap(await loads[name]!()),
  });
  return <p>{`${label}: ${query.status}`}</p>;
}

/** Mounts and unmounts a reader on demand: a new observer of an errored query. */
function Toggle({ name }: { name: string }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        toggle
      </button>
      {shown && <Reader name={name} label="toggled" />}
    </>
  );
}

function Saver() {
  const mutation = useMutation({
    mutationFn: async () => unwrap(await setReminderPreference(3, 42, true)),
  });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      {`save: ${mutation.status}`}
    </button>
  );
}

const count = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.url.split('?')[0] === `/lms${path}`).length;

let signals: number[] = [];
let unsubscribe: () => void;
beforeEach(() => {
  signals = [];
  unsubscribe = onSessionInvalidated((detail) => signals.push(detail.statusCode));
  act(() =>
    setState({ sessionId: 'session-1', currentUser: { lmsKey: 3, userKey: 42 } as UserDetails }),
  );
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  act(() => clearSession());
  queryClient.clear();
  resetSessionInvalidated();
});

describe('the retry rule (§8: a 401 or status 0 is rethrown, not retried)', () => {
  it.each([
    [0, 1, false],
    [401, 1, false],
    [403, 1, false],
    [404, 1, false],
    [500, 1, true],
    [502, 2, false],
  ])('status %i after %i failures: retry %s', async (status, failures, retry) => {
    const { ApiError } = await import('../api/client');
    expect(shouldRetry(failures, new ApiError(status, ''))).toBe(retry);
  });
});

describe('a lost session holds every query and mutation (§8)', () => {
  it('a 401 fires the signal once, opens the pop-up, and nothing is fetched again', async () => {
    const requests = mockFetch({
      [`/lms${WIDGETS}`]: { status: 401, body: { message: 'Session ended.' } },
      [`/lms${COUNTS}`]: { status: 401 },
      [`/lms${PARAMETERS}`]: { status: 200, body: {} },
      [`PUT /lms${REMINDERS}`]: { status: 200, body: {} },
    });
    const person = (await import('@testing-library/user-event')).default.setup();
    render(
      <Providers>
        <Reader name="widgets" />
        <Reader name="counts" />
        <Toggle name="widgets" />
        <Saver />
      </Providers>,
    );
    expect(await screen.findByText('widgets: error')).toBeInTheDocument();
    await screen.findByText('counts: error');
    // Two calls answered 401 at once: one signal, one pop-up.
    expect(signals).toEqual([401]);
    expect(getState().invalidConnectionMessage).toBe(SESSION_INVALID);
    expect(count(requests, WIDGETS)).toBe(1);
    expect(count(requests, COUNTS)).toBe(1);

    // A new observer of the failed query (a component mounting again), a query never asked for
    // before, a refetch on reconnect, and a mutation: none reaches the network.
    await person.click(screen.getByRole('button', { name: 'toggle' }));
    await person.click(screen.getByRole('button', { name: 'toggle' }));
    render(
      <Providers>
        <Reader name="parameters" />
      </Providers>,
    );
    act(() => window.dispatchEvent(new Event('online')));
    await person.click(screen.getByRole('button', { name: /save/ }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.map((r) => r.url)).toEqual([`/lms${WIDGETS}`, `/lms${COUNTS}`]);
    expect(screen.getByText('parameters: pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'save: pending' })).toBeInTheDocument();
    expect(signals).toEqual([401]);
  });

  it('a status 0 (no answer) is not retried either, and holds the queries the same way', async () => {
    const requests = mockFetch({ [`/lms${WIDGETS}`]: new TypeError('Failed to fetch') });
    render(
      <Providers>
        <Reader name="widgets" />
      </Providers>,
    );
    expect(await screen.findByText('widgets: error')).toBeInTheDocument();
    expect(signals).toEqual([0]);
    expect(count(requests, WIDGETS)).toBe(1);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('Re-login (a logout) empties the cache and lets the next session fetch again', async () => {
    let status = 401;
    const requests = mockFetch({ [`/lms${WIDGETS}`]: () => ({ status, body: [] }) });
    const view = render(
      <Providers>
        <Reader name="widgets" />
      </Providers>,
    );
    expect(await screen.findByText('widgets: error')).toBeInTheDocument();
    view.unmount();
    act(() => clearSession());
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(onlineManager.isOnline()).toBe(true);

    status = 200;
    act(() => setSignedIn({ sessionID: 'session-2', lmsKey: 3, userKey: 42 } as UserDetails));
    render(
      <Providers>
        <Reader name="widgets" />
      </Providers>,
    );
    expect(await screen.findByText('widgets: success')).toBeInTheDocument();
    expect(count(requests, WIDGETS)).toBe(2);

    // The signal is armed again for the new session.
    status = 401;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(signals).toEqual([401, 401]));
  });
});

describe('course details with the Invalid Connection pop-up open', () => {
  it('asks for the student parameters once, not in a loop (the request storm)', async () => {
    const now = Date.now();
    const report = {
      progressReport: [
        curriculum('A320', [course('Systems', [topic('Doors', [lesson()])])], { now, key: 1 }),
      ],
      prerequisiteTypes: [],
      flaggedLeafAssignments: [],
    };
    const requests = mockFetch({
      '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false':
        { status: 200, body: report },
      [`/lms${PARAMETERS}`]: { status: 401 },
    });
    act(() => setState({ curriculumKey: 1 }));
    render(
      <Providers>
        <MemoryRouter initialEntries={['/assignments/course']}>
          <Routes>
            <Route path="*" element={<CourseDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText('Course: Systems')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(count(requests, PARAMETERS)).toBe(1);
    expect(signals).toEqual([401]);
    expect(screen.getByText('Course: Systems')).toBeInTheDocument();
  });
});
