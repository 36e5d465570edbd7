import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { browserFrom, postLogin, signIn, type Browser } from '../../test/sign-in.js';
import { singleScoManifest2004, zipOf } from '../../test/launch.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';
import { createMailer } from '../email/mailer.js';
import { runOperatorCommand } from '../operator/service.js';
import { COMMENT_POSTS, NOT_ASSIGNED, TOO_MANY_POSTS } from './service.js';

interface Reply {
  annotationKey: number;
  userName: string;
  userID: string;
  email: string;
  annotationString: string;
  annotationInstant: number;
  annotationType: string;
  parent: number;
  leafName: string;
  scoName: string;
}
type Comment = Reply & { annotationChildren: Reply[] };

describe('comments on a place of a lesson (§2 Comments screen, §3 Annotation, §7)', () => {
  let t: TestApp;
  let pilot: Browser;
  let copilot: Browser;
  let outsider: Browser;
  let stranger: Browser;
  let place: { courseKey: number; scoKey: number; lessonKey: number };
  const location = 'page/3';

  const listPath = (b: Browser, where = place, at = location) =>
    `/lms/api/annotation/${b.lmsKey}/${where.courseKey}/${where.scoKey}/${b.userKey}/${encodeURIComponent(at)}`;
  const list = async (b: Browser) => {
    const response = await b.call(listPath(b));
    expect(response.status).toBe(200);
    return (await response.json()) as Comment[];
  };
  const post = (b: Browser, fields: Record<string, unknown> = {}) =>
    b.call(`/lms/api/annotation/${b.lmsKey}`, {
      method: 'POST',
      body: JSON.stringify({
        lmsKey: b.lmsKey,
        userKey: b.userKey,
        scoKey: place.scoKey,
        aggregationKey: place.courseKey,
        annotationLocation: location,
        annotationType: 'comment',
        annotationString: 'Hello',
        ...fields,
      }),
    });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('annotation')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const other = await buildLms(t.db, { lmsCode: 'beta' });
    const users = await Promise.all([
      buildUser(t.db, lms.lmsKey, { userId: 'pilot', nameOther: 'Pat', nameCollated: 'Lee' }),
      buildUser(t.db, lms.lmsKey, { userId: 'copilot', nameOther: 'Cam', nameCollated: 'Ray' }),
      buildUser(t.db, lms.lmsKey, { userId: 'outsider' }),
      buildUser(t.db, other.lmsKey, { userId: 'stranger' }),
    ]);
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: 'b', title: 'Briefing', lesson: 'Doors' }),
        'index.html': '<p>doors</p>',
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Type Rating', course: 'Ground School' },
    );
    const curriculumKey = imported.curriculum!.curriculumKey;
    await buildAssignment(t.db, { userKey: users[0].userKey, curriculumKey });
    await buildAssignment(t.db, { userKey: users[1].userKey, curriculumKey });
    // The stranger's LMS has a curriculum of its own assigned; it opens nothing in alpha.
    const betaCurriculum = await t.db
      .insertInto('curriculum')
      .values({ lmsKey: other.lmsKey, name: 'Beta' })
      .returning('curriculumKey')
      .executeTakeFirstOrThrow();
    await buildAssignment(t.db, {
      userKey: users[3].userKey,
      curriculumKey: betaCurriculum.curriculumKey,
    });
    place = {
      courseKey: imported.course!.courseKey,
      scoKey: imported.lessons[0]!.scoKey,
      lessonKey: imported.lessons[0]!.lessonKey,
    };
    pilot = await signIn(t, 'pilot');
    copilot = await signIn(t, 'copilot');
    outsider = await signIn(t, 'outsider');
    stranger = await browserFrom(
      t,
      await postLogin(t, 'stranger', TEST_PASSWORD, { 'X-LMS-Code': 'beta' }),
    );
  });
  afterAll(() => t.close());

  it('posts a comment (trimmed, type comment, parent -1) that other students of the course read', async () => {
    const created = await post(pilot, { annotationString: '  Check the door mode first.  ' });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { statusCode: number; annotationKey: number };
    expect(body.statusCode).toBe(201);
    const seen = await list(copilot);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      annotationKey: body.annotationKey,
      annotationString: 'Check the door mode first.',
      annotationType: 'comment',
      parent: -1,
      userName: 'Pat Lee',
      // Another student's login ID and email stay theirs.
      userID: '',
      email: '',
      leafName: 'Doors',
      annotationChildren: [],
    });
    expect(seen[0]!.annotationInstant).toBeGreaterThan(0);
    const own = await list(pilot);
    expect(own[0]).toMatchObject({ userID: 'pilot', email: 'pilot@example.test' });
  });

  it('puts replies under their parent', async () => {
    const [comment] = await list(pilot);
    const reply = await post(copilot, {
      annotationString: 'Agreed.',
      parent: comment!.annotationKey,
    });
    expect(reply.status).toBe(201);
    const [withReply] = await list(pilot);
    expect(withReply!.annotationChildren).toMatchObject([
      { annotationString: 'Agreed.', userName: 'Cam Ray', parent: comment!.annotationKey },
    ]);
    // A reply to a reply, or to a comment elsewhere, is refused.
    const nested = await post(pilot, {
      parent: withReply!.annotationChildren[0]!.annotationKey,
    });
    expect(nested.status).toBe(400);
    const elsewhere = await post(pilot, {
      parent: comment!.annotationKey,
      annotationLocation: 'page/4',
    });
    expect(elsewhere.status).toBe(400);
  });

  it('keeps each place to its own comments', async () => {
    const response = await pilot.call(listPath(pilot, place, 'page/99'));
    expect(await response.json()).toEqual([]);
  });

  it('refuses students without the course, other LMSs and other users, storing nothing', async () => {
    const before = await count();
    const read = await outsider.call(listPath(outsider));
    expect(read.status).toBe(403);
    expect(((await read.json()) as { message: string }).message).toBe(NOT_ASSIGNED);
    expect((await post(outsider)).status).toBe(403);
    // Someone of another LMS cannot name this one.
    expect((await stranger.call(listPath(stranger))).status).toBe(403);
    expect(
      (
        await stranger.call(`/lms/api/annotation/${pilot.lmsKey}`, {
          method: 'POST',
          body: JSON.stringify({
            lmsKey: pilot.lmsKey,
            userKey: stranger.userKey,
            scoKey: place.scoKey,
            aggregationKey: place.courseKey,
            annotationLocation: location,
            annotationString: 'Hello',
          }),
        })
      ).status,
    ).toBe(403);
    // Posting as someone else, or reading their path.
    expect((await post(copilot, { userKey: pilot.userKey })).status).toBe(403);
    expect((await copilot.call(listPath(pilot))).status).toBe(403);
    expect((await fetch(`${t.baseUrl}${listPath(pilot)}`)).status).toBe(401);
    // A SCO that is not in the course.
    const wrong = await pilot.call(listPath(pilot, { ...place, scoKey: place.scoKey + 1000 }));
    expect(wrong.status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('refuses bad text with a clear message and stores nothing', async () => {
    const before = await count();
    for (const [text, message] of [
      ['   ', 'Write a comment first.'],
      ['a'.repeat(2001), 'A comment can be at most 2,000 characters.'],
    ] as const) {
      const response = await post(pilot, { annotationString: text });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect((await post(pilot, { annotationString: 'bad\u0000text' })).status).toBe(400);
    expect((await post(pilot, { annotationType: 'note' })).status).toBe(400);
    expect(await count()).toBe(before);
    // Exactly 2,000 characters once trimmed is fine; markup is stored as the text it is.
    expect((await post(pilot, { annotationString: ` ${'a'.repeat(2000)} ` })).status).toBe(201);
    expect((await post(pilot, { annotationString: '<img src=x onerror=alert(1)>' })).status).toBe(
      201,
    );
    const texts = (await list(pilot)).map((comment) => comment.annotationString);
    expect(texts).toContain('<img src=x onerror=alert(1)>');
  });

  it('rate limits posts per student', async () => {
    await t.db.deleteFrom('rateLimit').execute();
    for (let i = 0; i < COMMENT_POSTS.limit; i += 1) {
      expect((await post(copilot, { annotationString: `note ${i}` })).status).toBe(201);
    }
    const before = await count();
    const refused = await post(copilot, { annotationString: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_POSTS);
    expect(await count()).toBe(before);
    // Another student is not held back by it.
    expect((await post(pilot, { annotationString: 'still here' })).status).toBe(201);
  });

  it('answers the comments page (and its sub-paths) with Referrer-Policy: no-referrer', async () => {
    for (const path of ['/waypoint_comments?sessionID=secret', '/waypoint_comments/x/y']) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    expect((await fetch(`${t.baseUrl}/assignments`)).headers.get('referrer-policy')).not.toBe(
      'no-referrer',
    );
  });

  it('lists and deletes comments with the operator commands', async () => {
    const deps = {
      db: t.db,
      config: t.config,
      clock: t.clock,
      mailer: createMailer(t.db, { smtpUrl: null, mailFrom: t.config.mailFrom }, () => {}),
      storage: t.app.deps.storage,
      state: t.app.deps.state,
    };
    const listed = (await runOperatorCommand(deps, 'comments-list', {
      lms: 'alpha',
      lesson: place.lessonKey,
    })) as { comments: { annotationKey: number; parent: number; author: string }[] };
    const first = listed.comments.find((comment) => comment.parent === -1)!;
    expect(first.author).toBe('pilot');
    const deleted = (await runOperatorCommand(deps, 'comments-delete', {
      lms: 'alpha',
      comment: first.annotationKey,
    })) as { deleted: number };
    // The comment and its reply.
    expect(deleted.deleted).toBe(2);
    expect((await list(pilot)).some((c) => c.annotationKey === first.annotationKey)).toBe(false);
    await expect(
      runOperatorCommand(deps, 'comments-delete', { lms: 'alpha', comment: first.annotationKey }),
    ).rejects.toThrow(`No comment ${first.annotationKey} in LMS 'alpha'.`);
  });
});
