import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { completionReportRows } from '@waypoint/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../api';
import type { LessonAttempt } from '../../api/reports';
import { getState, setState } from '../../lib/store';
import { course, curriculum, lesson, topic } from '../../test/curricula-factories';
import { mockFetch } from '../../test/fetch-mock';
import { ReportPage } from './report-page';

const now = Date.now();
const HOUR = 3_600_000;
const ROWS = '/lms/api/reports/3/user/42/curriculum/0/COURSE_COMPLETION?aggregationKeys=';
const TREES =
  '/lms/api/progressreport/CompletionwithPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';
const ORGANIZATION = '/lms/api/user/3/user/42/organization';
const EVALUATIONS = '/lms/api/evaluation/student_evaluations/3/42/report';

function trees() {
  const open = curriculum(
    'A320 Type Rating',
    [
      course('Systems', [
        topic('Hydraulics', [
          lesson({
            elementName: 'Pumps',
            elementAttempts: 1,
            elementLastLaunchedInstant: now - HOUR,
            elementTotalTime: 600_000,
          }),
          lesson({
            elementName: 'Overview (Browse)',
            elementPlayMode: 2,
            elementAttempts: 2,
            elementLastLaunchedInstant: now - 2 * HOUR,
          }),
        ]),
      ]),
    ],
    { now, key: 1 },
  );
  const done = curriculum(
    'Dangerous Goods',
    [
      course('Category 10', [
        topic('Classes', [
          lesson({
            elementName: 'Final Exam',
            player: 'Exam',
            elementScoreWeight: 1,
            elementAttempts: 1,
            elementCompletion: 1,
            elementScore: 0.92,
            elementCompletionInstant: now - 3 * HOUR,
            elementLastLaunchedInstant: now - 4 * HOUR,
            elementTotalTime: 1_800_000,
          }),
        ]),
      ]),
    ],
    { now, key: 2, elementCompletion: 1 },
  );
  const draft = curriculum(
    'A350 Differences',
    [
      course('Draft', [topic('T', [lesson({ elementAttempts: 1, elementName: 'Secret' })])], {
        elementDraft: 1,
      }),
    ],
    { now, key: 3 },
  );
  return [open, done, draft];
}

// The exam's attempts: a failed one, an offline pass, and a staff correction with its reason.
const attempt = (fields: Partial<LessonAttempt>): LessonAttempt => ({
  number: 1,
  source: 'player',
  startedInstant: now - 30 * HOUR,
  endedInstant: now - 29 * HOUR,
  durationMs: 1_200_000,
  score: 0.4,
  completion: -3,
  credit: -1,
  flaggedOffline: false,
  reason: '',
  corrects: 0,
  ...fields,
});
const EXAM_ATTEMPTS = [
  attempt({}),
  attempt({ number: 2, score: 0.92, completion: 1, credit: 1, flaggedOffline: true }),
  attempt({
    number: 3,
    source: 'correction',
    score: null,
    completion: 1,
    credit: 1,
    endedInstant: 0,
    durationMs: 0,
    reason: 'Paper exam marked by the examiner',
    corrects: 2,
  }),
];

