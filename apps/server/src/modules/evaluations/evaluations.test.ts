import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationForm, EvaluationItem } from '@waypoint/domain/contract';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../test/operator-cli.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import type { OperatorDeps } from '../operator/area-command.js';

const definition = (name: string, anonymous: boolean) => ({
  name,
  description: 'Tell us how the course went.',
  anonymous,
  questions: [
    { id: 'overall', type: 'rating', text: 'Overall rating', required: true },
    {
      id: 'pace',
      type: 'single',
      text: 'The pace was',
      required: true,
      options: ['Too slow', 'Right', 'Too fast'],
    },
    {
      id: 'liked',
      type: 'multiple',
      text: 'What helped',
      required: false,
      options: ['Videos', 'Quizzes', 'Diagrams'],
    },
    { id: 'notes', type: 'text', text: 'Anything else?', required: false },
  ],
});

describe('evaluations: defined and attached by the operator, due on completion, answered once (§2, §3, §7)', () => {
  let t: TestApp;
  let deps: OperatorDeps;
  let dir: string;
  let student: Browser;
  let classmate: Browser;

  const cli = operatorCli(() => deps);
  const file = async (name: string, content: unknown) => {
    const target = path.join(dir, name);
    await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content));
    return target;
  };
  /** define-evaluation in LMS 'acme' from a file of that name and content. */
  const define = async (name: string, content: unknown) =>
    cli('define-evaluation', await file(name, content), '--lms', 'acme');
  /** attach-evaluation in LMS 'acme' to curriculum 'Type rating' (and a course, if named). */
  const attach = (evaluation: string, ...course: string[]) =>
    cli(
      'attach-evaluation',
      '--lms',
      'acme',
      '--evaluation',
      evaluation,
      '--curriculum',
      'Type rating',
      ...course,
    );
  const exportEvaluation = (evaluation: string, ...args: string[]) =>
    cli('export-evaluation', '--lms', 'acme', '--evaluation', evaluation, ...args);
  const list = async (b: Browser) => {
    const response = await b.call(
      `/lms/api/evaluation/student_evaluations/${b.lmsKey}/${b.userKey}/report`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as EvaluationItem[];
  };
  const keyOf = (item: EvaluationItem) => Number(/\/evaluation\/(\d+)$/.exec(item.halfLink)![1]);
  const submit = (b: Browser, key: number, answers: unknown) =>
    b.call(`/lms/api/evaluation/${b.lmsKey}/${b.userKey}/${key}`, {
      method: 'POST',
      body: JSON.stringify({ answers }),
    });
  const responses = async () =>
    Number(
      (
        await t.db
          .selectFrom('evaluationResponse')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-evaluations-'));
    deps = testOperatorDeps(t.db, t.config, t.clock, t.app.deps);
    const lms = await buildLms(t.db, { lmsCode: 'acme' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'sam', employeeId: 'E7' });
    const mate = await buildUser(t.db, lms.lmsKey, { userId: 'kim' });
    const done = { attempts: 1, completion: 1, completedDaysAgo: 1, score: 90 };
    const curriculum = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Type rating',
      description: '',
      courses: [
        {
          name: 'Systems',
          topics: [{ name: 'T', lessons: [{ name: 'Hydraulics', progress: done }] }],
        },
        { name: 'Procedures', topics: [{ name: 'T', lessons: [{ name: 'Checklists' }] }] },
      ],
    });
    for (const key of [user.userKey, mate.userKey]) {
      await assignCurriculum(t.db, t.clock.now(), key, curriculum, {
        assignedDaysAgo: 3,
        startDaysAgo: 3,
        durationDays: null,
      });
    }
    student = await signIn(t, 'sam');
    classmate = await signIn(t, 'kim');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('define-evaluation refuses a bad file with what is wrong, and stores a good one once', async () => {
    const notJson = await define('bad.json', '{"name": ');
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('The evaluation file is not valid JSON');
    const badType = await define('type.json', {
      ...definition('X', false),
      questions: [{ id: 'a', type: 'essay', text: 'x', required: true }],
    });
    expect(badType.code).toBe(2);
    expect(badType.err).toContain('The evaluation file is not a valid evaluation');
    const noOptions = await define('opts.json', {
      ...definition('Y', false),
      questions: [{ id: 'a', type: 'single', text: 'x', required: true }],
    });
    expect(noOptions.err).toContain(
      "Question 1 ('a'): a choice question needs at least 2 options.",
    );
    expect(await t.db.selectFrom('evaluationDefinition').selectAll().execute()).toEqual([]);

    const named = await define('named.json', definition('Course feedback', false));
    expect(named).toMatchObject({ code: 0, err: '' });
    expect(named.out).toBe(
      "Defined evaluation 'Course feedback' (4 questions, key " +
        /key (\d+)/.exec(named.out)![1] +
        ').',
    );
    const again = await define('again.json', definition('course FEEDBACK', false));
    expect(again.code).toBe(1);
    expect(again.err).toContain(
      "An evaluation named 'course FEEDBACK' already exists in LMS 'acme'.",
    );
    expect((await define('anon.json', definition('Curriculum survey', true))).code).toBe(0);
    expect(
      (await cli('define-evaluation', path.join(dir, 'missing.json'), '--lms', 'acme')).code,
    ).toBe(1);
  });

  it('attach-evaluation: to a course or the curriculum; unknown names refused', async () => {
    const course = await attach('Course feedback', '--course', 'Systems');
    expect(course.out).toBe(
      "Attached 'Course feedback' to course 'Systems' of curriculum 'Type rating': due for each student who completes it.",
    );
    const twice = await attach('Course feedback', '--course', 'Systems');
    expect(twice.out).toContain('was already attached');
    const curriculum = await attach('Curriculum survey');
    expect(curriculum.code).toBe(0);
    const unknown = await attach('Nope');
    expect(unknown.err).toContain("No evaluation named 'Nope' in LMS 'acme'");
    const noCourse = await attach('Course feedback', '--course', 'Nope');
    expect(noCourse.err).toContain("No course named 'Nope' in curriculum 'Type rating'.");
  });

  it('lists only what is due: the completed course, not the incomplete curriculum', async () => {
    const items = await list(student);
    expect(items).toEqual([
      {
        name: 'Course feedback: Systems',
        halfLink: expect.stringMatching(/^\/evaluation\/\d+$/) as unknown,
      },
    ]);
    // Listing again makes nothing due twice.
    expect(await list(student)).toEqual(items);
    const redirect = await fetch(`${t.baseUrl}/lms${items[0]!.halfLink}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(items[0]!.halfLink);
  });

  it('shows the form, refuses bad answers and another student, stores nothing for them', async () => {
    const key = keyOf((await list(student))[0]!);
    const form = (await (
      await student.call(`/lms/api/evaluation/${student.lmsKey}/${student.userKey}/${key}`)
    ).json()) as EvaluationForm;
    expect(form).toMatchObject({
      name: 'Course feedback',
      targetName: 'Systems',
      anonymous: false,
      submittedInstant: 0,
    });
    expect(form.questions.map((q) => q.type)).toEqual(['rating', 'single', 'multiple', 'text']);

    const missing = await submit(student, key, { pace: 'Right' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "Your evaluation was not submitted. 'Overall rating': This question requires an answer.",
    );
    const range = await submit(student, key, { overall: 6, pace: 'Right' });
    expect(((await range.json()) as { message: string }).message).toContain(
      'The rating must be a whole number from 1 to 5.',
    );
    expect((await submit(student, key, { overall: 4, pace: 'Very fast' })).status).toBe(400);
    expect((await submit(student, key, { overall: '4; DROP', pace: 'Right' })).status).toBe(400);

    // The classmate's own evaluation key, asked for under their own session.
    const theirs = await classmate.call(
      `/lms/api/evaluation/${classmate.lmsKey}/${classmate.userKey}/${key}`,
    );
    expect(theirs.status).toBe(403);
    expect(((await theirs.json()) as { message: string }).message).toBe(
      'This evaluation belongs to another student.',
    );
    expect((await submit(classmate, key, { overall: 5, pace: 'Right' })).status).toBe(403);
    expect(
      (await classmate.call(`/lms/api/evaluation/${student.lmsKey}/${student.userKey}/${key}`))
        .status,
    ).toBe(403);
    const noXsrf = await student.call(
      `/lms/api/evaluation/${student.lmsKey}/${student.userKey}/${key}`,
      {
        method: 'POST',
        body: JSON.stringify({ answers: { overall: 5, pace: 'Right' } }),
        headers: { 'x-xsrf-token': '' },
      },
    );
    expect(noXsrf.status).toBe(403);
    expect(
      (await student.call(`/lms/api/evaluation/${student.lmsKey}/${student.userKey}/999999`))
        .status,
    ).toBe(404);
    expect(await responses()).toBe(0);
  });

  it('submits once: the evaluation leaves the list, a second submission is refused', async () => {
    const key = keyOf((await list(student))[0]!);
    const ok = await submit(student, key, {
      overall: 5,
      pace: 'Right',
      liked: ['Videos', 'Diagrams'],
      notes: '=cmd|calc',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      statusCode: 200,
      message: 'Thank you: your evaluation has been submitted.',
    });
    expect(await list(student)).toEqual([]);
    const again = await submit(student, key, { overall: 1, pace: 'Right' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'You have already submitted this evaluation.',
    );
    expect(await responses()).toBe(1);
  });

  it('export-evaluation: CSV with names, or without for an anonymous evaluation', async () => {
    const named = await exportEvaluation('Course feedback');
    expect(named.code).toBe(0);
    const lines = named.out.split('\r\n');
    expect(lines[0]).toBe(
      'Submitted (UTC),Student,Login ID,Employee ID,Curriculum,Course,Overall rating,The pace was,What helped,Anything else?',
    );
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2},Alex Morgan,sam,E7,Type rating,Systems,5,Right,Videos; Diagrams,'=cmd\|calc$/,
    );

    // The classmate completes the whole curriculum: the anonymous survey falls due for them.
    const lessons = await t.db.selectFrom('lesson').select('lessonKey').execute();
    const assignment = await t.db
      .selectFrom('assignment')
      .select('assignmentKey')
      .where('userKey', '=', classmate.userKey)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('lessonProgress')
      .values(
        lessons.map((l) => ({
          assignmentKey: assignment.assignmentKey,
          lessonKey: l.lessonKey,
          userKey: classmate.userKey,
          attempts: 1,
          completion: 1,
          completionInstant: new Date(),
        })),
      )
      .onConflict((oc) => oc.columns(['assignmentKey', 'lessonKey']).doUpdateSet({ completion: 1 }))
      .execute();
    const items = await list(classmate);
    expect(items.map((item) => item.name)).toEqual([
      'Course feedback: Systems',
      'Curriculum survey: Type rating',
    ]);
    const survey = keyOf(items[1]!);
    expect((await submit(classmate, survey, { overall: 3, pace: 'Too fast' })).status).toBe(200);
    const anonymous = await exportEvaluation('Curriculum survey', '--json');
    const result = JSON.parse(anonymous.out) as {
      anonymous: boolean;
      responses: number;
      csv: string;
    };
    expect(result).toMatchObject({ anonymous: true, responses: 1 });
    expect(result.csv.startsWith('\uFEFF')).toBe(true);
    const row = result.csv.split('\r\n')[1]!;
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2},Anonymous,,,Type rating,,3,Too fast,,$/);
    expect(result.csv).not.toContain('kim');
    const stored = await t.db
      .selectFrom('evaluationResponse')
      .select(['userKey', 'submittedAt'])
      .orderBy('responseKey')
      .execute();
    expect(stored[1]!.userKey).toBeNull();
    expect(stored[1]!.submittedAt.getUTCHours()).toBe(0);
  });
});
