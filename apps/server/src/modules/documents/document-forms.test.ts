import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  EXPIRATION_REQUIRED_MESSAGE,
  fieldRequiredMessage,
  fileTooLargeMessage,
  fileTypeMessage,
  readonlyMessage,
} from '@waypoint/domain';
import { documentPartName, type DocumentDetail } from '@waypoint/domain/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { cookieHeader, signIn, type Browser } from '../../test/sign-in.js';
import { INCOMPLETE_UPLOAD_MESSAGE } from './multipart.js';

// Real file beginnings: the server decides types from bytes (file-type), so these must be real.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// An MS-DOS/Windows executable header ('MZ' ... 'PE\0\0').
const EXE = (() => {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();
const pdfOfSize = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 32)]);

describe('one document: form detail, multipart save, file removal (§5 Document submit, §7)', () => {
  let t: TestApp;
  let student: Browser;
  let other: Browser;
  let formKey: number;
  let otherFormKey: number;
  const field: Record<string, number> = {};

  /** POST multipart/form-data as the panel sends it (session headers, XSRF, its own boundary). */
  function save(browser: Browser, form: FormData, key = formKey, userKey = browser.userKey) {
    return fetch(`${t.baseUrl}/lms/api/form/${browser.lmsKey}/${key}/${userKey}`, {
      method: 'POST',
      body: form,
      headers: {
        sessionID: browser.sessionId,
        cookie: cookieHeader(browser.jar),
        'x-xsrf-token': browser.jar['XSRF-TOKEN'] ?? '',
      },
    });
  }
  const detail = async (browser: Browser = student, key = formKey) =>
    (await (
      await browser.call(`/lms/api/form/${browser.lmsKey}/${key}/${browser.userKey}`)
    ).json()) as DocumentDetail;

  /** A complete, valid form (text values, the expiry, the scan). */
  function validForm(changes: Record<string, string | [Buffer, string] | null> = {}) {
    const form = new FormData();
    const entries: Record<string, string | [Buffer, string] | null> = {
      expiration: '2027-03-31',
      Scan: [PDF, 'scan.pdf'],
      Notes: 'first',
      Class: '1',
      Ratings: null,
      ...changes,
    };
    for (const [name, value] of Object.entries(entries)) {
      if (value === null) continue;
      const part = documentPartName(field[name]!);
      if (typeof value === 'string') form.append(part, value);
      else form.append(part, new Blob([new Uint8Array(value[0])]), value[1]);
    }
    return form;
  }
  const storedFiles = async () =>
    (await readdir(path.join(t.config.dataDir, 'documents')).catch(() => [] as string[])).sort();
  const row = () =>
    t.db
      .selectFrom('assignedDocument')
      .selectAll()
      .where('formKey', '=', formKey)
      .where('userKey', '=', student.userKey)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db);
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const otherUser = await buildUser(t.db, lms.lmsKey, { userId: 'other' });
    const forms = await t.db
      .insertInto('documentForm')
      .values([
        { lmsKey: lms.lmsKey, name: 'Medical certificate', maxExpirationMs: 2 * 365 * 86_400_000 },
        { lmsKey: lms.lmsKey, name: 'Passport', maxExpirationMs: 0 },
      ])
      .returning('formKey')
      .execute();
    formKey = forms[0]!.formKey;
    otherFormKey = forms[1]!.formKey;
    const fields = await t.db
      .insertInto('documentFormField')
      .values([
        { formKey, name: 'expiration', fieldType: 'date', sortOrder: 0 },
        {
          formKey,
          name: 'Scan',
          fieldType: 'file',
          attributes: JSON.stringify({ required: 'true' }),
          sortOrder: 1,
        },
        { formKey, name: 'Notes', fieldType: 'textarea', sortOrder: 2 },
        {
          formKey,
          name: 'Class',
          fieldType: 'select',
          options: JSON.stringify(['1', '2']),
          attributes: JSON.stringify({ required: 'true' }),
          sortOrder: 3,
        },
        {
          formKey,
          name: 'Ratings',
          fieldType: 'multiselect',
          options: JSON.stringify(['A320', 'B737']),
          sortOrder: 4,
        },
        {
          formKey,
          name: 'Issued by',
          fieldType: 'text',
          attributes: JSON.stringify({ readonly: 'true' }),
          sortOrder: 5,
        },
      ])
      .returning(['fieldKey', 'name'])
      .execute();
    for (const { fieldKey, name } of fields) field[name] = fieldKey;
    await t.db
      .insertInto('assignedDocument')
      .values([
        {
          formKey,
          userKey: user.userKey,
          responseData: JSON.stringify({ 'Issued by': 'Training department' }),
        },
        { formKey: otherFormKey, userKey: otherUser.userKey },
      ])
      .execute();
    student = await signIn(t, 'pilot');
    other = await signIn(t, 'other');
  });
  afterAll(() => t.close());

  it('answers the form as structured fields with the saved answers', async () => {
    const answer = await detail();
    expect(answer.document).toMatchObject({
      formKey,
      name: 'Medical certificate',
      responseData: '{"Issued by":"Training department"}',
    });
    expect(answer.fields.map((f) => [f.name, f.type])).toEqual([
      ['expiration', 'date'],
      ['Scan', 'file'],
      ['Notes', 'textarea'],
      ['Class', 'select'],
      ['Ratings', 'multiselect'],
      ['Issued by', 'text'],
    ]);
    expect(answer.fields[1]).toMatchObject({ attributes: { required: 'true' }, file: null });
    expect(answer.fields[3]!.options).toEqual(['1', '2']);
    expect(answer.fields[5]!.attributes).toMatchObject({
      readonly: 'true',
      value: 'Training department',
    });
  });

  it("refuses another student's document: 403 for their path, 404 for a form not assigned", async () => {
    const theirs = `/lms/api/form/${other.lmsKey}/${otherFormKey}/${other.userKey}`;
    expect((await student.call(theirs)).status).toBe(403);
    expect((await save(student, validForm(), otherFormKey, other.userKey)).status).toBe(403);
    const notMine = `/lms/api/form/${student.lmsKey}/${otherFormKey}/${student.userKey}`;
    expect((await student.call(notMine)).status).toBe(404);
    expect((await save(student, validForm(), otherFormKey)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}${theirs}`)).status).toBe(401);
    // A write without the XSRF echo is refused before the body is read.
    const noXsrf = await fetch(
      `${t.baseUrl}/lms/api/form/${student.lmsKey}/${formKey}/${student.userKey}`,
      {
        method: 'POST',
        body: validForm(),
        headers: { sessionID: student.sessionId, cookie: cookieHeader(student.jar) },
      },
    );
    expect(noXsrf.status).toBe(403);
    expect(await storedFiles()).toEqual([]);
  });

  describe('a saved document', () => {
    let saved: DocumentDetail;
    beforeAll(async () => {
      const response = await save(
        student,
        validForm({
          Scan: [PDF, '../../x.pdf'],
          Ratings: null,
          'Issued by': 'Training department',
        }),
      );
      expect(response.status).toBe(200);
      saved = (await response.json()) as DocumentDetail;
    });

    it('keeps the answers, the expiry and the file (its name without any path)', async () => {
      expect(JSON.parse(saved.document.responseData)).toEqual({
        'Issued by': 'Training department',
        expiration: '2027-03-31',
        Scan: 'x.pdf',
        Notes: 'first',
        Class: '1',
        Ratings: [],
      });
      expect(saved.document.expirationInstant).toBe(Date.UTC(2027, 2, 31, 23, 59, 59, 999));
      const scan = saved.fields[1]!;
      expect(scan.file).toMatchObject({ fileName: 'x.pdf', contentType: 'application/pdf' });
      expect(scan.attributes.href).toBe(
        `/api/form/${student.lmsKey}/${formKey}/${student.userKey}/file/${scan.file!.uploadKey}`,
      );
      // Nothing is written outside the storage folder: one stored file, named by the server.
      const files = await storedFiles();
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^doc-[0-9a-f]{32}$/);
      const everything = await readdir(t.config.dataDir, { recursive: true });
      expect(everything.filter((entry) => entry.includes('x.pdf'))).toEqual([]);
      const counts = await student.call(`/lms/api/form/${student.lmsKey}/count/${student.userKey}`);
      expect(await counts.json()).toEqual({ Expired: 0, Unsubmitted: 0 });
    });

    it('serves the file to its owner only, from the content origin, as a nosniff attachment', async () => {
      const link = (await detail()).fields[1]!.attributes.download!;
      expect(new URL(link).hostname).toBe('localhost');
      const response = await fetch(link);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="x.pdf"/);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
      // Not from the panel's host; not with a changed owner or upload; not once the link ended.
      const onPanel = link.replace('localhost', '127.0.0.1');
      expect((await fetch(onPanel)).status).toBe(404);
      const token = link.split('/').pop()!;
      const [upload, owner, until, signature] = token.split('.');
      const forged = `${upload}.${other.userKey}.${until}.${signature}`;
      expect((await fetch(link.replace(token, forged))).status).toBe(404);
      expect(
        (await fetch(link.replace(token, `${Number(upload) + 1}.${owner}.${until}.${signature}`)))
          .status,
      ).toBe(404);
      t.clock.advance(11 * 60_000);
      expect((await fetch(link)).status).toBe(404);
    });

    describe('a refused save leaves the earlier answers and files exactly as they were', () => {
      let before: Awaited<ReturnType<typeof row>>;
      let filesBefore: string[];
      let uploadsBefore: unknown[];
      beforeEach(async () => {
        before = await row();
        filesBefore = await storedFiles();
        uploadsBefore = await t.db.selectFrom('documentUpload').selectAll().execute();
      });
      async function expectRefused(response: Response, status: number, messages: string[]) {
        expect(response.status).toBe(status);
        const body = (await response.json()) as { message: string; messages: string[] };
        expect(body.messages).toEqual(messages);
        expect(body.message).toBe(messages.join(' - '));
        expect(await row()).toEqual(before);
        expect(await storedFiles()).toEqual(filesBefore);
        expect(await t.db.selectFrom('documentUpload').selectAll().execute()).toEqual(
          uploadsBefore,
        );
      }

      it('a file of 5000 KB (rounded)', async () => {
        const ok = DOCUMENT_UPLOAD_MAX_BYTES;
        expect(Math.round(ok / 1024)).toBe(4999);
        await expectRefused(
          await save(
            student,
            validForm({ Notes: 'changed', Scan: [pdfOfSize(ok + 1), 'big.pdf'] }),
          ),
          400,
          [fileTooLargeMessage('Scan')],
        );
        await expectRefused(
          await save(
            student,
            validForm({ Notes: 'changed', Scan: [pdfOfSize(6_000_000), 'big.pdf'] }),
          ),
          400,
          [fileTooLargeMessage('Scan')],
        );
      });

      it('a program renamed to .pdf, decided by its bytes', async () => {
        await expectRefused(
          await save(student, validForm({ Notes: 'changed', Scan: [EXE, 'licence.pdf'] })),
          400,
          [fileTypeMessage('Scan')],
        );
      });

      it('an empty required field and a missing expiry, joined with " - "', async () => {
        await expectRefused(
          await save(student, validForm({ Notes: 'changed', Class: '', expiration: '' })),
          400,
          [EXPIRATION_REQUIRED_MESSAGE, fieldRequiredMessage('Class')],
        );
        await expectRefused(
          await save(student, validForm({ Notes: 'changed', expiration: null, Class: null })),
          400,
          [EXPIRATION_REQUIRED_MESSAGE, fieldRequiredMessage('Class')],
        );
      });

      it('a changed read-only field, an unknown part, a choice not offered, an expiry too far', async () => {
        await expectRefused(
          await save(student, validForm({ Notes: 'changed', 'Issued by': 'Me' })),
          400,
          [readonlyMessage('Issued by')],
        );
        const form = validForm({ Notes: 'changed', Class: '9', expiration: '2099-01-01' });
        form.append('field-999999', 'x');
        await expectRefused(await save(student, form), 400, [
          "The 'Class' field holds a value that is not one of its choices.",
          "The form has no field 'field-999999'.",
          'The expiration date can be at most 730 days from today.',
        ]);
      });

      it('a multipart body that breaks off', async () => {
        const boundary = 'waypointboundary';
        const body =
          `--${boundary}\r\nContent-Disposition: form-data; name="${documentPartName(field.Notes!)}"\r\n\r\nchanged\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="${documentPartName(field.Scan!)}"; filename="a.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n%PDF-1.4 and then noth`;
        const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const url = new URL(
            `${t.baseUrl}/lms/api/form/${student.lmsKey}/${formKey}/${student.userKey}`,
          );
          const request = http.request(
            url,
            {
              method: 'POST',
              headers: {
                'content-type': `multipart/form-data; boundary=${boundary}`,
                'content-length': Buffer.byteLength(body),
                sessionID: student.sessionId,
                cookie: cookieHeader(student.jar),
                'x-xsrf-token': student.jar['XSRF-TOKEN'] ?? '',
              },
            },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            },
          );
          request.on('error', reject);
          request.end(body);
        });
        expect(response.status).toBe(400);
        expect(JSON.parse(response.body)).toMatchObject({ messages: [INCOMPLETE_UPLOAD_MESSAGE] });
        expect(await row()).toEqual(before);
        expect(await storedFiles()).toEqual(filesBefore);
      });

      it('a JSON body', async () => {
        const response = await student.call(
          `/lms/api/form/${student.lmsKey}/${formKey}/${student.userKey}`,
          { method: 'POST', body: JSON.stringify({ Notes: 'changed' }) },
        );
        expect(response.status).toBe(415);
        expect(await row()).toEqual(before);
      });
    });

    it('a save without a new file keeps the saved one; a new file replaces it on disk', async () => {
      const kept = await save(student, validForm({ Scan: null, Notes: 'second', Ratings: 'A320' }));
      expect(kept.status).toBe(200);
      const keptDetail = (await kept.json()) as DocumentDetail;
      expect(keptDetail.fields[1]!.file?.fileName).toBe('x.pdf');
      expect(keptDetail.fields[4]!.values).toEqual(['A320']);
      const filesBefore = await storedFiles();
      const replaced = await save(student, validForm({ Scan: [PNG, 'photo.png'] }));
      expect(replaced.status).toBe(200);
      const replacedDetail = (await replaced.json()) as DocumentDetail;
      expect(replacedDetail.fields[1]!.file).toMatchObject({
        fileName: 'photo.png',
        contentType: 'image/png',
      });
      const filesAfter = await storedFiles();
      expect(filesAfter).toHaveLength(1);
      expect(filesAfter).not.toEqual(filesBefore);
    });

    it('removes a saved file: only its owner, once, and from the disk', async () => {
      const href = (await detail()).fields[1]!.attributes.href!;
      expect((await other.call(`/lms${href}`, { method: 'DELETE' })).status).toBe(403);
      const removed = await student.call(`/lms${href}`, { method: 'DELETE' });
      expect(removed.status).toBe(200);
      const after = (await removed.json()) as DocumentDetail;
      expect(after.fields[1]!.file).toBeNull();
      expect(JSON.parse(after.document.responseData)).not.toHaveProperty('Scan');
      expect(await storedFiles()).toEqual([]);
      expect((await student.call(`/lms${href}`, { method: 'DELETE' })).status).toBe(404);
      // The required file is missing again: a save must bring one.
      const again = await save(student, validForm({ Scan: null }));
      expect(again.status).toBe(400);
      expect(((await again.json()) as { messages: string[] }).messages).toEqual([
        fieldRequiredMessage('Scan'),
      ]);
    });
  });
});
