import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import { setState } from '../../lib/store';
import {
  course,
  curriculum,
  lesson,
  PREREQUISITE_TYPES,
  topic,
} from '../../test/curricula-factories';
import { mockFetch } from '../../test/fetch-mock';
import { CourseDetailsPage } from './course-details-page';

const NOW = Date.now();
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';
const PARAMS = '/lms/api/LMSStudent/GetLMSStudentParameters/3/42';

const a320 = curriculum(
  'A320 Type Rating',
  [
    course('Systems', [
      topic('Doors', [lesson({ elementName: 'Doors Lesson', elementKey: 11 })]),
      topic('Hydraulics', [lesson({ elementName: 'Hydraulics Lesson', elementKey: 12 })]),
    ]),
    course(
      'Procedures',
      [topic('Flows', [lesson({ elementName: 'Flows Lesson', elementKey: 13 })])],
      {
        elementPrerequisite: 1,
      },
    ),
  ],
  { now: NOW, key: 1 },
);
const expired = curriculum('Winter Operations', [course('De-icing', [topic('T', [lesson()])])], {
  now: NOW,
  key: 2,
  startDaysAgo: 40,
  durationDays: 30,
});
const draft = curriculum(
  'A350',
  [course('Cockpit', [topic('T', [lesson()])], { elementDraft: 1 })],
  {
    now: NOW,
    key: 3,
  },
);

