import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { latestCode, signIn, type Browser } from '../../test/sign-in.js';
import {
  launchLesson,
  playerApi,
  playerFrom,
  postLaunchForm,
  prelaunchPath,
  startLaunch,
  zipOf,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

const MANIFEST_12 = `<?xml version="1.0"?>
<manifest identifier="m12" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Briefing</title>
    <item identifier="i1" identifierref="r1"><title>Cabin Briefing</title>
      <adlcp:masteryscore>80</adlcp:masteryscore>
      <adlcp:datafromlms>hello</adlcp:datafromlms></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/><file href="media/clip.bin"/></resource></resources>
</manifest>`;

const MANIFEST_2004 = `<?xml version="1.0"?>
<manifest identifier="m2004" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Hydraulics</title>
    <item identifier="overview" identifierref="r1"><title>Overview</title></item>
    <item identifier="quiz" identifierref="r2"><title>Quiz</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="overview.html"><file href="overview.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="quiz.html"><file href="quiz.html"/></resource>
  </resources>
</manifest>`;

const MEDIA = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

describe('lesson player: launch, content and commits', () => {
  let t: TestApp;
  let pilot: Browser;
  let other: Browser;
  const lessons = new Map<string, LaunchKeys>();

  const keys = (name: string) => lessons.get(name)!;
  const progressOf = (name: string) =>
    t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('lessonKey', '=', keys(name).lessonKey)
      .where('assignmentKey', '=', keys(name).assignmentKey)
      .executeTakeFirst();
  const stateOf = async (player: PlayerHandle) => {
    const response = await playerApi(player).state();
    expect(response.status).toBe(200);
    return (await response.json()) as {
      cmi: Record<string, string>;
      contentUrl: string;
      lastSeq: number;
      preview: boolean;
      siblings: { lessonKey: number; identifier: string; current: boolean; launchable: boolean }[];
      commentsUrl?: string;
    };
  };
  const launchOpen = async (name: string, browser = pilot) => {
    const player = await launchLesson(t.baseUrl, browser, keys(name));
    return { player, state: await stateOf(player) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    await buildUser(t.db, lms.lmsKey, { userId: 'other' });
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const briefing = await importScormPackage(
      deps,
      await zipOf({
        'imsmanifest.xml': MANIFEST_12,
        'index.html': '<p>hi</p>',
        'media/clip.bin': MEDIA,
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Type Rating', course: 'Ground School' },
    );
    const hydraulics = await importScormPackage(
      deps,
      await zipOf({
        'imsmanifest.xml': MANIFEST_2004,
        'overview.html': '<p>o</p>',
        'quiz.html': '<p>q</p>',
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Type Rating', course: 'Systems' },
    );
    const curriculumKey = briefing.curriculum!.curriculumKey;
    // A second lesson playing the 1.2 SCO in browse mode.
    const browse = await t.db
      .insertInto('lesson')
      .values({
        topicKey: (
          await t.db
            .selectFrom('lesson')
            .select('topicKey')
            .where('lessonKey', '=', briefing.lessons[0]!.lessonKey)
            .executeTakeFirstOrThrow()
        ).topicKey,
        sortOrder: 5,
        name: 'Briefing (browse)',
        scoKey: briefing.lessons[0]!.scoKey,
        playMode: 2,
      })
      .returning('lessonKey')
      .executeTakeFirstOrThrow();
    const assignment = await t.db
      .insertInto('assignment')
      .values({ userKey: user.userKey, curriculumKey, startDate: t.clock.now() })
      .returning('assignmentKey')
      .executeTakeFirstOrThrow();
    const at = (lessonKey: number) => ({
      curriculumKey,
      lessonKey,
      assignmentKey: assignment.assignmentKey,
    });
    lessons.set('briefing', at(briefing.lessons[0]!.lessonKey));
    lessons.set('browse', at(browse.lessonKey));
    lessons.set('overview', at(hydraulics.lessons[0]!.lessonKey));
    lessons.set('quiz', at(hydraulics.lessons[1]!.lessonKey));
    pilot = await signIn(t, 'pilot');
    other = await signIn(t, 'other');
  });
  afterAll(() => t.close());

  it("gives the player the panel's Comments page of the lesson, without location or session", async () => {
    // The browse-mode lesson: opening it starts no attempt the later cases count.
    const { state } = await launchOpen('browse');
    const url = new URL(state.commentsUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/waypoint_comments`);
    const lesson = await t.db
      .selectFrom('lesson as l')
      .innerJoin('topic as tp', 'tp.topicKey', 'l.topicKey')
      .select(['l.scoKey', 'tp.courseKey'])
      .where('l.lessonKey', '=', keys('browse').lessonKey)
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('appUser')
      .select(['userKey', 'lmsKey'])
      .where('userId', '=', 'pilot')
      .executeTakeFirstOrThrow();
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lms: String(user.lmsKey),
      course: String(lesson.courseKey),
      sco: String(lesson.scoKey),
      user: String(user.userKey),
    });
  });

  it('sends the launch window to the player on the content origin with a one-time token', async () => {
    const launchId = await startLaunch(pilot, keys('briefing'));
    const path = `/lms/api/studentlaunch/launch/${launchId}`;
    const answer = await postLaunchForm(t.baseUrl, pilot, path);
    // Any other opener policy on the way would cut the window off from the panel watching it.
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const player = playerFrom(answer);
    expect(player.contentOrigin).toBe(t.baseUrl.replace('127.0.0.1', 'localhost'));
    expect(player.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same form posted again (back button, replay) does not open a second player.
    const again = await postLaunchForm(t.baseUrl, pilot, path);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('expired or was already used');
    // Without the session's cookie, or with another student's session, nothing opens.
    const stranger = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `sessionID=${pilot.sessionId}`,
    });
    expect(stranger.status).toBe(403);
    const otherLaunch = await startLaunch(pilot, keys('briefing'));
    const foreign = await postLaunchForm(
      t.baseUrl,
      other,
      `/lms/api/studentlaunch/launch/${otherLaunch}`,
    );
    expect(foreign.status).toBe(403);
    // From another site's page (a form post it forged), nothing opens either.
    const forged = await fetch(`${t.baseUrl}/lms/api/studentlaunch/launch/${otherLaunch}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        cookie: `waypointSession=${pilot.jar.waypointSession}`,
      },
      body: `sessionID=${pilot.sessionId}`,
    });
    expect(forged.status).toBe(403);
  });

  it('starts a new attempt with the manifest data, then commits in order and resumes where it was left', async () => {
    const { player, state } = await launchOpen('briefing');
    expect(state.cmi).toMatchObject({
      'cmi.core.entry': 'ab-initio',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.student_id': 'pilot',
      'cmi.student_data.mastery_score': '80',
      'cmi.launch_data': 'hello',
    });
    expect(state.lastSeq).toBe(0);
    expect((await progressOf('briefing'))?.attempts).toBe(1);
    const api = playerApi(player);
    const ok = async (response: Response) => {
      expect(response.status).toBe(200);
      return (await response.json()) as { applied: boolean; seq: number; closed: boolean };
    };
    expect(
      await ok(
        await api.commit(1, {
          'cmi.core.lesson_status': 'incomplete',
          'cmi.core.lesson_location': '2',
          'cmi.suspend_data': 'page=2',
          'cmi.core.session_time': '0000:01:00',
        }),
      ),
    ).toEqual({ applied: true, seq: 1, closed: false });
    // Seq 3 arrives before seq 2: 2 is stale and must not overwrite 3's newer data.
    expect(
      await ok(
        await api.commit(3, {
          'cmi.core.lesson_location': '4',
          'cmi.core.session_time': '0000:03:00',
        }),
      ),
    ).toMatchObject({ applied: true, seq: 3 });
    expect(
      await ok(
        await api.commit(2, {
          'cmi.core.lesson_location': '3',
          'cmi.core.session_time': '0000:02:00',
        }),
      ),
    ).toEqual({ applied: false, seq: 3, closed: false });
    // The same commit twice (a retry after a lost answer) changes nothing the second time.
    expect(await ok(await api.commit(3, { 'cmi.core.lesson_location': '9' }))).toMatchObject({
      applied: false,
    });
    let progress = await progressOf('briefing');
    expect(progress).toMatchObject({
      location: 4,
      locationBlob: '4',
      suspendData: 'page=2',
      totalTimeMs: 180_000,
      completion: 0,
    });
    // A bad value is refused whole, with a message, and changes nothing.
    const bad = await api.commit(4, {
      'cmi.core.score.raw': 'lots',
      'cmi.core.lesson_location': '5',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('cmi.core.score.raw');
    expect((await progressOf('briefing'))?.location).toBe(4);
    // The final commit counts and closes the launch; nothing is accepted after it.
    expect(
      await ok(
        await api.commit(
          4,
          { 'cmi.core.exit': 'suspend', 'cmi.core.session_time': '0000:05:00' },
          true,
        ),
      ),
    ).toEqual({ applied: true, seq: 4, closed: true });
    const late = await api.commit(5, { 'cmi.core.lesson_location': '5' });
    expect(late.status).toBe(409);
    progress = await progressOf('briefing');
    expect(progress).toMatchObject({ totalTimeMs: 300_000, attempts: 1 });

    const resumed = await launchOpen('briefing');
    expect(resumed.state.cmi).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': '4',
      'cmi.suspend_data': 'page=2',
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.total_time': '0000:05:00.00',
    });
    expect((await progressOf('briefing'))?.attempts).toBe(1);
    // The mastery score decides: raw 85 against 80 passes (mastery_override).
    const api2 = playerApi(resumed.player);
    await ok(
      await api2.commit(
        1,
        { 'cmi.core.score.raw': '85', 'cmi.core.lesson_status': 'completed' },
        true,
      ),
    );
    expect(await progressOf('briefing')).toMatchObject({ completion: 1, credit: 1, score: 0.85 });
    const report = (await (
      await pilot.call(
        `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
        {
          headers: { 'cache-control': 'no-cache' },
        },
      )
    ).json()) as {
      progressReport: {
        elementChildren: {
          elementChildren: {
            elementChildren: {
              elementKey: number;
              elementCompletion: number;
              elementScore: number;
            }[];
          }[];
        }[];
      }[];
    };
    const lesson =
      report.progressReport[0]!.elementChildren[0]!.elementChildren[0]!.elementChildren.find(
        (l) => l.elementKey === keys('briefing').lessonKey,
      );
    expect(lesson).toMatchObject({ elementCompletion: 1, elementScore: 0.85 });
  });

  it('lets a reloaded window carry on after its own final commit, until the lesson is launched again', async () => {
    const { player } = await launchOpen('overview');
    const api = playerApi(player);
    expect((await api.commit(1, { 'cmi.location': 'p1' }, true)).status).toBe(200);
    // The reload: the same token asks for the state again and goes on committing.
    const reloaded = await stateOf(player);
    expect(reloaded.lastSeq).toBe(1);
    expect(reloaded.cmi['cmi.location']).toBe('p1');
    expect((await api.commit(2, { 'cmi.location': 'p2' })).status).toBe(200);
    expect((await api.commit(3, {}, true)).status).toBe(200);
    const next = await launchOpen('overview');
    expect((await api.state()).status).toBe(409);
    await playerApi(next.player).commit(1, {}, true);
  });

  it('serves package files only on the content origin, only below the package, with ranges', async () => {
    const { player, state } = await launchOpen('browse');
    const page = await fetch(`${player.contentOrigin}${state.contentUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(page.headers.get('cache-control')).toBe('private, max-age=3600');
    const base = `${player.contentOrigin}/content/${player.launchId}`;
    const range = await fetch(`${base}/media/clip.bin`, { headers: { range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(Buffer.from(await range.arrayBuffer())).toEqual(MEDIA.subarray(10, 20));
    // Encoded slashes survive URL normalisation and reach the server as '..' segments.
    for (const path of [
      '/..%2fimsmanifest.xml',
      '/media%2f..%2f..%2f..%2fetc%2fpasswd',
      '/missing.html',
    ]) {
      expect((await fetch(`${base}${path}`, { redirect: 'manual' })).status).toBe(404);
    }
    // A path the URL parser resolves above the launch folder is simply not content.
    const above = await fetch(`${base}/../imsmanifest.xml`, { redirect: 'manual' });
    expect(above.status).toBe(404);
    // The panel's host never serves content, and the content host never serves the panel's API.
    expect((await fetch(`${t.baseUrl}/content/${player.launchId}/index.html`)).status).toBe(404);
    expect(
      (await fetch(`${player.contentOrigin}/lms/api/permissions`, { method: 'POST' })).status,
    ).toBe(404);
    const unknown = await fetch(`${player.contentOrigin}/content/${'x'.repeat(43)}/index.html`);
    expect(unknown.status).toBe(404);
  });

  it('records nothing for a browse-mode lesson', async () => {
    const { player, state } = await launchOpen('browse');
    expect(state.cmi).toMatchObject({
      'cmi.core.lesson_mode': 'browse',
      'cmi.core.credit': 'no-credit',
    });
    const response = await playerApi(player).commit(
      1,
      {
        'cmi.core.lesson_status': 'completed',
        'cmi.core.score.raw': '100',
      },
      true,
    );
    expect(response.status).toBe(200);
    expect(await progressOf('browse')).toBeUndefined();
  });

  it('refuses commits with a wrong token or for another launch', async () => {
    const { player } = await launchOpen('overview');
    const mine = await launchOpen('quiz');
    expect((await playerApi({ ...player, token: mine.player.token }).commit(1, {})).status).toBe(
      401,
    );
    expect((await playerApi({ ...player, token: 'x'.repeat(43) }).state()).status).toBe(401);
    await playerApi(player).commit(1, {}, true);
    await playerApi(mine.player).commit(1, {}, true);
  });

  it('asks for confirmation when the lesson is open in another browser; forcing ends that launch', async () => {
    const laptop = await launchOpen('overview');
    const tablet = await signIn(t, 'pilot');
    const asked = await tablet.call(prelaunchPath(keys('overview')), { method: 'POST' });
    expect(asked.status).toBe(409);
    expect(((await asked.json()) as { errorMessage: string }).errorMessage).toBe(
      'This lesson is already open on another device or browser',
    );
    // The same browser launching again is not asked.
    expect((await pilot.call(prelaunchPath(keys('overview')), { method: 'POST' })).status).toBe(
      200,
    );
    const forced = await launchLesson(t.baseUrl, tablet, keys('overview'), { force: true });
    await stateOf(forced);
    const lost = await playerApi(laptop.player).commit(1, { 'cmi.location': 'p2' });
    expect(lost.status).toBe(409);
    expect(((await lost.json()) as { message: string }).message).toContain(
      'another device or browser',
    );
    await playerApi(forced).commit(1, {}, true);
  });

  it('navigates between the SCOs of a package (multi-SCO)', async () => {
    const { player, state } = await launchOpen('overview');
    expect(state.siblings.map((s) => [s.identifier, s.current, s.launchable])).toEqual([
      ['overview', true, true],
      ['quiz', false, true],
    ]);
    const moved = await playerApi(player).navigate(keys('quiz').lessonKey);
    expect(moved.status).toBe(200);
    const next = (await moved.json()) as { launchId: string; token: string };
    const quiz = await stateOf({ ...player, ...next });
    expect(quiz.siblings.find((s) => s.current)?.identifier).toBe('quiz');
    expect(quiz.cmi['cmi.entry']).toBe('ab-initio');
    expect((await playerApi(player).commit(1, {})).status).toBe(409);
    await playerApi({ ...player, ...next }).commit(1, {}, true);
  });

  it('asks for the password first when live verification applies, and remembers it for 24 h', async () => {
    await t.db
      .updateTable('lesson')
      .set({ studentVerificationEnabled: 1 })
      .where('lessonKey', '=', keys('quiz').lessonKey)
      .execute();
    // The windows of the tests above ended the quiz's attempts without a status, so the LMS
    // completed them (SN End Attempt Process); verification asks again for a lesson not complete.
    await t.db
      .updateTable('lessonProgress')
      .set({ completion: 0, credit: 0 })
      .where('lessonKey', '=', keys('quiz').lessonKey)
      .execute();
    const launchId = await startLaunch(pilot, keys('quiz'));
    const path = `/lms/api/studentlaunch/launch/${launchId}`;
    const asked = await postLaunchForm(t.baseUrl, pilot, path, { liveVerification: '1' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Confirm it is you');
    const wrong = await postLaunchForm(t.baseUrl, pilot, `${path}/verify`, {
      password: 'nope-nope',
    });
    expect(await wrong.text()).toContain('That password is not correct');
    const right = await postLaunchForm(t.baseUrl, pilot, `${path}/verify`, {
      password: TEST_PASSWORD,
    });
    const player = playerFrom(right);
    await stateOf(player);
    await playerApi(player).commit(1, {}, true);
    const again = await launchLesson(t.baseUrl, pilot, keys('quiz'));
    expect(again.launchId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await stateOf(again);
    await playerApi(again).commit(1, {}, true);
  });

  it('asks students who sign in with MFA for an emailed code instead of the password', async () => {
    const lms = await t.db
      .selectFrom('lms')
      .select('lmsKey')
      .where('lmsCode', '=', 'alpha')
      .executeTakeFirstOrThrow();
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'mfa.pilot' });
    await t.db
      .insertInto('assignment')
      .values({
        userKey: user.userKey,
        curriculumKey: keys('quiz').curriculumKey,
        startDate: t.clock.now(),
      })
      .execute();
    const assignment = await t.db
      .selectFrom('assignment')
      .select('assignmentKey')
      .where('userKey', '=', user.userKey)
      .executeTakeFirstOrThrow();
    const browser = await signIn(t, 'mfa.pilot');
    // MFA turned on after this session began: the re-authentication follows the account as it is now.
    await t.db
      .updateTable('appUser')
      .set({ mfaEnabled: true })
      .where('userKey', '=', user.userKey)
      .execute();
    const quiz = { ...keys('quiz'), assignmentKey: assignment.assignmentKey };
    const launchId = await startLaunch(browser, quiz);
    const path = `/lms/api/studentlaunch/launch/${launchId}`;
    const asked = await (await postLaunchForm(t.baseUrl, browser, path)).text();
    expect(asked).toContain('We have emailed you a 6-digit code');
    const mfaId = /name="mfaID" value="([^"]+)"/.exec(asked)?.[1] ?? '';
    const code = await latestCode(t, user.email);
    // A password is not enough for an MFA account, and a wrong code is refused with the spec's text.
    const password = await postLaunchForm(t.baseUrl, browser, `${path}/verify`, {
      password: TEST_PASSWORD,
    });
    expect(await password.text()).toContain('That password is not correct');
    const wrong = await postLaunchForm(t.baseUrl, browser, `${path}/verify`, {
      mfaID: mfaId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(await wrong.text()).toContain('Invalid or Expired Code entered.');
    const right = await postLaunchForm(t.baseUrl, browser, `${path}/verify`, {
      mfaID: mfaId,
      code,
    });
    const player = playerFrom(right);
    await stateOf(player);
    await playerApi(player).commit(1, {}, true);
  });

  it('plays library lessons as previews that record nothing', async () => {
    await t.db.updateTable('curriculum').set({ inLibrary: true }).execute();
    const response = await postLaunchForm(t.baseUrl, pilot, '/lms/api/librarylaunch/', {
      leafKey: String(keys('overview').lessonKey),
    });
    const preview = playerFrom(response);
    const state = await stateOf(preview);
    expect(state.preview).toBe(true);
    expect(state.cmi['cmi.mode']).toBe('browse');
    // A preview has no comments (its lesson may not be assigned).
    expect(state.commentsUrl).toBeUndefined();
    const before = await progressOf('overview');
    await playerApi(preview).commit(1, { 'cmi.completion_status': 'completed' }, true);
    expect(await progressOf('overview')).toEqual(before);
    const missing = await postLaunchForm(t.baseUrl, pilot, '/lms/api/librarylaunch/', {
      leafKey: '999999',
    });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain('not in your library');
  });
  it('lets a suspended attempt be resumed with no attempts left, but not a new one', async () => {
    const { player } = await launchOpen('briefing');
    await playerApi(player).commit(1, { 'cmi.core.exit': 'suspend' }, true);
    const attempts = (await progressOf('briefing'))!.attempts;
    await t.db
      .updateTable('lesson')
      .set({ maxAttempts: attempts })
      .where('lessonKey', '=', keys('briefing').lessonKey)
      .execute();
    const prelaunch = () => pilot.call(prelaunchPath(keys('briefing')), { method: 'POST' });
    expect((await prelaunch()).status).toBe(200);
    const resumed = await launchOpen('briefing');
    expect(resumed.state.cmi['cmi.core.entry']).toBe('resume');
    expect((await progressOf('briefing'))!.attempts).toBe(attempts);
    await playerApi(resumed.player).commit(1, { 'cmi.core.exit': '' }, true);
    const refused = await prelaunch();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
      'You have no attempts left for this lesson.',
    );
  });

  it('keeps the panel signed in while a lesson window beats, and never revives an idle session', async () => {
    const tablet = await signIn(t, 'pilot');
    const player = await launchLesson(t.baseUrl, tablet, keys('overview'));
    await stateOf(player);
    const minutes = (n: number) => n * 60_000;
    const panel = () => tablet.call('/lms/api/permissions');
    for (let beat = 0; beat < 3; beat += 1) {
      t.clock.advance(minutes(20));
      expect((await playerApi(player).heartbeat()).status).toBe(200);
    }
    // An hour in the lesson, and the panel's 30-minute idle timeout has not ended the session.
    expect((await panel()).status).toBe(200);
    t.clock.advance(minutes(31));
    // Past the idle limit with no beat: the session has ended, and the window's token with it.
    expect((await playerApi(player).heartbeat()).status).toBe(409);
    expect((await panel()).status).toBe(401);
    pilot = await signIn(t, 'pilot');
  });

  it("stops serving a launch's files and state when its 24 hours are over", async () => {
    const { player, state } = await launchOpen('overview');
    const file = `${player.contentOrigin}${state.contentUrl}`;
    expect((await fetch(file)).status).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await fetch(file, { redirect: 'manual' })).status).toBe(404);
    const late = await playerApi(player).commit(1, { 'cmi.location': 'x' });
    expect(late.status).toBe(409);
  });
});
