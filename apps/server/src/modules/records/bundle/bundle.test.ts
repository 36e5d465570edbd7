import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { consoleComplianceCalls, consoleRecordsCalls } from '@waypoint/domain/console-contract';
import { assignCurriculum, insertCurriculum } from '../../../db/seed/tree.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildLms, buildUser } from '../../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../../test/operator-cli.js';
import type { Browser } from '../../../test/sign-in.js';
import { staffBrowser } from '../../../test/staff.js';
import { readZip } from '../../../test/zip.js';
import { publicKeys } from '../../certificates/keys.js';
import { EXPIRED_TICKET_MESSAGE } from '../../compliance/exports/ticket.js';
import { entryHash } from '../chain.js';
import { peopleEvents } from './bundle-zip.js';
import { verificationText, verifyBundle } from './verify-bundle.js';

// Records on request: a population's records for a period as one signed bundle (per person a PDF
// and a CSV, their training events as JSON Lines, a manifest of hashes signed as a JWS with the
// LMS's credential key), fetched once by ticket; verify-bundle names every file that changed.

const PREPARE = `/lms${consoleRecordsCalls.prepareBundle.path()}`;
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A zip of these entries, in this order (to alter a bundle the way an attacker would). */
async function zipOf(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('records bundle', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let manManager: Browser;
  let period: { from: string; to: string };
  const keys = async () => (await publicKeys(t.app.deps)).map(({ jwk }) => jwk);

  beforeAll(async () => {
    t = await createTestApp();
    const now = Date.now();
    // The events are stamped with the database's clock: a period around today holds them.
    period = { from: day(now - 30 * DAY_MS), to: day(now + DAY_MS) };
    lmsKey = (await buildLms(t.db, { lmsCode: 'acme-air' })).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    manManager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['MAN'],
    });
    const crm = await insertCurriculum(t.db, lmsKey, {
      name: 'Recurrent CRM',
      description: '',
      courses: [
        {
          name: 'CRM course',
          topics: [
            {
              name: 'Human factors',
              lessons: [
                {
                  name: 'CRM briefing',
                  progress: {
                    attempts: 1,
                    completion: 1,
                    score: 0.9,
                    completedDaysAgo: 2,
                    totalTimeMinutes: 40,
                    lastLaunchedHoursAgo: 50,
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    for (const [userId, group, name] of [
      ['man.silva', 'MAN', ['Ana', 'Silva']],
      ['lhr.chan', 'LHR', ['Lee', 'Chan']],
    ] as const) {
      const user = await buildUser(t.db, lmsKey, {
        userId,
        base: group,
        restrictionGroup: group,
        employeeId: `E-${userId}`,
        nameOther: name[0],
        nameCollated: name[1],
        displayName: `${name[0]} ${name[1]}`,
      });
      await assignCurriculum(t.db, t.clock.now(), user.userKey, crm, {
        assignedDaysAgo: 10,
        startDaysAgo: 10,
        durationDays: 365,
      });
    }
  });
  afterAll(() => t.close());

  const bundleOf = async (browser: Browser, body: unknown) => {
    const prepared = await browser.call(PREPARE, { method: 'POST', body: JSON.stringify(body) });
    expect(prepared.status, await prepared.clone().text()).toBe(200);
    const ticket = (await prepared.json()) as { url: string; fileName: string };
    const response = await fetch(`${t.baseUrl}${ticket.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    return { ticket, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('holds per person a PDF and a CSV, their events, and a manifest signed with the LMS key', async () => {
    const { ticket, bytes } = await bundleOf(admin, { filter: {}, ...period });
    expect(ticket.fileName).toMatch(/^waypoint-acme-air-records-bundle-.+\.zip$/);
    const entries = await readZip(bytes);
    expect([...entries.keys()].sort()).toEqual([
      'events.jsonl',
      'manifest.json',
      'manifest.jws',
      'people/lhr.chan/record.csv',
      'people/lhr.chan/record.pdf',
      'people/man.silva/record.csv',
      'people/man.silva/record.pdf',
    ]);
    expect(entries.get('people/man.silva/record.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    // The student's own CSV: the items, then (after an empty line) the 'Attempts' section.
    const text = entries.get('people/man.silva/record.csv')!.toString('utf8').slice(1);
    const items = parse(text.split('\r\n\r\n')[0]!) as string[][];
    expect(items.some((row) => row.includes('CRM briefing'))).toBe(true);
    expect(items.slice(1).every((row) => row[0] === 'Ana Silva')).toBe(true);
    expect(text).toContain('Attempts');

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
      lms: string;
      period: unknown;
      generatedBy: string;
      population: { people: number };
      files: { path: string }[];
    };
    expect(manifest).toMatchObject({ lms: 'acme-air', period, population: { people: 2 } });
    expect(manifest.files.map((file) => file.path)).toContain('events.jsonl');

    // Every event line has every column; its hash recomputes from what the line holds.
    const subjects = await t.db.selectFrom('recordSubject').select('subjectId').execute();
    const lines = entries.get('events.jsonl')!.toString('utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const event = JSON.parse(line) as Record<string, string | number | null>;
      expect(Object.keys(event)).toEqual([
        'lms_key',
        'seq',
        'at',
        'type',
        'subject_id',
        'actor',
        'payload',
        'prev_hash',
        'hash',
      ]);
      expect(subjects.map((s) => s.subjectId)).toContain(event.subject_id);
      expect(
        entryHash({
          lmsKey: event.lms_key as number,
          seq: event.seq as number,
          at: new Date(event.at as string),
          type: event.type as string,
          subjectId: event.subject_id as string | null,
          actor: event.actor as string,
          payload: event.payload as string,
          prevHash: event.prev_hash as string,
        }),
      ).toBe(event.hash);
      // No names in the events (the chain holds subject ids only).
      expect(line).not.toMatch(/Silva|Chan|man\.silva|lhr\.chan/);
    }

    // A population too large to name in one statement gets the same events, picked while read.
    const everyone = subjects.map((s) => s.subjectId);
    const window = {
      from: new Date(`${period.from}T00:00:00Z`),
      to: new Date(Date.now() + DAY_MS),
    };
    const picked: number[] = [];
    for await (const event of peopleEvents(t.db, lmsKey, everyone, window, 0))
      picked.push(event.seq);
    expect(picked).toEqual(lines.map((line) => (JSON.parse(line) as { seq: number }).seq));

    const result = await verifyBundle(bytes, await keys());
    expect(result.problems).toEqual([]);
    const [active] = await t.db.selectFrom('credentialSigningKey').select('kid').execute();
    expect(verificationText(result)).toBe(
      `Bundle intact: 5 files, signed by key ${active!.kid} of LMS acme-air.`,
    );

    // The ticket is used up, and the download is on record.
    const again = await fetch(`${t.baseUrl}${ticket.url}`);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe(EXPIRED_TICKET_MESSAGE);
    const audit = await t.db
      .selectFrom('auditEvent')
      .select(['action', 'actorUserKey'])
      .where('action', '=', 'records.bundle')
      .execute();
    expect(audit).toContainEqual({ action: 'records.bundle', actorUserKey: admin.userKey });
  });

  it('names the file whose byte was altered, and a manifest that no longer verifies', async () => {
    const { bytes } = await bundleOf(admin, { filter: {}, ...period });
    const entries = await readZip(bytes);
    const csv = Buffer.from(entries.get('people/lhr.chan/record.csv')!);
    csv[csv.length - 3] = csv[csv.length - 3]! ^ 1;
    const alteredCsv = new Map(entries).set('people/lhr.chan/record.csv', csv);
    const csvResult = await verifyBundle(await zipOf(alteredCsv), await keys());
    expect(csvResult.intact).toBe(false);
    expect(csvResult.problems).toEqual([
      'people/lhr.chan/record.csv: hash does not match the manifest',
    ]);

    const manifest = Buffer.from(entries.get('manifest.json')!);
    const alteredManifest = new Map(entries).set(
      'manifest.json',
      Buffer.from(
        manifest.toString('utf8').replace('"generatedBy": "', '"generatedBy": "x'),
        'utf8',
      ),
    );
    const manifestResult = await verifyBundle(await zipOf(alteredManifest), await keys());
    expect(manifestResult.problems).toEqual([
      'manifest.jws: signature does not verify with any published key of LMS acme-air',
    ]);

    const extra = new Map(entries).set('people/extra.txt', Buffer.from('x'));
    extra.delete('people/man.silva/record.pdf');
    expect((await verifyBundle(await zipOf(extra), await keys())).problems).toEqual([
      'people/man.silva/record.pdf: listed in the manifest but missing from the bundle',
      'people/extra.txt: in the bundle but not listed in the manifest',
    ]);
    // Another key than the LMS's: the signature fails, whatever the files say.
    const other = await verifyBundle(bytes, []);
    expect(other.problems).toEqual([
      'manifest.jws: signature does not verify with any published key of LMS acme-air',
    ]);
    expect((await verifyBundle(Buffer.from('not a zip'), await keys())).problems[0]).toMatch(
      /^The file is not a readable zip/,
    );
  });

  it("a bundle's ticket and an export's are each their own route's, never used up by the other", async () => {
    const prepared = await admin.call(PREPARE, {
      method: 'POST',
      body: JSON.stringify({ filter: {}, ...period }),
    });
    const { url } = (await prepared.json()) as { url: string };
    const token = url.split('/').at(-1)!;
    const wrong = await fetch(`${t.baseUrl}/lms${consoleComplianceCalls.download.path(token)}`);
    expect(wrong.status).toBe(404);
    expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(200);
  });

  it("keeps to a manager's scope: their group's people only, another group's is 404", async () => {
    const { bytes } = await bundleOf(manManager, { filter: {}, ...period });
    const people = [...(await readZip(bytes)).keys()].filter((name) => name.startsWith('people/'));
    expect(people.sort()).toEqual(['people/man.silva/record.csv', 'people/man.silva/record.pdf']);
    const outside = await manManager.call(PREPARE, {
      method: 'POST',
      body: JSON.stringify({ filter: { restrictionGroup: 'LHR' }, ...period }),
    });
    expect(outside.status).toBe(404);
    const reversed = await admin.call(PREPARE, {
      method: 'POST',
      body: JSON.stringify({ filter: {}, from: period.to, to: period.from }),
    });
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as { message: string }).message).toBe(
      'The period must not end before it starts.',
    );
  });

  it('the CLI writes a bundle and verify-bundle exits 0 only when it is intact', async () => {
    const cli = operatorCli(() =>
      testOperatorDeps(t.db, t.config, t.clock, {
        state: t.app.deps.state,
        storage: t.app.deps.storage,
      }),
    );
    const out = `${t.config.dataDir}/bundle.zip`;
    const made = await cli(
      'records',
      'bundle',
      '--lms',
      'acme-air',
      '--from',
      period.from,
      '--to',
      period.to,
      '--group',
      'MAN',
      '--out',
      out,
    );
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^Wrote .*bundle\.zip \(\d+ bytes\)\.$/);
    const intact = await cli('records', 'verify-bundle', out);
    expect(intact.code).toBe(0);
    expect(intact.out).toMatch(
      /^Bundle intact: 3 files, signed by key [\w-]{43} of LMS acme-air\.$/,
    );

    const entries = await readZip(out);
    const pdf = Buffer.from(entries.get('people/man.silva/record.pdf')!);
    pdf[100] = pdf[100]! ^ 1;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(out, await zipOf(new Map(entries).set('people/man.silva/record.pdf', pdf)));
    const broken = await cli('records', 'verify-bundle', out);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('people/man.silva/record.pdf: hash does not match the manifest');
  });
});
