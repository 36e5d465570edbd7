import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildAssignment, buildLms, buildUser, TEST_PASSWORD } from '../test/factories.js';
import {
  browserFrom,
  latestCode,
  postLogin,
  signIn,
  waitForEmails,
  type Browser,
} from '../test/sign-in.js';
import { launchLesson, playerApi, singleScoManifest2004, zipOf } from '../test/launch.js';
import { importScormPackage } from '../modules/content/import.service.js';
import { localContentStorage } from '../modules/content/storage.js';

/**
 * The info-level request log after a full sign-in, MFA, password reset, lesson launch and
 * certificate address holds none of the credentials they carried (ADR 0009).
 */
describe('the request log reveals no credential', () => {
  let t: TestApp;
  const lines: string[] = [];
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    const pilot = await buildUser(t.db, lms.lmsKey, {
      userId: 'pilot',
      email: 'pilot@example.test',
    });
    await buildUser(t.db, lms.lmsKey, {
      userId: 'mia',
      email: 'mia@example.test',
      mfaEnabled: true,
    });
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: 'p', title: 'Systems', lesson: 'One' }),
        'index.html': '<p>one</p>',
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Type Rating', course: 'Systems' },
    );
    const assignment = await buildAssignment(t.db, {
      userKey: pilot.userKey,
      curriculumKey: imported.curriculum!.curriculumKey,
      startDate: t.clock.now(),
    });

    // Password sign-in and the session check by id.
    const browser: Browser = await signIn(t, 'pilot');
    secrets.set('session id', browser.sessionId);
    secrets.set('password', TEST_PASSWORD);
    expect((await browser.call(`/lms/api/Login/${browser.sessionId}`)).status).toBe(200);

    // MFA sign-in.
    const mfaAnswer = (await (await postLogin(t, 'mia')).json()) as { mfaID: string };
    const code = await latestCode(t, 'mia@example.test');
    secrets.set('MFA id', mfaAnswer.mfaID);
    secrets.set('MFA code', code);
    const mfaBrowser = await browserFrom(
      t,
      await fetch(`${t.baseUrl}/lms/api/login/ValidateMFACode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', useCookie: '1', panel: 'student' },
        body: JSON.stringify({
          mfaID: mfaAnswer.mfaID,
          mfaVerificationCode: code,
          rememberDevice: false,
        }),
      }),
    );
    secrets.set('MFA session id', mfaBrowser.sessionId);

    // A lesson: launch id, player token, content and commits.
    const player = await launchLesson(t.baseUrl, browser, {
      curriculumKey: imported.curriculum!.curriculumKey,
      lessonKey: imported.lessons[0]!.lessonKey,
      assignmentKey: assignment.assignmentKey,
    });
    secrets.set('launch id', player.launchId);
    secrets.set('player token', player.token);
    const api = playerApi(player);
    expect((await api.state()).status).toBe(200);
    expect((await api.commit(1, { 'cmi.location': '2' })).status).toBe(200);
    await fetch(`${player.contentOrigin}/content/${player.launchId}/index.html`);

    // The certificate page's address carries the session id in its query (spec §2).
    await fetch(`${t.baseUrl}/certificate?lms=1&user=2&sessionID=${browser.sessionId}`);

    // Password reset by email, then a change of password (old password in the path, §7).
    await fetch(
      `${t.baseUrl}/lms/api/PasswordReset/VALIDATE_EMAIL/pilot%40example.test?fromStudentpanel=true`,
    );
    const [email] = await waitForEmails(t, 'pilot@example.test', 1);
    const token = /token=([\w-]+)/.exec(email!.textBody)![1]!;
    secrets.set('reset token', token);
    secrets.set('email', 'pilot@example.test');
    secrets.set('encoded email', 'pilot%40example.test');
    await fetch(`${t.baseUrl}/lms/api/PasswordReset/VALIDATE_TOKEN/${token}/pilot%40example.test`);
    const newPassword = 'Another-secret-9';
    secrets.set('new password', newPassword);
    await fetch(`${t.baseUrl}/lms/api/PasswordReset/${token}/pilot%40example.test`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        newPassword,
        newPasswordEncoded: encodeURIComponent(newPassword),
      },
    });
    const again = await signIn(t, 'pilot', newPassword);
    await again.call(
      `/lms/api/user/ignored/ignored/${again.userKey}/PASSWORD/${encodeURIComponent(newPassword)}`,
      { method: 'PUT', body: JSON.stringify({ password: 'Third-secret-77' }) },
    );
    secrets.set('later session id', again.sessionId);
  });
  afterAll(() => t.close());

  it('logged every request, with addresses', () => {
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(urls.filter(Boolean).length).toBeGreaterThan(15);
    expect(urls).toContain('/lms/api/Login/[redacted]');
  });

  it('holds none of the credentials', () => {
    const log = lines.join('');
    for (const [name, value] of secrets) {
      expect(log.includes(value), `${name} (${value}) is in the log`).toBe(false);
    }
  });
});
