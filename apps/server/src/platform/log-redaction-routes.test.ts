import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarFeedCalls,
  documentPartName,
  type DocumentDetail,
} from '@waypoint/domain/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildLms, buildUser } from '../test/factories.js';
import { testOperatorDeps } from '../test/operator-cli.js';
import { cookieHeader, signIn, type Browser } from '../test/sign-in.js';
import { runOperatorCommand } from '../modules/operator/service.js';
import { REDACTED } from './log-redaction.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Over real HTTP, each route that carries a bearer value in its address (platform/log-redaction.ts
 * SECRET_ROUTES; the session, reset, launch and player ones are in log-secrets.test.ts): the
 * value works (the file or page is served), and the info-level request log holds only its
 * redacted address (ADR 0009).
 */
describe('the request log keeps no download token, feed key, certificate code or SSO answer', () => {
  let t: TestApp;
  let student: Browser;
  const lines: string[] = [];
  const loggedUrls = () =>
    lines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => typeof url === 'string');

  beforeAll(async () => {
    t = await createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const lms = await buildLms(t.db, { lmsCode: 'logs' });
    await buildUser(t.db, lms.lmsKey, { userId: 'pilot', email: 'pilot@example.test' });
    student = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  /** Fetches `url` (expecting `status`), then checks the log has its address without `secret`. */
  async function expectRedacted(url: string, secret: string, status: number) {
    lines.length = 0;
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(status);
    await response.arrayBuffer();
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    expect(loggedUrls()).toContain(path.replace(secret, REDACTED));
    expect(lines.join('\n')).not.toContain(secret);
  }

  it("a student's uploaded document: /content/documents/{token}", async () => {
    const form = await t.db
      .insertInto('documentForm')
      .values({ lmsKey: student.lmsKey, name: 'Medical certificate', maxExpirationMs: 0 })
      .returning('formKey')
      .executeTakeFirstOrThrow();
    const field = await t.db
      .insertInto('documentFormField')
      .values({ formKey: form.formKey, name: 'Scan', fieldType: 'file', sortOrder: 0 })
      .returning('fieldKey')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('assignedDocument')
      .values({ formKey: form.formKey, userKey: student.userKey })
      .execute();
    const body = new FormData();
    body.append(documentPartName(field.fieldKey), new Blob([new Uint8Array(PDF)]), 'medical.pdf');
    const path = `/lms/api/form/${student.lmsKey}/${form.formKey}/${student.userKey}`;
    const saved = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      body,
      headers: {
        sessionID: student.sessionId,
        cookie: cookieHeader(student.jar),
        'x-xsrf-token': student.jar['XSRF-TOKEN'] ?? '',
      },
    });
    expect(saved.status).toBe(200);
    const detail = (await (await student.call(path)).json()) as DocumentDetail;
    const link = detail.fields[0]!.attributes.download!;
    const token = link.split('/').pop()!;
    expect(token).toMatch(/^\d+\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    await expectRedacted(link, token, 200);
  });

  it('a library file: /content/library-media/{token}/{file}', async () => {
    await runOperatorCommand(
      testOperatorDeps(t.db, t.config, t.clock, t.app.deps),
      'library-add-file',
      { lms: 'logs', name: 'FCOM', fileName: 'fcom.pdf' },
      PDF,
    );
    const list = await student.call(
      `/lms/api/library/${student.lmsKey}/LIBRARY_MEDIA/${student.userKey}`,
    );
    const item = ((await list.json()) as { name: string; link: string }[]).find(
      (media) => media.name === 'FCOM',
    )!;
    const redirect = await fetch(`${t.baseUrl}${item.link}`, {
      redirect: 'manual',
      headers: { cookie: cookieHeader({ ...student.jar, sessionID: student.sessionId }) },
    });
    const address = redirect.headers.get('location')!;
    const token = /\/content\/library-media\/([^/]+)\//.exec(address)![1]!;
    await expectRedacted(address, token, 200);
  });

  it('the calendar feed: /lms/calendar-feed/{key}.ics', async () => {
    const feed = (await (
      await student.call(`/lms${calendarFeedCalls.feed.path(student.lmsKey, student.userKey)}`)
    ).json()) as { httpUrl: string };
    const key = /\/calendar-feed\/([^/]+)$/.exec(feed.httpUrl)![1]!;
    lines.length = 0;
    expect((await fetch(`${t.baseUrl}/lms/calendar-feed/${key}`)).status).toBe(200);
    expect(loggedUrls()).toContain(`/lms/calendar-feed/${REDACTED}`);
    expect(lines.join('\n')).not.toContain(key.replace(/\.ics$/, ''));
  });

  it('a certificate code: /verify/{code} and /verify?code=', async () => {
    const code = 'WPX7-K2QM-9RTA-4HCD';
    await expectRedacted(`${t.baseUrl}/verify/${code}`, code, 404);
    await expectRedacted(`${t.baseUrl}/verify?code=${code}`, code, 404);
  });

  it("an identity provider's answer: the code and state of the OIDC callback", async () => {
    lines.length = 0;
    const code = 'idp-authorization-code-1';
    const state = 'pending-login-state-1';
    await fetch(`${t.baseUrl}/lms/sso/logs/oidc/callback?code=${code}&state=${state}`);
    expect(loggedUrls()).toContain(
      `/lms/sso/logs/oidc/callback?code=${REDACTED}&state=${REDACTED}`,
    );
    expect(lines.join('\n')).not.toContain(code);
    expect(lines.join('\n')).not.toContain(state);
  });
});
