import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../test/operator-cli.js';
import type { OperatorDeps } from '../operator/service.js';
import { localDocumentFileStore } from './file-store.js';

// The operator's document commands through the CLI, in-process on its own database: define a
// document type from JSON (line-numbered errors), assign it, list responses, download a
// student's files, set and clear an expiry.
describe('document commands (CLI, own database)', () => {
  let handle: DatabaseHandle;
  let deps: OperatorDeps;
  let dataDir: string;
  let userKey: number;
  const file = (name: string) => path.join(dataDir, name);

  const cli = operatorCli(() => deps);
  /** A command on the 'Medical' document of LMS 'north'; `forMia`: of the student mia.lund. */
  const medical = (command: string, ...args: string[]) =>
    cli(command, '--lms', 'north', '--document', 'Medical', ...args);
  const forMia = (command: string, ...args: string[]) =>
    medical(command, '--user', 'mia.lund', ...args);

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-document-commands-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    deps = testOperatorDeps(handle.db, config, systemClock);
    const lms = await buildLms(handle.db, { lmsCode: 'north' });
    userKey = (await buildUser(handle.db, lms.lmsKey, { userId: 'mia.lund' })).userKey;
    await buildUser(handle.db, lms.lmsKey, { userId: 'a1', restrictionGroup: 'cabin' });
    await buildUser(handle.db, lms.lmsKey, { userId: 'a2', restrictionGroup: 'cabin' });
    await writeFile(
      file('medical.json'),
      JSON.stringify(
        {
          name: 'Medical',
          maxExpirationDays: 365,
          fields: [
            { name: 'expiration', type: 'date', required: true },
            { name: 'Scan', type: 'file', required: true },
          ],
        },
        null,
        2,
      ),
    );
    await writeFile(
      file('broken.json'),
      '{\n  "name": "Broken",\n  "fields": [\n    { "name": "A", "type": "upload" }\n  ]\n}\n',
    );
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('defines a document type, and refuses a bad file with line numbers, changing nothing', async () => {
    const bad = await cli('define-document', file('broken.json'), '--lms', 'north');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain(
      'line 4: field \'A\': "type" must be one of text, textarea, date, select, multiselect, checkbox, file.',
    );
    expect(await handle.db.selectFrom('documentForm').selectAll().execute()).toEqual([]);

    const good = await cli('define-document', file('medical.json'), '--lms', 'north');
    expect(good).toMatchObject({ code: 0 });
    expect(good.out).toMatch(/^Defined document type 'Medical' \(2 fields, key \d+\)\.$/);
    const again = await cli('define-document', file('medical.json'), '--lms', 'north');
    expect(again.out).toMatch(/^Updated document type 'Medical'/);
  });

  it('assigns to users and groups, sets and clears an expiry, lists the responses', async () => {
    expect((await forMia('assign-document')).out).toBe("Assigned 'Medical' to 1 user.");
    expect((await medical('assign-document', '--group', 'cabin')).out).toBe(
      "Assigned 'Medical' to 2 users.",
    );
    const missing = await cli(
      'assign-document',
      '--lms',
      'north',
      '--document',
      'Nope',
      '--user',
      'a1',
    );
    expect(missing.err).toContain("No document type is named 'Nope'.");

    const set = await forMia('set-document-expiry', '--date', '2030-02-28');
    expect(set.out).toBe("'Medical' of mia.lund now expires at the end of 2030-02-28.");
    const badDate = await forMia('set-document-expiry', '--date', '2030-02-30');
    expect(badDate.err).toContain("'2030-02-30' is not a date written as yyyy-mm-dd.");
    const listed = await medical('document-responses', '--json');
    const responses = (
      JSON.parse(listed.out) as {
        responses: { user: string; status: string; expires: string | null }[];
      }
    ).responses;
    expect(responses.map((r) => [r.user, r.status, r.expires])).toEqual([
      ['a1', 'Unsubmitted', null],
      ['a2', 'Unsubmitted', null],
      ['mia.lund', 'Submitted', '2030-02-28T23:59:59.999Z'],
    ]);
    const cleared = await forMia('set-document-expiry', '--clear');
    expect(cleared.out).toBe("'Medical' of mia.lund no longer has an expiry.");
  });

  it("writes a student's files into a folder, under clean names, never over a file", async () => {
    const store = localDocumentFileStore(deps.config);
    const form = await handle.db
      .selectFrom('documentForm')
      .select('formKey')
      .executeTakeFirstOrThrow();
    const scan = await handle.db
      .selectFrom('documentFormField')
      .select('fieldKey')
      .where('name', '=', 'Scan')
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from('%PDF-1.4 scan');
    await handle.db
      .insertInto('documentUpload')
      .values({
        formKey: form.formKey,
        userKey,
        fieldKey: scan.fieldKey,
        fileName: '../evil.pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        storagePath: await store.save(bytes),
        uploadedAt: new Date(),
      })
      .execute();
    const out = file('out');
    const first = await forMia('document-files', '--out', out);
    expect(first.code).toBe(0);
    await forMia('document-files', '--out', out);
    expect((await readdir(out)).sort()).toEqual(['evil-2.pdf', 'evil.pdf']);
    expect(await readFile(path.join(out, 'evil.pdf'))).toEqual(bytes);
    expect(await readdir(dataDir)).not.toContain('evil.pdf');
  });
});
