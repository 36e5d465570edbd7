import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressElement } from '@waypoint/domain';
import type { CertificateData } from '@waypoint/domain/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD, buildLms, buildUser } from '../../test/factories.js';
import { browserFrom, postLogin, signIn, type Browser } from '../../test/sign-in.js';
import { assignCurriculum, insertCurriculum, type CurriculumSeed } from '../../db/seed/tree.js';
import { NO_CERTIFICATE } from './service.js';

const done = (minutes: number, score = 0.9) => ({
  attempts: 1,
  completion: 1,
  score,
  completedDaysAgo: 2,
  totalTimeMinutes: minutes,
});

/** A curriculum of two courses; `complete` says which courses the student has finished. */
const curriculum = (name: string, complete: [boolean, boolean]): CurriculumSeed => ({
  name,
  description: `${name} description`,
  courses: complete.map((isDone, c) => ({
    name: `${name} course ${c + 1}`,
    topics: [
      {
        name: 'Systems',
        lessons: [
          { name: `${name} ${c} lesson A`, progress: done(20) },
          {
            name: `${name} ${c} lesson B`,
            progress: isDone ? done(10, 0.8) : { attempts: 1, completion: 0, totalTimeMinutes: 3 },
          },
        ],
      },
    ],
  })),
});

const signInTo = async (t: TestApp, userId: string, lmsCode: string) =>
  browserFrom(t, await postLogin(t, userId, TEST_PASSWORD, { 'x-lms-code': lmsCode }));

async function assign(t: TestApp, lmsKey: number, userKey: number, seed: CurriculumSeed) {
  const inserted = await insertCurriculum(t.db, lmsKey, seed);
  const assignmentKey = await assignCurriculum(t.db, t.clock.now(), userKey, inserted, {
    assignedDaysAgo: 10,
    startDaysAgo: 10,
    durationDays: 60,
  });
  return { curriculumKey: inserted.curriculumKey, assignmentKey };
}