function setup(
  path: string,
  options: {
    rebrand?: number;
    curriculumKey?: number | null;
    replies?: Parameters<typeof mockFetch>[0];
  } = {},
) {
  const requests = mockFetch({
    [REPORT]: {
      status: 200,
      body: {
        progressReport: [a320, expired, draft],
        prerequisiteTypes: PREREQUISITE_TYPES,
        flaggedLeafAssignments: [],
      },
    },
    [PARAMS]: { status: 200, body: { allowExpiredAssignmentsToBeCompleted: 0 } },
    'POST /lms/api/studentlaunch/prelaunch/ignored/1/11/501/?force=false': {
      status: 403,
      body: { errorMessage: 'Lessons cannot be played on this server yet.' },
    },
    ...options.replies,
  });
  act(() =>
    setState({
      sessionId: 's',
      currentUser: { lmsKey: 3, userKey: 42 } as UserDetails,
      lmsInfo: {
        rebrand2021: options.rebrand ?? 0,
        enforceCurriculumPrerequisitesToggle: 1,
      } as LmsInfo,
      lmsInfoStatus: 'loaded',
      curriculumKey: options.curriculumKey === undefined ? 1 : options.curriculumKey,
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<CourseDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  act(() => setState({ sessionId: null, currentUser: null, lmsInfo: null, curriculumKey: null }));
});

describe('course details', () => {
  it("shows 'Curriculum: {name}', 'Open Lessons', '{n} Lessons' and 'Back to Assignments' under /assignments", async () => {
    setup('/assignments/course');
    expect(
      await screen.findByRole('heading', { name: 'Curriculum: A320 Type Rating' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('top-block')).toHaveTextContent('Open Lessons');
    expect(screen.getByTestId('top-block')).toHaveTextContent('3 Lessons');
    expect(screen.getByRole('link', { name: 'Back to Assignments' })).toHaveAttribute(
      'href',
      '/assignments',
    );
    expect(screen.getByText('Course: Systems')).toBeInTheDocument();
    expect(screen.getAllByText('(2 Lessons)').length).toBeGreaterThan(0);
  });

  it('has no breadcrumb under /dashboard; the rebrand shows "due date: count"', async () => {
    setup('/dashboard/course', { rebrand: 1 });
    expect(await screen.findByTestId('top-block')).toHaveTextContent('Open Lessons: 3 Lessons');
    expect(screen.queryByRole('link', { name: 'Back to Assignments' })).toBeNull();
  });

  it("shows the classic 'Expired Assignment' banner, not in the rebrand", async () => {
    setup('/assignments/course', { curriculumKey: 2 });
    expect(await screen.findByText('Expired Assignment')).toBeInTheDocument();
  });

  it('opening a topic closes its sibling; closed topics render no lessons', async () => {
    setup('/assignments/course');
    expect(await screen.findByText('Doors Lesson')).toBeInTheDocument();
    expect(screen.queryByText('Hydraulics Lesson')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Hydraulics/ }));
    expect(screen.getByText('Hydraulics Lesson')).toBeInTheDocument();
    expect(screen.queryByText('Doors Lesson')).toBeNull();
  });

  it('a locked course shows its message; clicking its lesson highlights the previous course', async () => {
    setup('/assignments/course');
    const locked = (await screen.findAllByTestId('course'))[1]!;
    expect(within(locked).getByTestId('course-lock')).toHaveTextContent(
      'Unlocks after completing: Systems',
    );
    fireEvent.click(within(locked).getByRole('button', { name: /Course: Procedures/ }));
    const previous = screen.getAllByTestId('course')[0]!;
    Element.prototype.scrollIntoView = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: /^Locked\./ }));
    await vi.waitFor(() => expect(previous).toHaveAttribute('data-highlighted', 'true'));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it("a launch shows the server's refusal in the 'Message' modal", async () => {
    const requests = setup('/assignments/course');
    fireEvent.click(await screen.findByRole('button', { name: 'Play Doors Lesson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(dialog).toHaveTextContent('Lessons cannot be played on this server yet.');
    expect(requests.some((r) => r.method === 'POST' && r.url.includes('/prelaunch/'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a launch the server allows posts the start-launch, then the launch form into the lesson window; closing it reloads progress fresh', async () => {
    const launchId = 'L'.repeat(43);
    const requests = setup('/assignments/course', {
      replies: {
        'POST /lms/api/studentlaunch/prelaunch/ignored/1/11/501/?force=false': {
          status: 200,
          body: { errorMessage: '' },
        },
        'POST /lms/api/studentlaunch/': { status: 200, body: launchId },
      },
    });
    const lessonWindow = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(lessonWindow as Window);
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Doors Lesson' }));
    await vi.waitFor(() => expect(submitted).toHaveLength(1));
    const start = requests.find((r) => r.url === '/lms/api/studentlaunch/');
    expect(JSON.parse(start?.body ?? '{}')).toEqual({
      curriculumKey: 1,
      elementKey: 11,
      assignmentKey: 501,
    });
    expect(open).toHaveBeenCalledWith('', 'waypoint_lesson');
    const form = submitted[0]!;
    expect(form.getAttribute('action')).toBe(`/lms/api/studentlaunch/launch/${launchId}`);
    expect(form.target).toBe('waypoint_lesson');
    expect((form.elements.namedItem('sessionID') as HTMLInputElement).value).toBe('s');
    expect(form.elements.namedItem('liveVerification')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const reports = () => requests.filter((r) => r.url === REPORT);
    const before = reports().length;
    lessonWindow.closed = true;
    await vi.waitFor(
      () => {
        const fresh = reports().slice(before);
        expect(fresh.some((r) => r.headers.get('cache-control') === 'no-cache')).toBe(true);
      },
      { timeout: 4000 },
    );
  });

  it('says so when the browser blocks the lesson window', async () => {
    setup('/assignments/course', {
      replies: {
        'POST /lms/api/studentlaunch/prelaunch/ignored/1/11/501/?force=false': {
          status: 200,
          body: { errorMessage: '' },
        },
        'POST /lms/api/studentlaunch/': { status: 200, body: 'x'.repeat(43) },
      },
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Play Doors Lesson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(dialog).toHaveTextContent('Your browser blocked the lesson window.');
  });

  it("a 500-lesson course renders only the open topic's lessons, and toggles", async () => {
    const topics = Array.from({ length: 50 }, (_, t) =>
      topic(
        `Topic ${t}`,
        Array.from({ length: 10 }, (_, l) => lesson({ elementName: `L${t}-${l}` })),
      ),
    );
    const big = curriculum('Big', [course('Huge', topics)], { now: NOW, key: 9 });
    mockFetch({
      [REPORT]: {
        status: 200,
        body: { progressReport: [big], prerequisiteTypes: [], flaggedLeafAssignments: [] },
      },
      [PARAMS]: { status: 200, body: { allowExpiredAssignmentsToBeCompleted: 0 } },
    });
    act(() =>
      setState({
        sessionId: 's',
        currentUser: { lmsKey: 3, userKey: 42 } as UserDetails,
        lmsInfo: {} as LmsInfo,
        lmsInfoStatus: 'loaded',
        curriculumKey: 9,
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/assignments/course']}>
          <CourseDetailsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('(500 Lessons)')).toBeInTheDocument();
    expect(screen.getAllByTestId('lesson-row')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: /Topic 49/ }));
    expect(screen.getAllByTestId('lesson-row')).toHaveLength(10);
    expect(screen.getByText('L49-9')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Course: Huge/ }));
    expect(screen.queryAllByTestId('lesson-row')).toHaveLength(0);
  });

  it('drafts show every draft curriculum, without course locks', async () => {
    setup('/drafts/course', { curriculumKey: null });
    expect(await screen.findByRole('button', { name: /Curriculum: A350/ })).toBeInTheDocument();
    expect(screen.queryByText(/Curriculum: A320/)).toBeNull();
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });
});
