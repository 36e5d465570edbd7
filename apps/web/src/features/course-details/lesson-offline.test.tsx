import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import { resetBridgesForTests } from '../../components/offline-lessons/bridge-client';
import {
  rememberContentOrigin,
  resetContentOriginForTests,
} from '../../components/offline-lessons/content-origin';
import { NEEDS_CONNECTION } from '../../components/offline-lessons/offline-format';
import { resetSyncNoticesForTests } from '../../components/offline-lessons/offline-sync';
import { resetOfflineTasksForTests } from '../../components/offline-lessons/offline-tasks';
import type { BridgeMessage, StoredLesson } from '../../offline/bridge-protocol';
import { setState } from '../../lib/store';
import { course, curriculum, lesson, topic } from '../../test/curricula-factories';
import { fakeBridge, type FakeBridge } from '../../test/fake-bridge';
import { mockFetch } from '../../test/fetch-mock';
import { OfflineSyncNotices } from '../../components/offline-lessons/offline-sync-notices';
import { CourseDetailsPage } from './course-details-page';

const ORIGIN = 'http://127.0.0.1:4173';
const GRANT_ID = 'G'.repeat(43);
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';
const PARAMS = '/lms/api/LMSStudent/GetLMSStudentParameters/3/42';
const GRANTS = '/lms/api/offline/3/42/lessons';

const tree = curriculum(
  'A320 Type Rating',
  [
    course('Systems', [
      topic('Doors', [
        lesson({ elementName: 'Doors Lesson', elementKey: 11 }),
        lesson({ elementName: 'Doors Browse', elementKey: 12, elementPlayMode: 2 }),
        lesson({ elementName: 'Doors Quiz', elementKey: 13 }),
      ]),
    ]),
  ],
  { now: Date.now(), key: 1 },
);

const stored = (overrides: Partial<StoredLesson> = {}): StoredLesson => ({
  grantId: GRANT_ID,
  lessonKey: 11,
  lessonName: 'Doors Lesson',
  courseName: 'Systems',
  expiresInstant: Date.now() + 86_400_000,
  bytes: 12_000_000,
  storedInstant: Date.now(),
  pendingCommits: 0,
  syncedInstant: 0,
  notices: [],
  ...overrides,
});

let bridge: FakeBridge | null = null;

