import { describe, expect, it } from 'vitest';
import {
  course,
  curriculum,
  lesson,
  PREREQUISITE_TYPES,
  topic,
} from '../../test/curricula-factories';
import {
  buildCurriculumView,
  curriculumDueText,
  requires100,
  type ModelContext,
} from './course-details-model';

const NOW = new Date(2026, 10, 22, 12).getTime();
const context: ModelContext = {
  nowMs: NOW,
  prerequisiteTypes: PREREQUISITE_TYPES,
  flaggedLeafAssignments: [],
  enforceCurriculumPrerequisitesToggle: 1,
  allowExpiredAssignmentsToBeCompleted: 0,
};

const done = () => lesson({ elementCompletion: 1, elementAttempts: 1 });

describe('course details model (§2 Course details, §4)', () => {
  it("'Unlocks after completing: {previous course}' plus ' and Previous' for all-previous", () => {
    const c = curriculum(
      'C',
      [
        course('First', [topic('T', [lesson()])]),
        course('Second', [topic('T', [lesson()])], { elementPrerequisite: 1 }),
        course('Third', [topic('T', [lesson()])], { elementPrerequisite: 2 }),
      ],
      { now: NOW },
    );
    const view = buildCurriculumView(c, 0, context);
    expect(view.courses.map((x) => x.lockMessage)).toEqual([
      null,
      'Unlocks after completing: First',
      'Unlocks after completing: Second and Previous',
    ]);
    expect(view.courses[1]!.previousCourseId).toBe(view.courses[0]!.id);
    expect(view.courses[1]!.topics[0]!.lessons[0]!.launchable).toBe(false);
  });

  it('names a recurrent course with the period it covers (§4 Drafts and lists)', () => {
    const c = curriculum(
      'C',
      [
        course('2026-01-01 Recurrent 2026-12-31', [topic('T', [lesson()])]),
        course('Line Checks', [topic('T', [lesson()])], { elementPrerequisite: 1 }),
      ],
      { now: NOW },
    );
    const view = buildCurriculumView(c, 0, context);
    expect(view.courses.map((x) => x.name)).toEqual([
      'Recurrent (2026/01/01 to 2026/12/31)',
      'Line Checks',
    ]);
    expect(view.courses[1]!.lockMessage).toBe(
      'Unlocks after completing: Recurrent (2026/01/01 to 2026/12/31)',
    );
  });

  it('ignores course prerequisites for drafts and when the LMS toggle is 0 or less', () => {
    const c = curriculum(
      'C',
      [
        course('First', [topic('T', [lesson()])]),
        course('Second', [topic('T', [lesson()])], { elementPrerequisite: 1 }),
      ],
      { now: NOW },
    );
    // A curriculum holding drafts shows in the Drafts preview, where no course is locked.
    const withDraft = curriculum(
      'C',
      [
        course('First', [topic('T', [lesson()])]),
        course('Second', [topic('T', [lesson()])], { elementPrerequisite: 1, elementDraft: 1 }),
      ],
      { now: NOW },
    );
    expect(buildCurriculumView(withDraft, 0, context).courses[1]!.lockMessage).toBeNull();
    expect(
      buildCurriculumView(c, 0, { ...context, enforceCurriculumPrerequisitesToggle: 0 }).courses[1]!
        .lockMessage,
    ).toBeNull();
  });

  it("names the missing chapters under 'Prerequisites' ('Chapter' for an empty name), not in play mode 2", () => {
    const c = curriculum(
      'C',
      [
        course('Only', [
          topic('', [lesson()]),
          topic('Second', [lesson()]),
          topic('Third', [lesson(), lesson({ elementPlayMode: 2 })], { elementPrerequisite: 2 }),
        ]),
      ],
      { now: NOW },
    );
    const topics = buildCurriculumView(c, 0, context).courses[0]!.topics;
    expect(topics[0]!.name).toBe('Chapter');
    expect(topics[2]!.missingPrerequisites).toEqual(['Chapter', 'Second']);
    expect(topics[2]!.lessons[0]!.missingPrerequisites).toEqual(['Chapter', 'Second']);
    expect(topics[2]!.lessons[0]!.launchable).toBe(false);
    expect(topics[2]!.lessons[1]!.missingPrerequisites).toEqual([]);
    expect(topics[2]!.lessons[1]!.launchable).toBe(true);
  });

  it('lesson prerequisite 1 needs only the previous chapter complete', () => {
    const c = curriculum(
      'C',
      [
        course('Only', [
          topic('A', [lesson()]),
          topic('B', [done()]),
          topic('C', [lesson({ elementPrerequisite: 1 })]),
        ]),
      ],
      { now: NOW },
    );
    const lessonView = buildCurriculumView(c, 0, context).courses[0]!.topics[2]!.lessons[0]!;
    expect(lessonView.missingPrerequisites).toEqual([]);
    expect(lessonView.launchable).toBe(true);
  });

  it("'Correct To 100%' only for an 'Exam' player whose launchData has require100", () => {
    const c = curriculum(
      'C',
      [
        course('Only', [
          topic('T', [
            lesson({ player: 'Exam', launchData: '{"require100":true}', elementScoreWeight: 1 }),
            lesson({ player: 'SCORM', launchData: '{"require100":true}' }),
            lesson({ player: 'Exam', launchData: '{}' }),
          ]),
        ]),
      ],
      { now: NOW },
    );
    const lessons = buildCurriculumView(c, 0, context).courses[0]!.topics[0]!.lessons;
    expect(lessons.map((l) => l.require100)).toEqual([true, false, false]);
    expect(lessons[0]!.bar).toEqual({ kind: 'slider' });
    expect(requires100('not json')).toBe(false);
  });

  it('scores read as percentages whatever the weight: 100 % shows 100%, not 1 (§9 read with the percent weight, ADR 0010 Scores)', () => {
    const scored = (score: number, weight: number, mode = 1) =>
      lesson({
        elementAttempts: 1,
        elementCompletion: 1,
        elementScore: score,
        elementScoreWeight: weight,
        elementPlayMode: mode,
      });
    const c = curriculum(
      'C',
      [
        course('Only', [
          topic('T', [
            scored(1, 0),
            scored(0.2, 0),
            scored(0.9, 100),
            scored(0.8, 20),
            scored(0.9, 0, 2),
            scored(0, 0),
          ]),
        ]),
      ],
      { now: NOW },
    );
    const lessons = buildCurriculumView(c, 0, context).courses[0]!.topics[0]!.lessons;
    expect(lessons.map((l) => l.score)).toEqual(['100%', '20%', '90%', '80%', '-', '-']);
  });

  it('mode labels, CLAS, failure hints, attempts and the offline flag', () => {
    const flagged = lesson({ elementCompletion: 1, elementAttempts: 1 });
    const c = curriculum(
      'C',
      [
        course('Only', [
          topic('T', [
            lesson({ elementPlayMode: 2 }),
            lesson({ elementPlayMode: 3 }),
            lesson({ player: 'CLAS' }),
            lesson({ elementCompletion: -3, elementAttempts: 2, elementMaxAttempts: 2 }),
            flagged,
          ]),
        ]),
      ],
      { now: NOW },
    );
    const stamped = c.elementChildren[0]!.elementChildren[0]!.elementChildren[4]!;
    const lessons = buildCurriculumView(c, 0, {
      ...context,
      flaggedLeafAssignments: [
        { assignmentKey: stamped.elementAssignmentKey, leafKey: flagged.elementKey },
      ],
    }).courses[0]!.topics[0]!.lessons;
    expect(lessons[0]!.modeLabel).toBe('Browse: Freely navigate without completion.');
    expect(lessons[0]!.bar).toEqual({ kind: 'hidden' });
    expect(lessons[1]!.modeLabel).toBe('Review: Freely navigate with completion.');
    expect(lessons[2]!.classroom).toBe(true);
    expect(lessons[3]!.failureHint).toBe('Minimum score not met.');
    expect(lessons[3]!.attemptsText).toBe('No attempts left');
    expect(lessons[4]!.completedOffline).toBe(true);
    expect(lessons[0]!.completedOffline).toBe(false);
  });

  it("top block: 'Due YYYY/MM/DD' or 'Open Lessons'; expired lessons launch only when allowed", () => {
    const open = curriculum('Open', [course('X', [topic('T', [lesson()])])], { now: NOW });
    expect(curriculumDueText(open, NOW)).toBe('Open Lessons');
    const expired = curriculum('Old', [course('X', [topic('T', [lesson()])])], {
      now: NOW,
      startDaysAgo: 40,
      durationDays: 30,
    });
    const view = buildCurriculumView(expired, 0, context);
    expect(view.dueText).toMatch(/^Due \d{4}\/\d{2}\/\d{2}$/);
    expect(view.expired).toBe(true);
    expect(view.courses[0]!.topics[0]!.lessons[0]!.launchable).toBe(false);
    const allowed = buildCurriculumView(expired, 0, {
      ...context,
      allowExpiredAssignmentsToBeCompleted: 1,
    });
    expect(allowed.courses[0]!.topics[0]!.lessons[0]!.launchable).toBe(true);
  });

  it('a lesson its package locks (SCORM 2004 sequencing, 1.2 prerequisites) shows the lock naming what it waits for; a hidden one is not listed (ADR 0007)', () => {
    const c = curriculum(
      'C',
      [
        course('Sequenced', [
          topic('Lessons', [
            lesson({ elementName: 'Briefing' }),
            lesson({
              elementName: 'Walkaround',
              elementPackageLock: { locked: true, hidden: false, waitsFor: ['Briefing'] },
            }),
            lesson({
              elementName: 'Ride',
              elementPackageLock: { locked: true, hidden: false, waitsFor: [] },
            }),
            lesson({
              elementName: 'Answer key',
              elementPackageLock: { locked: true, hidden: true, waitsFor: [] },
            }),
            lesson({
              elementName: 'Browse copy',
              elementPlayMode: 2,
              elementPackageLock: { locked: true, hidden: false, waitsFor: ['Briefing'] },
            }),
          ]),
          topic('Only hidden', [
            lesson({ elementPackageLock: { locked: true, hidden: true, waitsFor: [] } }),
          ]),
        ]),
      ],
      { now: NOW },
    );
    const view = buildCurriculumView(c, 0, context);
    const sequenced = view.courses[0]!;
    expect(sequenced.topics.map((t) => t.name)).toEqual(['Lessons']);
    expect(sequenced.lessonCount).toBe(4);
    expect(view.lessonCount).toBe(4);
    const rows = sequenced.topics[0]!.lessons.map((l) => [
      l.name,
      l.launchable,
      l.missingPrerequisites,
    ]);
    expect(rows).toEqual([
      ['Briefing', true, []],
      ['Walkaround', false, ['Briefing']],
      ['Ride', false, ["This course's sequencing rules"]],
      // Play mode 2 has no prerequisite logic (§4 Play modes): it plays outside the sequencer.
      ['Browse copy', true, []],
    ]);
  });

  it("a sequenced course's status is its rollup's, not 'all lessons complete' (ADR 0007)", () => {
    const rolled = (rollup: { completed: boolean | null; satisfied: boolean | null }) =>
      buildCurriculumView(
        curriculum(
          'C',
          [
            course('Post', [topic('T', [lesson(), done()])], {
              elementSequencingRollup: { ...rollup, measure: null },
            }),
          ],
          { now: NOW },
        ),
        0,
        context,
      ).courses[0]!.status;
    expect(rolled({ completed: true, satisfied: true })).toBe('Complete');
    expect(rolled({ completed: true, satisfied: false })).toBe('Failing');
    expect(rolled({ completed: null, satisfied: null })).toBe('Incomplete');
  });

  it('a failed post test is Failed everywhere in the panel: lesson, course, curriculum, a full bar in the failed style (§4)', () => {
    // As the server rolls it up: the SCO reported failed (-3, credit -1), its course and curriculum
    // carry -3 (roll-up.ts).
    const failedQuiz = lesson({
      elementAttempts: 1,
      elementCompletion: -3,
      elementCredit: -1,
      elementScore: 0.6,
      elementLocation: 0,
    });
    const view = buildCurriculumView(
      curriculum(
        'C',
        [course('Post', [topic('T', [done(), failedQuiz])], { elementCompletion: -3 })],
        { now: NOW, elementCompletion: -3 },
      ),
      0,
      context,
    );
    const quiz = view.courses[0]!.topics[0]!.lessons[1]!;
    expect(quiz.status).toBe('failed');
    expect(quiz.score).toBe('60%');
    // Not the "50 when attempts exist with zero location" of an attempt still going on.
    expect(quiz.bar).toEqual({ kind: 'fill', percent: 100, failed: true });
    expect(view.courses[0]!.status).toBe('Failing');
    expect(view.courses[0]!.topics[0]!.status).toBe('failed');
    expect(view.failed).toBe(true);
  });
});
