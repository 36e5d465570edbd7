import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, playerApi, type LaunchKeys } from '../../test/launch.js';
import { OBJECTIVES_ITEMS, sequencedPackage } from '../../test/sequencing-packages.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

interface State {
  cmi: Record<string, string>;
}

describe('SCORM 2004 objectives from the manifest, and what the SCO sets, per attempt (RTE 4.2.9, 4.2.17)', () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();

  const open = async (name: string) => {
    const player = await launchLesson(t.baseUrl, pilot, lessons.get(name)!);
    const api = playerApi(player);
    const response = await api.state();
    expect(response.status).toBe(200);
    return { api, state: (await response.json()) as State };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await sequencedPackage('Hydraulics', OBJECTIVES_ITEMS),
      { lmsKey: lms.lmsKey, curriculum: 'Systems', course: 'Hydraulics' },
    );
    const curriculumKey = imported.curriculum!.curriculumKey;
    const { assignmentKey } = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey,
      startDate: t.clock.now(),
    });
    for (const lesson of imported.lessons) {
      lessons.set(lesson.identifier, { curriculumKey, lessonKey: lesson.lessonKey, assignmentKey });
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('creates cmi.objectives.n.id for every objective of the activity, primary first, before the SCO starts', async () => {
    const lesson = await open('lesson');
    expect(lesson.state.cmi['cmi.objectives.0.id']).toBe('lesson-read');
    expect(lesson.state.cmi['cmi.objectives.1.id']).toBeUndefined();
    await lesson.api.commit(1, { 'cmi.exit': 'normal' }, true);

    const quiz = await open('quiz');
    expect(
      Object.fromEntries(
        Object.entries(quiz.state.cmi).filter(([name]) => name.startsWith('cmi.objectives')),
      ),
    ).toEqual({
      'cmi.objectives.0.id': 'quiz-passed',
      'cmi.objectives.1.id': 'pumps',
      'cmi.objectives.2.id': 'valves',
    });
    await quiz.api.commit(1, { 'cmi.exit': 'normal' }, true);
  });

  it('gives back the objectives and interactions the SCO set when the attempt resumes, and clears them in a new attempt', async () => {
    const first = await open('quiz');
    expect(first.state.cmi['cmi.entry']).toBe('ab-initio');
    const set = {
      'cmi.objectives.1.success_status': 'passed',
      'cmi.objectives.1.score.scaled': '0.9',
      'cmi.objectives.3.id': 'sco-own',
      'cmi.objectives.3.completion_status': 'completed',
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.0.type': 'choice',
      'cmi.interactions.0.learner_response': 'b',
      'cmi.interactions.0.correct_responses.0.pattern': 'b',
      'cmi.interactions.0.result': 'correct',
    };
    expect((await first.api.commit(1, set)).status).toBe(200);
    expect((await first.api.commit(2, { 'cmi.exit': 'suspend' }, true)).status).toBe(200);

    const resumed = await open('quiz');
    expect(resumed.state.cmi['cmi.entry']).toBe('resume');
    expect(resumed.state.cmi).toMatchObject({
      'cmi.objectives.0.id': 'quiz-passed',
      'cmi.objectives.1.id': 'pumps',
      'cmi.objectives.2.id': 'valves',
      ...set,
    });
    await resumed.api.commit(1, { 'cmi.exit': 'normal' }, true);

    const next = await open('quiz');
    expect(next.state.cmi['cmi.entry']).toBe('ab-initio');
    expect(next.state.cmi['cmi.objectives.1.success_status']).toBeUndefined();
    expect(next.state.cmi['cmi.objectives.3.id']).toBeUndefined();
    expect(next.state.cmi['cmi.interactions.0.id']).toBeUndefined();
    expect(next.state.cmi['cmi.objectives.2.id']).toBe('valves');
    await next.api.commit(1, { 'cmi.exit': 'normal' }, true);
  });

  it('refuses an objective or interaction value that is too long, and changes nothing', async () => {
    const quiz = await open('quiz');
    const response = await quiz.api.commit(1, {
      'cmi.location': 'p3',
      'cmi.interactions.0.learner_response': 'x'.repeat(4001),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      'cmi.interactions.0.learner_response must be at most 4000 characters.',
    );
    const row = await t.db
      .selectFrom('lessonProgress')
      .select('cmi')
      .where('lessonKey', '=', lessons.get('quiz')!.lessonKey)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.cmi)).not.toHaveProperty('cmi.location');
  });
});
