import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgressElement as el } from '@waypoint/domain';
import {
  CONSOLE_SESSION_STORAGE_KEY,
  type PersonAttempts,
  type PersonDetails,
} from '@waypoint/domain/console-contract';
import type { LessonAttempt } from '@waypoint/domain/contract';
import { mockFetch } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const API = '/lms/api/console/people/5';

const person: PersonDetails = {
  userKey: 5,
  userID: 'sam',
  displayName: 'Sam Lee',
  givenName: 'Sam',
  familyName: 'Lee',
  email: 'sam@example.com',
  employeeId: 'E5',
  base: 'LHR',
  fleet: 'A320',
  position: 'FO',
  restrictionGroup: 'LHR',
  active: true,
  isStudent: true,
  isStaff: false,
  lastSignInAt: null,
  phone: '',
  mfaEnabled: false,
  hasPassword: true,
  lockedUntil: null,
  createdAt: Date.UTC(2026, 0, 1),
  staffRole: null,
  assignments: 1,
  openSessions: 0,
};

const lesson = (elementKey: number, elementName: string, attempts: number) =>
  el({
    elementType: 'lesson',
    elementKey,
    elementAssignmentKey: 30,
    elementName,
    elementAttempts: attempts,
  });

const report = {
  progressReport: [
    el({
      elementType: 'curriculum',
      elementKey: 1,
      elementAssignmentKey: 30,
      elementName: 'Cabin safety',
      elementChildren: [
        el({
          elementType: 'course',
          elementName: 'Doors',
          elementChildren: [
            el({
              elementType: 'topic',
              elementName: 'Slides',
              elementChildren: [lesson(11, 'Quiz', 2), lesson(12, 'Reading', 0)],
            }),
          ],
        }),
      ],
    }),
  ],
  prerequisiteTypes: [],
  flaggedLeafAssignments: [],
};

const attempt = (fields: Partial<LessonAttempt>): LessonAttempt => ({
  number: 1,
  source: 'player',
  startedInstant: Date.UTC(2026, 2, 1, 10),
  endedInstant: Date.UTC(2026, 2, 1, 10, 20),
  durationMs: 1_200_000,
  score: 0.4,
  completion: -3,
  credit: -1,
  flaggedOffline: false,
  reason: '',
  corrects: 0,
  ...fields,
});

const attempts: PersonAttempts = {
  lessons: [
    {
      assignmentKey: 30,
      lessonKey: 11,
      attempts: [
        attempt({}),
        attempt({
          number: 2,
          source: 'correction',
          score: 0.85,
          completion: 1,
          credit: 1,
          reason: 'Paper exam marked by the examiner',
          corrects: 1,
        }),
      ],
    },
  ],
};

function signedInAs(role: 'administrator' | 'auditor') {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [`GET ${API}`]: { status: 200, body: person },
    [`GET ${API}/record`]: { status: 200, body: { displayName: 'Sam Lee', report } },
    [`GET ${API}/attempts`]: { status: 200, body: attempts },
    [`POST ${API}/corrections`]: { status: 200, body: attempts.lessons[0] },
  });
}

describe("a person's record: attempts and corrections (console)", () => {
  it("lists a lesson's attempts, a correction with its reason", async () => {
    signedInAs('auditor');
    renderConsole('/people/5/record');
    const summary = await screen.findByText('Attempts (2)', undefined, LAZY_PAGE);
    await userEvent.setup().click(summary);
    const table = screen.getByRole('table', { name: 'Attempts of Quiz' });
    const rows = within(table).getAllByTestId('attempt-row');
    expect(rows[0]).toHaveTextContent('40%');
    expect(rows[0]).toHaveTextContent('Not complete (failed)');
    expect(rows[1]).toHaveTextContent('85%');
    expect(rows[1]).toHaveTextContent('Correction of attempt 1');
    expect(rows[1]).toHaveTextContent('Reason: Paper exam marked by the examiner');
    // An auditor corrects nothing; a lesson without attempts has no row for them.
    expect(screen.queryByRole('button', { name: /Correct result/ })).toBeNull();
    expect(screen.getAllByTestId('record-attempts')).toHaveLength(1);
  });

  it('corrects a result with a reason of 10 characters or more; a shorter one is refused before sending', async () => {
    const requests = signedInAs('administrator');
    renderConsole('/people/5/record');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Correct result of Reading' }, LAZY_PAGE),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Complete, failed' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Score (%)' }), '55');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Record correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A correction needs a reason.',
    );
    const posts = () => requests.filter((request) => request.method === 'POST');
    expect(posts()).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' - marked on paper');
    await user.click(within(dialog).getByRole('button', { name: 'Record correction' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]!.body!)).toEqual({
      assignmentKey: 30,
      lessonKey: 12,
      result: 'failed',
      scorePercent: 55,
      reason: 'Too short - marked on paper',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
