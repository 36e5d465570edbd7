import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProgressElement } from '@waypoint/domain';
import {
  course,
  curriculum,
  lesson,
  PREREQUISITE_TYPES,
  topic,
} from '../../test/curricula-factories';
import { buildCurriculumView, type LessonView, type ModelContext } from './course-details-model';
import { LessonRow } from './lesson-row';

const NOW = new Date(2026, 10, 22, 12).getTime();
const context: ModelContext = {
  nowMs: NOW,
  prerequisiteTypes: PREREQUISITE_TYPES,
  flaggedLeafAssignments: [],
  enforceCurriculumPrerequisitesToggle: 1,
  allowExpiredAssignmentsToBeCompleted: 0,
};

/** Every lesson view of a curriculum, by name. */
function views(tree: ProgressElement): Map<string, LessonView> {
  const view = buildCurriculumView(tree, 0, context);
  const lessons = view.courses.flatMap((c) => c.topics.flatMap((t) => t.lessons));
  return new Map(lessons.map((l) => [l.name, l]));
}

function renderRow(view: LessonView, lockMessage: string | null = null) {
  render(
    <ul>
      <LessonRow
        view={view}
        lockMessage={lockMessage}
        onLaunch={() => {}}
        onLockedClick={() => {}}
      />
    </ul>,
  );
  return screen.getByTestId('lesson-row');
}

const used = { elementMaxAttempts: 2, elementAttempts: 2, elementCompletion: -3 };
const tree = curriculum(
  'C',
  [
    course('First', [
      topic('A', [
        lesson({ elementName: 'Plays' }),
        lesson({ elementName: 'Nothing to play', elementSCOKey: -1 }),
        lesson({ elementName: 'Browse without content', elementSCOKey: -1, elementPlayMode: 2 }),
        lesson({ elementName: 'Used up', ...used }),
        lesson({ elementName: 'Used up, suspended', ...used, elementSuspendData: '{"q":3}' }),
      ]),
      topic('B', [lesson({ elementName: 'Waits for A', elementPrerequisite: 1 })]),
    ]),
    course('Second', [topic('T', [lesson({ elementName: 'Course locked' })])], {
      elementPrerequisite: 1,
    }),
  ],
  { now: NOW },
);

describe('lesson row: a play button, or why not in words (§2 Course details, §4; ADR 0010)', () => {
  const rows = views(tree);

  it('a launchable lesson has a play button and no reason', () => {
    const row = renderRow(rows.get('Plays')!);
    expect(within(row).getByRole('button', { name: 'Play Plays' })).toBeVisible();
    expect(within(row).queryByTestId('launch-blocked')).toBeNull();
  });

  it.each([
    ['Nothing to play', 'No content yet'],
    ['Browse without content', 'No content yet'],
    ['Waits for A', 'Complete the prerequisites first'],
  ])('%s: no play button; the row says "%s"', (name, reason) => {
    const row = renderRow(rows.get(name)!);
    expect(within(row).queryByRole('button', { name: `Play ${name}` })).toBeNull();
    expect(within(row).getByTestId('launch-blocked')).toHaveTextContent(reason);
    expect(within(row).getByTestId('launch-blocked')).toBeVisible();
  });

  it("attempts used up with nothing to resume: §8 'No attempts left' is the reason, said once", () => {
    const row = renderRow(rows.get('Used up')!);
    expect(within(row).queryByRole('button', { name: 'Play Used up' })).toBeNull();
    expect(within(row).getByTestId('launch-blocked')).toHaveTextContent(/^No attempts left$/);
    expect(within(row).getAllByText('No attempts left')).toHaveLength(1);
  });

  it('attempts used up but something kept to resume: the play button stays, the server judges', () => {
    const row = renderRow(rows.get('Used up, suspended')!);
    expect(within(row).getByRole('button', { name: 'Play Used up, suspended' })).toBeVisible();
    expect(within(row).queryByTestId('launch-blocked')).toBeNull();
  });

  it("a course-locked lesson keeps its lock button and says §4's lock message", () => {
    const row = renderRow(rows.get('Course locked')!, 'Unlocks after completing: First');
    expect(within(row).getByRole('button', { name: /^Locked\./ })).toBeVisible();
    expect(within(row).getByTestId('launch-blocked')).toHaveTextContent(
      'Unlocks after completing: First',
    );
  });

  it('an expired assignment says so on every row', () => {
    const old = curriculum('Old', [course('X', [topic('T', [lesson({ elementName: 'Late' })])])], {
      now: NOW,
      startDaysAgo: 40,
      durationDays: 30,
    });
    const row = renderRow(views(old).get('Late')!);
    expect(within(row).queryByRole('button', { name: 'Play Late' })).toBeNull();
    expect(within(row).getByTestId('launch-blocked')).toHaveTextContent('Assignment expired');
  });
});