afterEach(() => {
  bridge?.stop();
  bridge = null;
  resetBridgesForTests();
  resetContentOriginForTests();
  resetOfflineTasksForTests();
  resetSyncNoticesForTests();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function setup(options: {
  online: boolean;
  lessons: StoredLesson[];
  replies?: Parameters<typeof mockFetch>[0];
  answer?: (
    request: Parameters<Parameters<typeof fakeBridge>[1]>[0],
  ) => BridgeMessage[] | undefined;
}) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(options.online);
  resetContentOriginForTests();
  if (options.lessons.length > 0) await rememberContentOrigin(`${ORIGIN}/player/offline#x.y`);
  bridge = fakeBridge(ORIGIN, (request) => {
    const answered = options.answer?.(request);
    if (answered) return answered;
    if (request.type === 'list')
      return [{ type: 'list', id: request.id, lessons: options.lessons }];
    if (request.type === 'sync') {
      return [{ type: 'synced', id: request.id, lessons: options.lessons, notices: [] }];
    }
    return undefined;
  });
  const requests = mockFetch({
    [REPORT]: {
      status: 200,
      body: { progressReport: [tree], prerequisiteTypes: [], flaggedLeafAssignments: [] },
    },
    [PARAMS]: { status: 200, body: { allowExpiredAssignmentsToBeCompleted: 0 } },
    ...options.replies,
  });
  act(() =>
    setState({
      sessionId: 's',
      currentUser: { lmsKey: 3, userKey: 42 } as UserDetails,
      lmsInfo: { enforceCurriculumPrerequisitesToggle: 1 } as LmsInfo,
      lmsInfoStatus: 'loaded',
      curriculumKey: 1,
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/assignments/course']}>
        {/* The signed-in layout mounts the sync and its notices above every page. */}
        <OfflineSyncNotices />
        <CourseDetailsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

const row = async (name: string) =>
  (await screen.findAllByTestId('lesson-row')).find((r) => r.dataset.lesson === name)!;

describe('offline lessons on course details (docs/decisions/0024)', () => {
  it('offline, a stored lesson plays from the content origin in the lesson window', async () => {
    const requests = await setup({ online: false, lessons: [stored()] });
    const doors = await row('Doors Lesson');
    expect(await within(doors).findByText('Available offline · 12 MB')).toBeInTheDocument();
    const open = vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    fireEvent.click(within(doors).getByRole('button', { name: 'Play Doors Lesson' }));
    expect(open).toHaveBeenCalledWith(
      `${ORIGIN}/player/offline/play#${GRANT_ID}`,
      'waypoint_lesson',
    );
    expect(requests.some((r) => r.url.includes('/studentlaunch/'))).toBe(false);
  });

  it('offline, a lesson not stored says it needs a connection', async () => {
    const requests = await setup({ online: false, lessons: [stored()] });
    const quiz = await row('Doors Quiz');
    const open = vi.spyOn(window, 'open');
    fireEvent.click(within(quiz).getByRole('button', { name: 'Play Doors Quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(dialog).toHaveTextContent(NEEDS_CONNECTION);
    expect(open).not.toHaveBeenCalled();
    expect(requests.some((r) => r.url.includes('/studentlaunch/'))).toBe(false);
    // Offline nothing new can be made available: that needs the server's grant.
    expect(screen.queryByRole('button', { name: /available offline/ })).toBeNull();
  });

  it('online, a stored lesson still plays through the launch flow', async () => {
    const requests = await setup({
      online: true,
      lessons: [stored()],
      replies: {
        'POST /lms/api/studentlaunch/prelaunch/ignored/1/11/501/?force=false': {
          status: 403,
          body: { errorMessage: 'Not now.' },
        },
      },
    });
    const doors = await row('Doors Lesson');
    await within(doors).findByText('Available offline · 12 MB');
    fireEvent.click(within(doors).getByRole('button', { name: 'Play Doors Lesson' }));
    expect(await screen.findByRole('dialog', { name: 'Message' })).toHaveTextContent('Not now.');
    expect(requests.some((r) => r.url.includes('/prelaunch/'))).toBe(true);
  });

  it('makes a lesson available: the grant, then the bytes stored, then its size; not for Browse', async () => {
    let storeId = '';
    const requests = await setup({
      online: true,
      lessons: [],
      replies: {
        [`POST ${GRANTS}`]: {
          status: 200,
          body: {
            grantId: GRANT_ID,
            curriculumKey: 1,
            assignmentKey: 501,
            lessonKey: 13,
            lessonName: 'Doors Quiz',
            createdInstant: 0,
            expiresInstant: 0,
            token: 'secret-token',
            storeUrl: `${ORIGIN}/player/offline#${GRANT_ID}.secret-token`,
          },
        },
      },
      answer: (request) => {
        if (request.type !== 'store') return undefined;
        storeId = request.id;
        return [
          {
            type: 'progress',
            id: request.id,
            grantId: GRANT_ID,
            loadedBytes: 3_200_000,
            totalBytes: 12_000_000,
          },
        ];
      },
    });
    const browse = await row('Doors Browse');
    expect(within(browse).queryByTestId('offline-control')).toBeNull();
    const quiz = await row('Doors Quiz');
    fireEvent.click(
      within(quiz).getByRole('button', { name: 'Make Doors Quiz available offline' }),
    );
    expect(await within(quiz).findByText('Storing offline · 3.2 MB of 12 MB')).toBeInTheDocument();
    const grant = requests.find((r) => r.method === 'POST' && r.url === GRANTS);
    expect(JSON.parse(grant?.body ?? '{}')).toEqual({
      curriculumKey: 1,
      assignmentKey: 501,
      lessonKey: 13,
    });
    expect(bridge?.requests.find((r) => r.type === 'store')).toMatchObject({
      grantId: GRANT_ID,
      token: 'secret-token',
      owner: '3:42',
    });
    act(() =>
      bridge?.post({
        type: 'stored',
        id: storeId,
        lesson: stored({ lessonKey: 13, lessonName: 'Doors Quiz' }),
      }),
    );
    expect(await within(quiz).findByText('Available offline · 12 MB')).toBeInTheDocument();
    expect(screen.getByTestId('offline-all')).toHaveTextContent(
      '1 of 2 lessons available offline on this device',
    );
  });

  it("a grant the launch rules refuse shows the server's message", async () => {
    await setup({
      online: true,
      lessons: [],
      replies: {
        [`POST ${GRANTS}`]: { status: 403, body: { message: 'No attempts left for Doors Quiz.' } },
      },
    });
    const quiz = await row('Doors Quiz');
    fireEvent.click(
      within(quiz).getByRole('button', { name: 'Make Doors Quiz available offline' }),
    );
    expect(await within(quiz).findByRole('alert')).toHaveTextContent(
      'No attempts left for Doors Quiz.',
    );
    expect(bridge?.requests.some((r) => r.type === 'store')).toBe(false);
  });

  it('a remove the bridge refuses (progress not synced) shows its message and keeps the lesson', async () => {
    const message = 'Doors Lesson has progress not yet synced. Go online to sync it first.';
    const requests = await setup({
      online: false,
      lessons: [stored({ pendingCommits: 2 })],
      answer: (request) =>
        request.type === 'remove' ? [{ type: 'error', id: request.id, message }] : undefined,
    });
    const doors = await row('Doors Lesson');
    await within(doors).findByText('Available offline · 12 MB');
    fireEvent.click(
      within(doors).getByRole('button', { name: 'Remove Doors Lesson from this device' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from this device' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(doors).findByRole('alert')).toHaveTextContent(message);
    expect(within(doors).getByText('Available offline · 12 MB')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('a removed lesson is removed from the device, then from the server', async () => {
    const requests = await setup({
      online: true,
      lessons: [stored()],
      replies: { [`DELETE ${GRANTS}/${GRANT_ID}`]: { status: 200, body: { removed: true } } },
      answer: (request) =>
        request.type === 'remove'
          ? [{ type: 'removed', id: request.id, grantId: request.grantId }]
          : undefined,
    });
    const doors = await row('Doors Lesson');
    await within(doors).findByText('Available offline · 12 MB');
    fireEvent.click(
      within(doors).getByRole('button', { name: 'Remove Doors Lesson from this device' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(
      await within(doors).findByRole('button', { name: 'Make Doors Lesson available offline' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('starting online syncs the device and shows what the sync found, until dismissed', async () => {
    const notice = {
      kind: 'refused' as const,
      lessonName: 'Doors Lesson',
      message: 'The assignment expired before this progress reached the server.',
    };
    await setup({
      online: true,
      lessons: [stored()],
      answer: (request) =>
        request.type === 'sync'
          ? [{ type: 'synced', id: request.id, lessons: [stored()], notices: [notice] }]
          : undefined,
    });
    const region = await screen.findByRole('region', { name: 'While you were offline' });
    expect(region).toHaveTextContent(`Not recorded · Doors Lesson: ${notice.message}`);
    expect(bridge?.requests.find((r) => r.type === 'sync')).toMatchObject({ owner: '3:42' });
    fireEvent.click(within(region).getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByRole('region', { name: 'While you were offline' })).toBeNull();
  });

  it('shows what a sync the content service worker ran by itself left with the lessons', async () => {
    const notice = {
      kind: 'clock-ahead' as const,
      lessonName: 'Doors Lesson',
      message: 'The completion date was adjusted to when it was synced.',
    };
    await setup({ online: true, lessons: [stored({ notices: [notice] })] });
    const region = await screen.findByRole('region', { name: 'While you were offline' });
    expect(region).toHaveTextContent(`Completion date adjusted · Doors Lesson: ${notice.message}`);
  });
});