describe("certificates: the §7 calls, and nobody sees another's certificate (§6)", () => {
  let t: TestApp;
  let pilot: Browser;
  let colleague: Browser;
  let elsewhere: Browser;
  let noCertificates: Browser;
  let complete: { curriculumKey: number; assignmentKey: number };
  let partial: { curriculumKey: number; assignmentKey: number };
  let failedOutcome: { curriculumKey: number; assignmentKey: number };
  let colleagues: { curriculumKey: number; assignmentKey: number };
  let elsewheres: { curriculumKey: number; assignmentKey: number };
  let disabled: { curriculumKey: number; assignmentKey: number };
  let partialCourses: { courseKey: number; elementCompletion: number }[];

  const path = (b: Browser, ...keys: number[]) =>
    `/lms/api/certificate/${b.lmsKey}/${b.userKey}/${keys.join('/')}`;

  beforeAll(async () => {
    t = await createTestApp();
    const alpha = await buildLms(t.db, { lmsCode: 'alpha', lmsDisplayName: 'Alpha Air Academy' });
    const beta = await buildLms(t.db, { lmsCode: 'beta' });
    const gamma = await buildLms(t.db, { lmsCode: 'gamma', allowStudentsToViewCertificates: 0 });
    await t.db
      .insertInto('certificateSettings')
      .values({
        lmsKey: alpha.lmsKey,
        certificateText: 'has completed the training below.',
        certificateTypeName: 'Certificate of Recurrent Training',
        signatureName: 'Dana Reyes',
        signatureTitle: 'Head of Training',
        showAssignmentList: false,
      })
      .execute();
    const user = await buildUser(t.db, alpha.lmsKey, {
      userId: 'pilot',
      employeeId: 'E-1001',
      displayName: 'Alex Morgan',
      base: 'DUB',
      fleet: 'A320',
      position: 'First Officer',
    });
    const colleagueUser = await buildUser(t.db, alpha.lmsKey, { userId: 'colleague' });
    const elsewhereUser = await buildUser(t.db, beta.lmsKey, { userId: 'elsewhere' });
    const gammaUser = await buildUser(t.db, gamma.lmsKey, { userId: 'gamma.pilot' });
    complete = await assign(
      t,
      alpha.lmsKey,
      user.userKey,
      curriculum('Dangerous Goods', [true, true]),
    );
    partial = await assign(t, alpha.lmsKey, user.userKey, curriculum('Security', [true, false]));
    // Every lesson finished, one of them complete but not passing (credit below 0, §4).
    const failedSeed = curriculum('Checkride', [true, true]);
    failedSeed.courses[1]!.topics[0]!.lessons[1]!.progress = { ...done(10, 0.5), credit: -1 };
    failedOutcome = await assign(t, alpha.lmsKey, user.userKey, failedSeed);
    colleagues = await assign(
      t,
      alpha.lmsKey,
      colleagueUser.userKey,
      curriculum('CRM', [true, true]),
    );
    elsewheres = await assign(
      t,
      beta.lmsKey,
      elsewhereUser.userKey,
      curriculum('Beta', [true, true]),
    );
    disabled = await assign(t, gamma.lmsKey, gammaUser.userKey, curriculum('Gamma', [true, true]));
    pilot = await signIn(t, 'pilot');
    colleague = await signIn(t, 'colleague');
    elsewhere = await signInTo(t, 'elsewhere', 'beta');
    noCertificates = await signInTo(t, 'gamma.pilot', 'gamma');
    const report = (await (
      await pilot.call(
        `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true`,
      )
    ).json()) as { progressReport: ProgressElement[] };
    partialCourses = report.progressReport
      .find((c) => c.elementAssignmentKey === partial.assignmentKey)!
      .elementChildren.map((c) => ({
        courseKey: c.elementKey,
        elementCompletion: c.elementCompletion,
      }));
  });
  afterAll(() => t.close());

  it('fills elementCertificateUrl for complete curricula and courses only (§3, §6)', async () => {
    const report = (await (
      await pilot.call(
        `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true`,
      )
    ).json()) as { progressReport: ProgressElement[] };
    const done = report.progressReport.find(
      (c) => c.elementAssignmentKey === complete.assignmentKey,
    )!;
    expect(done.elementCertificateUrl).toBe(
      `/certificate?lms=${pilot.lmsKey}&assignmentKey=${complete.assignmentKey}&curriculum=${complete.curriculumKey}&user=${pilot.userKey}#curriculum`,
    );
    expect(done.elementChildren[0]!.elementCertificateUrl).toMatch(/&course=\d+#course$/);
    const half = report.progressReport.find(
      (c) => c.elementAssignmentKey === partial.assignmentKey,
    )!;
    expect(half.elementCertificateUrl).toBe('');
    expect(half.elementChildren.map((c) => c.elementCertificateUrl !== '')).toEqual([true, false]);
    // An LMS that does not let students view certificates fills none (allowStudentsToViewCertificates).
    const gamma = (await (
      await noCertificates.call(
        `/lms/api/progressreport/withPrerequisites/${noCertificates.lmsKey}/${noCertificates.userKey}`,
      )
    ).json()) as { progressReport: ProgressElement[] };
    expect(gamma.progressReport[0]!.elementCompletion).toBe(1);
    expect(gamma.progressReport[0]!.elementCertificateUrl).toBe('');
  });

  it('a failed outcome has no certificate: no address in the report, the same 404 (§6 with §4)', async () => {
    const report = (await (
      await pilot.call(
        `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true`,
      )
    ).json()) as { progressReport: ProgressElement[] };
    const failed = report.progressReport.find(
      (c) => c.elementAssignmentKey === failedOutcome.assignmentKey,
    )!;
    // "-3 minimum score not met", carried up from the lesson that did not pass.
    expect(failed.elementCompletion).toBe(-3);
    expect(failed.elementCertificateUrl).toBe('');
    expect(
      failed.elementChildren.map((c) => [c.elementCompletion, c.elementCertificateUrl !== '']),
    ).toEqual([
      [1, true],
      [-3, false],
    ]);
    for (const keys of [
      [failedOutcome.curriculumKey, failedOutcome.assignmentKey],
      [
        failedOutcome.curriculumKey,
        failedOutcome.assignmentKey,
        failed.elementChildren[1]!.elementKey,
      ],
    ]) {
      const response = await pilot.call(path(pilot, ...keys));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: NO_CERTIFICATE });
    }
    expect(
      await t.db
        .selectFrom('issuedCertificate')
        .select('certificateKey')
        .where('assignmentKey', '=', failedOutcome.assignmentKey)
        .where('courseKey', 'is', null)
        .execute(),
    ).toEqual([]);
  });

  it('answers the settings (the five toggles and the theme)', async () => {
    const response = await pilot.call(`/lms/api/certificate/${pilot.lmsKey}/settings`);
    expect(await response.json()).toEqual({
      lmsKey: pilot.lmsKey,
      showLmsName: true,
      showSummaryInfo: true,
      showAssignmentList: false,
      showText: true,
      showSignature: true,
      theme: 'default',
    });
    expect((await colleague.call(`/lms/api/certificate/${elsewhere.lmsKey}/settings`)).status).toBe(
      403,
    );
  });

  it('answers a complete curriculum by the 4-id and 3-id forms and the details post, issued once', async () => {
    const byFour = await pilot.call(path(pilot, complete.curriculumKey, complete.assignmentKey));
    expect(byFour.status).toBe(200);
    const data = (await byFour.json()) as CertificateData;
    expect(data).toMatchObject({
      completedTitle: 'Dangerous Goods',
      displayName: 'Alex Morgan',
      employeeID: 'E-1001',
      userID: 'pilot',
      base: 'DUB',
      fleet: 'A320',
      position: 'First Officer',
      lmsName: 'Alpha Air Academy',
      certificateText: 'has completed the training below.',
      certificateTypeName: 'Certificate of Recurrent Training',
      signatureName: 'Dana Reyes',
      signatureTitle: 'Head of Training',
      kind: 'curriculum',
      status: 'valid',
      expiresInstant: 0,
      // Two courses of a 20- and a 10-minute lesson.
      totalTime: 60 * 60_000,
    });
    expect(data.items).toHaveLength(4);
    expect(data.items[1]).toMatchObject({
      name: 'Dangerous Goods 0 lesson B',
      courseName: 'Dangerous Goods course 1',
      time: 10 * 60_000,
      score: 0.8,
      // One score format everywhere (formatScorePercent, ADR 0010 Scores).
      scoreText: '80%',
      completionStatus: 'Complete',
    });
    // The average of the lessons' 90 % and 80 %: 85 %.
    expect(data).toMatchObject({ score: 0.85, scoreText: '85%' });
    // The credential's result carries the same value (OB 3.0 Result; ADR 0010 Scores).
    const jwt = await (
      await pilot.call(
        `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/issued/${data.certificateId}/credential`,
      )
    ).text();
    const claims = decodeJwt(jwt) as {
      credentialSubject: { result: { value: string; resultDescription: string }[] };
    };
    expect(claims.credentialSubject.result).toEqual([
      expect.objectContaining({ type: ['Result'], value: '85%' }),
    ]);
    expect(data.certificateId).toMatch(/^[A-Z2-7]{26}$/);
    expect(data.verifyUrl).toBe(`${t.config.publicUrl}/verify/${data.certificateId}`);

    const byThree = (await (
      await pilot.call(path(pilot, complete.assignmentKey))
    ).json()) as CertificateData;
    const byPost = await pilot.call(
      '/lms/api/certificate/GetCurriculumCertificateDetailsByAssignmentKey',
      {
        method: 'POST',
        body: JSON.stringify({
          lmsKey: pilot.lmsKey,
          curriculumKey: complete.curriculumKey,
          userKey: pilot.userKey,
          assignmentKey: complete.assignmentKey,
        }),
      },
    );
    expect(byPost.status).toBe(200);
    expect(byThree.certificateId).toBe(data.certificateId);
    expect(((await byPost.json()) as CertificateData).certificateId).toBe(data.certificateId);
  });

  it('answers a complete course by the 5-id form, and not an incomplete one', async () => {
    const [doneCourse, openCourse] = partialCourses;
    expect(doneCourse!.elementCompletion).toBe(1);
    const response = await pilot.call(
      path(pilot, partial.curriculumKey, partial.assignmentKey, doneCourse!.courseKey),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      kind: 'course',
      completedTitle: 'Security course 1',
    });
    const open = await pilot.call(
      path(pilot, partial.curriculumKey, partial.assignmentKey, openCourse!.courseKey),
    );
    expect(open.status).toBe(404);
  });

  describe('every other key is refused, and a refusal learns nothing', () => {
    const expectNoCertificate = async (response: Response) => {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: NO_CERTIFICATE,
      });
    };

    it("another student's assignment under one's own keys: the same 404 as a guessed id", async () => {
      await expectNoCertificate(
        await pilot.call(path(pilot, colleagues.curriculumKey, colleagues.assignmentKey)),
      );
      await expectNoCertificate(await pilot.call(path(pilot, colleagues.assignmentKey)));
      await expectNoCertificate(await pilot.call(path(pilot, 2_000_000_000, 2_000_000_000)));
      await expectNoCertificate(await pilot.call(path(pilot, 987_654)));
      // Another LMS's assignment, asked with one's own LMS key.
      await expectNoCertificate(
        await pilot.call(path(pilot, elsewheres.curriculumKey, elsewheres.assignmentKey)),
      );
    });

    it("an incomplete curriculum, or one's own assignment with another curriculum: 404", async () => {
      await expectNoCertificate(
        await pilot.call(path(pilot, partial.curriculumKey, partial.assignmentKey)),
      );
      await expectNoCertificate(await pilot.call(path(pilot, partial.assignmentKey)));
      await expectNoCertificate(
        await pilot.call(path(pilot, partial.curriculumKey, complete.assignmentKey)),
      );
      await expectNoCertificate(
        await pilot.call(
          path(pilot, complete.curriculumKey, complete.assignmentKey, partialCourses[0]!.courseKey),
        ),
      );
    });

    it('an LMS that does not let students view certificates: 404', async () => {
      await expectNoCertificate(
        await noCertificates.call(
          path(noCertificates, disabled.curriculumKey, disabled.assignmentKey),
        ),
      );
    });

    it("another student's or another LMS's keys in the path: 403 from the guard", async () => {
      const asColleague = `/lms/api/certificate/${colleague.lmsKey}/${colleague.userKey}/${colleagues.curriculumKey}/${colleagues.assignmentKey}`;
      expect((await colleague.call(asColleague)).status).toBe(200);
      expect((await pilot.call(asColleague)).status).toBe(403);
      const asElsewhere = `/lms/api/certificate/${elsewhere.lmsKey}/${elsewhere.userKey}/${elsewheres.assignmentKey}`;
      expect((await pilot.call(asElsewhere)).status).toBe(403);
      expect(
        (
          await pilot.call(
            `/lms/api/certificate/${elsewhere.lmsKey}/${pilot.userKey}/${complete.assignmentKey}`,
          )
        ).status,
      ).toBe(403);
      expect((await fetch(`${t.baseUrl}${path(pilot, complete.assignmentKey)}`)).status).toBe(401);
    });

    it("the details post with another student's or LMS's keys in its body: 403", async () => {
      const post = (body: object) =>
        pilot.call('/lms/api/certificate/GetCurriculumCertificateDetailsByAssignmentKey', {
          method: 'POST',
          body: JSON.stringify(body),
        });
      const own = {
        lmsKey: pilot.lmsKey,
        userKey: pilot.userKey,
        curriculumKey: colleagues.curriculumKey,
        assignmentKey: colleagues.assignmentKey,
      };
      expect((await post({ ...own, userKey: colleague.userKey })).status).toBe(403);
      expect((await post({ ...own, lmsKey: elsewhere.lmsKey })).status).toBe(403);
      await expectNoCertificate(await post(own));
      expect((await post({ ...own, lmsKey: 'x' })).status).toBe(400);
    });

    it("another student's certificate code for the PDF and credential downloads: 404", async () => {
      const theirs = (await (
        await colleague.call(
          `/lms/api/certificate/${colleague.lmsKey}/${colleague.userKey}/${colleagues.assignmentKey}`,
        )
      ).json()) as CertificateData;
      for (const kind of ['pdf', 'credential']) {
        const mine = `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/issued/${theirs.certificateId}/${kind}`;
        await expectNoCertificate(await pilot.call(mine));
        const guessed = `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/issued/AAAAAAAAAAAAAAAAAAAAAAAAAA/${kind}`;
        await expectNoCertificate(await pilot.call(guessed));
        expect(
          (
            await pilot.call(
              `/lms/api/certificate/${colleague.lmsKey}/${colleague.userKey}/issued/${theirs.certificateId}/${kind}`,
            )
          ).status,
        ).toBe(403);
      }
    });
  });

  it('serves the theme files of §7 and the certificate page with no referrer', async () => {
    const html = await fetch(`${t.baseUrl}/themes/certificate/certificate.html`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('data-field="holderName"');
    const css = await fetch(`${t.baseUrl}/themes/certificate/aviation/certificate.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    // Aviation extends the default theme: the default's stylesheet, then its overrides.
    const cssText = await css.text();
    expect(cssText).toContain('@media print');
    expect(cssText.indexOf('--wp-gold')).toBeGreaterThan(cssText.indexOf('theme "default"'));
    const aviationHtml = await (
      await fetch(`${t.baseUrl}/themes/certificate/aviation/certificate.html`)
    ).text();
    expect(aviationHtml).toContain('data-field="holderName"');
    expect(aviationHtml).toContain('wp-theme-aviation');
    expect(aviationHtml).not.toContain('wp-theme-default');
    for (const bad of [
      '/themes/certificate/nope/certificate.css',
      '/themes/certificate/..%2F..%2Fpackage.json',
      '/themes/certificate/aviation/theme.json',
    ]) {
      expect((await fetch(`${t.baseUrl}${bad}`)).status).toBe(404);
    }
    const page = await fetch(`${t.baseUrl}/certificate?lms=1&sessionID=${pilot.sessionId}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
