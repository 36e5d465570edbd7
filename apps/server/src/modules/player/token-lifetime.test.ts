import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { signIn, waitForEmails, type Browser } from '../../test/sign-in.js';
import {
  launchLesson,
  playerApi,
  zipOf,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

const MANIFEST = `<?xml version="1.0"?>
<manifest identifier="tl" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Pneumatics</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
    <item identifier="two" identifierref="r2"><title>Two</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="one.html"><file href="one.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="two.html"><file href="two.html"/></resource>
  </resources>
</manifest>`;

/**
 * A lesson window's player token lives no longer than its launch and the panel session that
 * started it (ADR 0009): every player call and file is refused after logout, a password change or
 * reset, idle or absolute expiry, deactivation, a forced launch elsewhere, or navigation away.
 */
describe('player tokens die with their launch and their panel session', () => {
  let t: TestApp;
  let lmsKey: number;
  const lessons: Record<'one' | 'two', LaunchKeys> = {} as never;
  // The reset case gives pilot a new password; later cases sign in with it.
  let password = TEST_PASSWORD;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'main' })).lmsKey;
    const user = await buildUser(t.db, lmsKey, { userId: 'pilot', email: 'pilot@example.test' });
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({ 'imsmanifest.xml': MANIFEST, 'one.html': '<p>1</p>', 'two.html': '<p>2</p>' }),
      { lmsKey, curriculum: 'Systems', course: 'Pneumatics' },
    );
    const assignment = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey: imported.curriculum!.curriculumKey,
      startDate: t.clock.now(),
    });
    const at = (index: number) => ({
      curriculumKey: imported.curriculum!.curriculumKey,
      lessonKey: imported.lessons[index]!.lessonKey,
      assignmentKey: assignment.assignmentKey,
    });
    lessons.one = at(0);
    lessons.two = at(1);
  });
  afterAll(() => t.close());

  /** A fresh sign-in with an opened lesson window, its first commit applied. */
  async function openWindow(): Promise<{ browser: Browser; player: PlayerHandle; file: string }> {
    // Past the previous case's sessions and the file cache.
    t.clock.advance(60_000);
    const browser = await signIn(t, 'pilot', password);
    const player = await launchLesson(t.baseUrl, browser, lessons.one);
    const api = playerApi(player);
    const state = (await (await api.state()).json()) as { contentUrl: string };
    expect((await api.commit(1, { 'cmi.location': 'p1' })).status).toBe(200);
    const file = `${player.contentOrigin}${state.contentUrl}`;
    expect((await fetch(file)).status).toBe(200);
    return { browser, player, file };
  }

  /**
   * Every player call and the files: refused. `atOnce`: the session was ended (logout, password
   * change): its launches' files stop at that moment, though a file answer is otherwise
   * remembered for a few seconds (player/content-files.ts).
   */
  async function expectDead(player: PlayerHandle, file: string, atOnce = false) {
    if (atOnce) expect((await fetch(file)).status).toBe(404);
    t.clock.advance(6_000);
    const api = playerApi(player);
    expect((await api.state()).status).toBe(409);
    expect((await api.commit(2, { 'cmi.location': 'p2' })).status).toBe(409);
    expect((await api.heartbeat()).status).toBe(409);
    expect((await api.navigate(lessons.two.lessonKey)).status).toBe(409);
    expect((await fetch(file)).status).toBe(404);
    const progress = await t.db
      .selectFrom('lessonProgress')
      .select('location')
      .where('lessonKey', '=', lessons.one.lessonKey)
      .executeTakeFirstOrThrow();
    // What was acknowledged before the end is kept; nothing after it was taken.
    expect(progress.location).not.toBe('p2');
  }

  const launchesOf = async () =>
    (await t.db.selectFrom('launch').select('launchId').execute()).length;

  it('after logout', async () => {
    const { browser, player, file } = await openWindow();
    // The file was just served (its launch remembered); logout ends that too.
    expect((await fetch(file)).status).toBe(200);
    expect((await browser.call('/lms/api/Login', { method: 'DELETE' })).status).toBe(204);
    const before = await launchesOf();
    await expectDead(player, file, true);
    expect(await launchesOf()).toBe(before);
  });

  it('after a password change made in another session', async () => {
    const { player, file } = await openWindow();
    const other = await signIn(t, 'pilot');
    const changed = await other.call(
      `/lms/api/user/ignored/ignored/${other.userKey}/PASSWORD/${encodeURIComponent(TEST_PASSWORD)}`,
      { method: 'PUT', body: JSON.stringify({ password: 'Another-secret-9' }) },
    );
    expect(changed.status).toBe(200);
    await expectDead(player, file, true);
    // Back to the usual password for the next cases.
    await other.call(`/lms/api/user/ignored/ignored/${other.userKey}/PASSWORD/Another-secret-9`, {
      method: 'PUT',
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
  });

  it('after a password reset by email', async () => {
    const { player, file } = await openWindow();
    const sent = (await t.outbox('pilot@example.test')).length;
    await fetch(
      `${t.baseUrl}/lms/api/PasswordReset/VALIDATE_EMAIL/pilot%40example.test?fromStudentpanel=true`,
    );
    const emails = await waitForEmails(t, 'pilot@example.test', sent + 1);
    const token = /token=([\w-]+)/.exec(emails.at(-1)!.textBody)![1]!;
    password = 'Reset-secret-42';
    const reset = await fetch(`${t.baseUrl}/lms/api/PasswordReset/${token}/pilot%40example.test`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        newPassword: password,
        newPasswordEncoded: encodeURIComponent(password),
      },
    });
    expect(reset.status).toBeLessThan(300);
    await expectDead(player, file);
  });

  it('after the panel session idles out (no heartbeat)', async () => {
    const { player, file } = await openWindow();
    t.clock.advance(t.config.sessionIdleMinutes * 60_000 + 1_000);
    await expectDead(player, file);
  });

  it('after the absolute session limit, however busy the window', async () => {
    const { player, file } = await openWindow();
    const beats = Math.ceil((t.config.sessionAbsoluteHours * 60) / 20);
    for (let beat = 0; beat < beats; beat += 1) {
      t.clock.advance(20 * 60_000);
      await playerApi(player).heartbeat();
    }
    await expectDead(player, file);
  });

  it('after the user is deactivated', async () => {
    const { player, file } = await openWindow();
    await t.db.updateTable('appUser').set({ inactive: 1 }).where('userId', '=', 'pilot').execute();
    await expectDead(player, file);
    await t.db.updateTable('appUser').set({ inactive: 0 }).where('userId', '=', 'pilot').execute();
  });

  it('after the lesson was forced open on another device', async () => {
    const { player, file } = await openWindow();
    const tablet = await signIn(t, 'pilot', password);
    await launchLesson(t.baseUrl, tablet, lessons.one, { force: true });
    const before = await launchesOf();
    await expectDead(player, file);
    expect(await launchesOf()).toBe(before);
  });

  it('a SCO that terminated may still move on once (continue after Terminate), then no more', async () => {
    const { player } = await openWindow();
    expect((await playerApi(player).commit(2, { 'cmi.location': 'end' }, true)).status).toBe(200);
    expect((await playerApi(player).navigate(lessons.two.lessonKey)).status).toBe(200);
    expect((await playerApi(player).navigate(lessons.two.lessonKey)).status).toBe(409);
  });

  it('navigation moves the window on once: the old token opens nothing more', async () => {
    const { player } = await openWindow();
    const moved = await playerApi(player).navigate(lessons.two.lessonKey);
    expect(moved.status).toBe(200);
    const again = await playerApi(player).navigate(lessons.two.lessonKey);
    expect(again.status).toBe(409);
    expect((await playerApi(player).commit(5, { 'cmi.location': 'x' })).status).toBe(409);
  });
});