function setup(
  evaluations: unknown[] = [
    { name: 'Course Feedback: Dangerous Goods', halfLink: '/evaluation/9' },
  ],
) {
  const curricula = trees();
  const exam = curricula[1]!.elementChildren[0]!.elementChildren[0]!.elementChildren[0]!;
  mockFetch({
    [ROWS]: {
      status: 200,
      body: completionReportRows(curricula, [
        { assignmentKey: exam.elementAssignmentKey, leafKey: exam.elementKey },
      ]),
    },
    [TREES]: {
      status: 200,
      body: { progressReport: curricula, prerequisiteTypes: [], flaggedLeafAssignments: [] },
    },
    [ORGANIZATION]: {
      status: 200,
      body: {
        lmsKey: 3,
        lmsName: 'Demo',
        lmsDisplayName: 'Demo',
        logoURL: '',
        userKey: 42,
        userID: 'sam',
        nameCollated: 'Morgan',
        nameOther: 'Sam',
        displayName: 'Sam Morgan',
        email: '',
        employeeID: 'E9',
        base: 'Oslo',
        fleet: 'A320',
        position: 'Captain',
      },
    },
    [EVALUATIONS]: { status: 200, body: evaluations },
    [`/lms/api/progressreport/attempts/3/42/${exam.elementAssignmentKey}/${exam.elementKey}`]: {
      status: 200,
      body: EXAM_ATTEMPTS,
    },
  });
  act(() =>
    setState({
      sessionId: 's',
      currentUser: { lmsKey: 3, userKey: 42 } as UserDetails,
      settingsMenuOpen: true,
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/report']}>
        <ReportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setState({ sessionId: null, currentUser: null, settingsMenuOpen: false }));
});

describe('Completion Report page (§2)', () => {
  it('shows the loading screen, then the Most Recent rows with their status rules', async () => {
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const table = await screen.findByTestId('most-recent');
    const rows = within(table).getAllByTestId('most-recent-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Pumps',
      'Overview (Browse)',
      'Final Exam',
    ]);
    const status = (index: number) => within(rows[index]!).getByTestId('lesson-status');
    expect(status(0)).toHaveTextContent('Incomplete');
    expect(status(0).className).toMatch(/statusIncomplete/);
    expect(status(1)).toHaveTextContent('-');
    expect(status(2)).toHaveTextContent('Complete');
    // One score format whatever the weight (formatScorePercent, ADR 0010 Scores): 92%, not 0.92.
    expect(rows[2]).toHaveTextContent('92%');
    expect(rows[2]).toHaveTextContent('0:30:00');
    expect(within(rows[2]!).getByTestId('offline-completion')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('Secret');
    expect(screen.getByTestId('student-card')).toHaveTextContent('Sam Morgan');
    expect(screen.getByTestId('student-card')).toHaveTextContent('Captain');
  });

  it('lists evaluations with their OPEN link, only when there is one', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'OPEN Course Feedback: Dangerous Goods' });
    expect(link).toHaveAttribute('href', '/lms/evaluation/9');
  });

  it('hides the evaluations table when there is none', async () => {
    setup([]);
    await screen.findByTestId('most-recent');
    expect(screen.queryByTestId('evaluations')).toBeNull();
  });

  it('opens one section at a time; both start collapsed; a click closes the settings menu', async () => {
    setup();
    const openButton = await screen.findByRole('button', { name: /^Open Curriculum/ });
    const closedButton = screen.getByRole('button', { name: /^Closed Curriculum/ });
    expect(openButton).toHaveAttribute('aria-expanded', 'false');
    expect(closedButton).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(openButton);
    expect(openButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('open-curriculum')).toHaveTextContent('A320 Type Rating');
    fireEvent.click(closedButton);
    expect(openButton).toHaveAttribute('aria-expanded', 'false');
    expect(closedButton).toHaveAttribute('aria-expanded', 'true');
    const closed = screen.getByTestId('closed-curriculum');
    fireEvent.click(within(closed).getByRole('button', { name: /^Dangerous Goods/ }));
    fireEvent.click(within(closed).getByRole('button', { name: /^Category 10/ }));
    expect(within(closed).getByTestId('tree-lesson')).toHaveTextContent('Final Exam');
    expect(within(closed).getByTestId('tree-lesson')).toHaveTextContent('Complete');
    expect(screen.getByTestId('open-curriculum')).not.toHaveTextContent('A350');
    expect(getState().settingsMenuOpen).toBe(false);
  });

  it('offers the training record downloads', async () => {
    setup();
    await screen.findByTestId('most-recent');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/lms/api/reports/3/user/42/TRAINING_RECORD/csv',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/lms/api/reports/3/user/42/TRAINING_RECORD/pdf',
    );
  });

  it("lists a lesson's attempts when its 'Attempts (n)' row is opened, loading them only then", async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: /^Closed Curriculum/ }));
    const closed = screen.getByTestId('closed-curriculum');
    fireEvent.click(within(closed).getByRole('button', { name: /^Dangerous Goods/ }));
    fireEvent.click(within(closed).getByRole('button', { name: /^Category 10/ }));
    const toggle = within(closed).getByRole('button', { name: 'Attempts (1) of Final Exam' });
    const calls = () =>
      vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/attempts/')).length;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls()).toBe(0);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = await within(closed).findAllByTestId('lesson-attempt');
    expect(calls()).toBe(1);
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(rows).toHaveLength(3);
    expect(cells(0).slice(2)).toEqual(['0:20:00', '40%', 'Not complete (failed)', 'Failed', '']);
    expect(cells(1).slice(3)).toEqual(['92%', 'Complete', 'Passed', 'Offline']);
    expect(cells(2)[1]).toBe('In progress');
    expect(cells(2).slice(2)).toEqual([
      '-',
      '-',
      'Complete',
      'Passed',
      'Corrected: Paper exam marked by the examiner',
    ]);
    // Lessons never attempted have no attempts row.
    fireEvent.click(screen.getByRole('button', { name: /^Open Curriculum/ }));
    expect(screen.queryByRole('button', { name: /Attempts \(0\)/ })).toBeNull();
  });
});
