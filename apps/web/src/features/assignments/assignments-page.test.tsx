import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import { getState, setState } from '../../lib/store';
import { course, curriculum, lesson, topic } from '../../test/curricula-factories';
import { mockFetch } from '../../test/fetch-mock';
import { AssignmentsPage } from './assignments-page';

const NOW = Date.now();
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';
const one = () => [course('C', [topic('T', [lesson()])])];

const LINKS = '/lms/api/AppDownload/GetLinks/';

function setup(
  reply: { status: number; body?: unknown },
  lmsInfo: Partial<LmsInfo> = {},
  links: unknown[] = [],
) {
  mockFetch({ [REPORT]: reply, [LINKS]: { status: 200, body: links } });
  act(() =>
    setState({
      sessionId: 's',
      currentUser: { lmsKey: 3, userKey: 42 } as UserDetails,
      lmsInfo: lmsInfo as LmsInfo,
      lmsInfoStatus: 'loaded',
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/assignments']}>
        <Routes>
          <Route path="/assignments" element={<AssignmentsPage />} />
          <Route path="/assignments/course" element={<p>course details</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setState({ sessionId: null, currentUser: null, lmsInfo: null, curriculumKey: null }));
});

describe('assignments', () => {
  const report = {
    progressReport: [
      curriculum('Due Soon', one(), { now: NOW, key: 1, startDaysAgo: 60, durationDays: 80 }),
      curriculum('Brand New', one(), { now: NOW, key: 2, startDaysAgo: 3, durationDays: 365 }),
      curriculum('Expired Lately', one(), { now: NOW, key: 3, startDaysAgo: 60, durationDays: 30 }),
      curriculum('Expired Long Ago', one(), {
        now: NOW,
        key: 4,
        startDaysAgo: 400,
        durationDays: 30,
      }),
      curriculum('Draft', [course('D', [topic('T', [lesson()])], { elementDraft: 1 })], {
        now: NOW,
        key: 5,
      }),
    ],
    prerequisiteTypes: [],
    flaggedLeafAssignments: [],
  };

  it("shows the three blocks and 'Items in Curriculum {count}' per tab", async () => {
    setup({ status: 200, body: report });
    expect(
      await screen.findByRole('heading', { name: 'Items in Curriculum 2' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Upcoming Due Dates' })).toHaveTextContent(
      'Due Soon',
    );
    expect(screen.getByRole('region', { name: 'New Assignments' })).toHaveTextContent('Brand New');
    expect(screen.queryByText('Draft')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Expired Assignments/ }));
    expect(screen.getByRole('heading', { name: 'Items in Curriculum 1' })).toBeInTheDocument();
    expect(screen.getByTestId('curriculum-card')).toHaveTextContent('Expired Lately');
    expect(screen.getByTestId('due-label')).toHaveTextContent(/^Over \d{4}\/\d{2}\/\d{2}$/);
  });

  it('selecting a card stores the curriculum and opens assignments/course', async () => {
    setup({ status: 200, body: report });
    const card = (await screen.findAllByTestId('curriculum-card')).find((c) =>
      c.textContent?.includes('Brand New'),
    )!;
    expect(card).toHaveTextContent(/Due \d{4}\/\d{2}\/\d{2}/);
    fireEvent.click(card);
    expect(await screen.findByText('course details')).toBeInTheDocument();
    expect(getState().curriculumKey).toBe(2);
  });

  it("shows 'Nothing to report.' for a 404 and 'Incorrect login.' for another 4xx", async () => {
    setup({ status: 404, body: { message: 'Nothing to report.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing to report.');
  });

  it("shows 'Incorrect login.' for a 403", async () => {
    setup({ status: 403, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login.');
  });
});

describe('app-download prompt (§2 Dashboard; shown on Assignments, ADR 0010)', () => {
  const body = { progressReport: [], prerequisiteTypes: [], flaggedLeafAssignments: [] };
  const links = [
    { label: 'Windows', link: 'https://downloads.test/setup.exe', willRender: true },
    { label: 'Apple', link: 'https://apps.test/waypoint', willRender: false },
  ];

  it.each([[{}], [{ showDashboard: 0 }], [{ showDashboard: -1 }]])(
    'shows when the dashboard flag is absent or 0 or less (%o)',
    async (lmsInfo) => {
      setup({ status: 200, body }, lmsInfo, links);
      const prompt = await screen.findByTestId('app-download-prompt');
      expect(prompt).toHaveTextContent('Windows');
      expect(prompt).not.toHaveTextContent('Apple');
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByTestId('app-download-prompt')).toBeNull();
    },
  );

  it('does not show when the LMS has a dashboard', async () => {
    setup({ status: 200, body }, { showDashboard: 1 }, links);
    expect(await screen.findByRole('heading', { name: 'Assignments' })).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('app-download-prompt')).toBeNull();
  });
});
