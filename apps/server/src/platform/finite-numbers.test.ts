import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildLms, buildUser } from '../test/factories.js';
import { signIn, type Browser } from '../test/sign-in.js';
import {
  launchLesson,
  playerApi,
  publishPackage,
  singleScoManifest2004,
  zipOf,
  type LaunchKeys,
  type PlayerHandle,
} from '../test/launch.js';
import { localContentStorage } from '../modules/content/storage.js';

/**
 * Only finite numbers pass validation (ADR 0009): "Infinity", "-Infinity", "1e400" and "-1e400"
 * as strings (which the validator would coerce to a number that then skips minimum and maximum)
 * and the JSON literal 1e400 (which JSON.parse reads as Infinity) are refused with a 400 in a
 * path, a query and a body, every other value of the request being valid, and change nothing.
 */
const SPELLINGS = ['Infinity', '-Infinity', '1e400', '-1e400'] as const;
/** A JSON body with `field` set to `spelling`: a string, or the bare number literal. */
const bodies = (fields: Record<string, unknown>, field: string) => [
  ...SPELLINGS.map((spelling) => JSON.stringify({ ...fields, [field]: spelling })),
  JSON.stringify({ ...fields, [field]: 0 }).replace(`"${field}":0`, `"${field}":1e400`),
  JSON.stringify({ ...fields, [field]: 0 }).replace(`"${field}":0`, `"${field}":-1e400`),
];

describe('non-finite numbers are refused on every kind of field', () => {
  let t: TestApp;
  let student: Browser;
  let keys: LaunchKeys;
  let player: PlayerHandle;

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'numbers' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const zip = await zipOf({
      'imsmanifest.xml': singleScoManifest2004({ id: 'n', title: 'Numbers', lesson: 'One' }),
      'index.html': '<p>one</p>',
    });
    ({ keys } = await publishPackage({ db: t.db, storage: localContentStorage(t.config) }, zip, {
      lmsKey: lms.lmsKey,
      userKey: user.userKey,
      curriculum: 'Numbers',
    }));
    student = await signIn(t, 'pilot');
    player = await launchLesson(t.baseUrl, student, keys);
    expect((await playerApi(player).state()).status).toBe(200);
  });
  afterAll(() => t.close());

  const lastSeq = async () =>
    (
      await t.db
        .selectFrom('launch')
        .select('lastSeq')
        .where('launchId', '=', player.launchId)
        .executeTakeFirstOrThrow()
    ).lastSeq;

  const postToPlayer = (name: string, body: string) =>
    fetch(`${player.contentOrigin}/player-api/${player.launchId}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it("a lesson commit's seq: 400, nothing applied; a finite seq still commits", async () => {
    const before = await lastSeq();
    for (const body of bodies(
      { token: player.token, final: false, cmi: { 'cmi.location': '7' } },
      'seq',
    )) {
      const response = await postToPlayer('commit', body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/finite|seq/);
    }
    expect(await lastSeq()).toBe(before);
    const finite = await playerApi(player).commit(before + 1, { 'cmi.location': '8' });
    expect(finite.status).toBe(200);
    expect(await lastSeq()).toBe(before + 1);
  });

  it("a navigate's lesson key: 400", async () => {
    for (const body of bodies({ token: player.token }, 'lessonKey')) {
      expect((await postToPlayer('navigate', body)).status, body).toBe(400);
    }
  });

  it("a comment's parent (minimum -1): 400, no comment stored", async () => {
    const fields = {
      lmsKey: student.lmsKey,
      userKey: student.userKey,
      scoKey: 1,
      aggregationKey: 1,
      annotationLocation: 'page-1',
      annotationString: 'A question',
    };
    for (const body of bodies(fields, 'parent')) {
      const response = await student.call(`/lms/api/annotation/${student.lmsKey}`, {
        method: 'POST',
        body,
      });
      expect(response.status, body).toBe(400);
    }
    const stored = await t.db.selectFrom('annotation').select('annotationKey').execute();
    expect(stored).toEqual([]);
  });

  it('a key in a path and an integer in a query: 400', async () => {
    const { lmsKey, userKey } = student;
    for (const spelling of SPELLINGS) {
      const paths = [
        `/lms/api/Widget/GetWidgetSettingsData/${lmsKey}/${userKey}/${spelling}`,
        `/lms/api/reports/${lmsKey}/user/${userKey}/curriculum/${spelling}/COURSE_COMPLETION`,
        `/lms/api/Widget/CalendarData/${lmsKey}/${userKey}?student=${spelling}`,
        `/lms/api/user/${lmsKey}/ALL?filter=1&search=&count=${spelling}`,
        `/lms/api/studentlaunch/prelaunch/ignored/${keys.curriculumKey}/${keys.lessonKey}/${spelling}/?force=false`,
      ];
      for (const path of paths) {
        const method = path.includes('prelaunch') ? 'POST' : 'GET';
        const answer = await student.call(path, { method });
        expect(answer.status, `${path} ${await answer.clone().text()}`).toBe(400);
      }
    }
  });
});
