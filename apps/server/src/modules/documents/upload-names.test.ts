import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPartName, type DocumentDetail } from '@waypoint/domain/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { cookieHeader, signIn, type Browser } from '../../test/sign-in.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * An uploaded file's name loses its bidirectional controls (form-rules.ts cleanUploadName): a
 * right-to-left override in `scan\u202Efdp.exe` would show it as `scanexe.pdf` in the panel and in
 * the browser's save dialog. Over HTTP: the saved name, the form's answer and the download's
 * Content-Disposition hold none.
 */
describe('upload names without bidirectional controls (§5 Document submit)', () => {
  let t: TestApp;
  let student: Browser;
  let formKey: number;
  let fieldKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db);
    await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    formKey = (
      await t.db
        .insertInto('documentForm')
        .values({ lmsKey: lms.lmsKey, name: 'Medical certificate', maxExpirationMs: 0 })
        .returning('formKey')
        .executeTakeFirstOrThrow()
    ).formKey;
    fieldKey = (
      await t.db
        .insertInto('documentFormField')
        .values({ formKey, name: 'Scan', fieldType: 'file', sortOrder: 0 })
        .returning('fieldKey')
        .executeTakeFirstOrThrow()
    ).fieldKey;
    student = await signIn(t, 'pilot');
    await t.db
      .insertInto('assignedDocument')
      .values({ formKey, userKey: student.userKey })
      .execute();
  });
  afterAll(() => t.close());

  it('saves, answers and serves "scan\\u202Efdp.exe" as "scanfdp.exe"', async () => {
    const body = new FormData();
    body.append(documentPartName(fieldKey), new Blob([new Uint8Array(PDF)]), 'scan\u202Efdp.exe');
    const path = `/lms/api/form/${student.lmsKey}/${formKey}/${student.userKey}`;
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
    const stored = await t.db.selectFrom('documentUpload').select('fileName').execute();
    expect(stored).toEqual([{ fileName: 'scanfdp.exe' }]);
    const detail = (await (await student.call(path)).json()) as DocumentDetail;
    expect(detail.fields[0]!.file!.fileName).toBe('scanfdp.exe');
    const download = await fetch(detail.fields[0]!.attributes.download!);
    expect(download.status).toBe(200);
    const disposition = download.headers.get('content-disposition')!;
    expect(disposition).toContain('filename="scanfdp.exe"');
    expect(disposition).toContain("filename*=UTF-8''scanfdp.exe");
    expect(disposition).not.toMatch(/%E2%80%AE|\u202E/i);
  });
});
