/**
 * A signed records bundle, streamed as a zip while it is made: per person of the population their
 * training record for the period as PDF and CSV (people/<login>/record.pdf and record.csv, from
 * the reports module as a student's own download makes them, attempts included), the training
 * events of those people in the period (events.jsonl, every column of each stored event so a
 * reader can recompute its hash), then manifest.json (every file's path, size and SHA-256, hashed as it was written) and
 * manifest.jws (its signature). The zip is the records zip's (compliance/exports/records-zip.ts):
 * one person's files are let through to the reader before the next person's are built.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { trainingRecordCsvWithAttempts } from '@waypoint/domain';
import type { CompliancePerson } from '@waypoint/domain/console-contract';
import type { Db } from '../../../db/connection.js';
import type { KeyDeps } from '../../certificates/keys.js';
import {
  addAndRelease,
  whileOpen,
  type RecordsDeps,
} from '../../compliance/exports/records-zip.js';
import type { RecordPeriod } from '../../reports/record-period.js';
import { studentName } from '../../reports/presenter.js';
import { trainingRecord } from '../../reports/service.js';
import { renderTrainingRecordPdf } from '../../reports/training-record-pdf.js';
import {
  EVENTS_PATH,
  MANIFEST_PATH,
  manifestBytes,
  SIGNATURE_PATH,
  signManifest,
  type BundleManifest,
  type ManifestFile,
} from './manifest.js';
import { eventsOf, type TrainingEvent } from '../events.js';
import { subjectIdsOf } from './repo.js';

/** What a bundle reads: the records zip's deps (training records, fonts) and the signing keys. */
export type BundleDeps = RecordsDeps & KeyDeps;

/** What a bundle is of. */
export interface BundleInput {
  lms: { lmsKey: number; lmsCode: string };
  period: RecordPeriod;
  population: AsyncIterable<readonly CompliancePerson[]>;
  /** The filter as asked and the scope it was read in, for the manifest. */
  filter: Record<string, unknown>;
  restrictionGroups: readonly string[];
  /** The staff member's login, or 'operator'. */
  generatedBy: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A person's folder: their login with only letters and digits of any script and '.', '_', '+',
 * '-' kept; a login that cleans to nothing or to a folder already used gets its user key added.
 */
export function personFolder(
  person: Pick<CompliancePerson, 'userID' | 'userKey'>,
  taken: Set<string>,
) {
  const cleaned = person.userID
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._+-]+/gu, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 80);
  let folder = cleaned || `person-${person.userKey}`;
  if (taken.has(folder.toLowerCase())) folder = `${folder}-${person.userKey}`;
  taken.add(folder.toLowerCase());
  return folder;
}

/** One event as a line of events.jsonl: every column, named as in the table. */
export function eventLine(event: TrainingEvent): string {
  return `${JSON.stringify({
    lms_key: event.lmsKey,
    seq: event.seq,
    at: event.at.toISOString(),
    type: event.type,
    subject_id: event.subjectId,
    actor: event.actor,
    payload: event.payload,
    prev_hash: event.prevHash,
    hash: event.hash,
  })}\n`;
}

/** Subject ids a query names at most; a larger population's events are picked while read. */
export const SUBJECTS_PER_QUERY = 1000;

/**
 * The events of these subjects in [from, to), in chain order, from the chain's reader: asked by
 * subject for a population of up to `perQuery` people (a statement holds at most 65,535 values),
 * else every event of the period read a page at a time and those of the subjects kept.
 */
export async function* peopleEvents(
  db: Db,
  lmsKey: number,
  subjectIds: readonly string[],
  period: { from: Date; to: Date },
  perQuery = SUBJECTS_PER_QUERY,
): AsyncGenerator<TrainingEvent> {
  if (subjectIds.length <= perQuery) {
    yield* eventsOf(db, lmsKey, { subjectIds, ...period });
    return;
  }
  const wanted = new Set(subjectIds);
  for await (const event of eventsOf(db, lmsKey, period)) {
    if (event.subjectId !== null && wanted.has(event.subjectId)) yield event;
  }
}

/**
 * The bundle's zip. The stream fails (is destroyed) when a record cannot be built or the manifest
 * cannot be signed; nothing is written anywhere but to the stream.
 */
export function recordsBundle(deps: BundleDeps, input: BundleInput): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as PassThrough;
  const mtime = deps.clock.now();
  const files: ManifestFile[] = [];

  const addFile = async (path: string, bytes: Uint8Array) => {
    files.push({ path, bytes: bytes.byteLength, sha256: sha256(bytes) });
    await addAndRelease(zip, out, bytes, path, mtime);
  };

  /** events.jsonl, as the chain's reader pages it, hashed as written, held back while the reader is. */
  const addEvents = async (userKeys: number[]) => {
    const entry = new PassThrough();
    zip.addReadStream(entry, EVENTS_PATH, { mtime });
    const hash = createHash('sha256');
    let bytes = 0;
    const subjectIds = await subjectIdsOf(deps.db, userKeys);
    const period = { from: new Date(input.period.fromMs), to: new Date(input.period.toMs) };
    for await (const event of peopleEvents(deps.db, input.lms.lmsKey, subjectIds, period)) {
      const line = Buffer.from(eventLine(event), 'utf8');
      hash.update(line);
      bytes += line.byteLength;
      if (!entry.write(line)) await whileOpen(out, once(entry, 'drain'));
    }
    entry.end();
    files.push({ path: EVENTS_PATH, bytes, sha256: hash.digest('hex') });
    await whileOpen(out, finished(entry));
  };

  const write = async () => {
    const taken = new Set<string>();
    const userKeys: number[] = [];
    for await (const batch of input.population) {
      for (const person of batch) {
        const user = { lmsKey: input.lms.lmsKey, userKey: person.userKey };
        const record = await trainingRecord(deps, user, input.period);
        const student = {
          name: studentName(record.organization),
          employeeID: record.organization.employeeID,
        };
        const folder = `people/${personFolder(person, taken)}`;
        await addFile(
          `${folder}/record.pdf`,
          await renderTrainingRecordPdf(record, deps.state.pdfFonts),
        );
        await addFile(
          `${folder}/record.csv`,
          Buffer.from(
            trainingRecordCsvWithAttempts(student, record.items, record.attempts),
            'utf8',
          ),
        );
        userKeys.push(person.userKey);
      }
    }
    await addEvents(userKeys);
    const manifest: BundleManifest = {
      lms: input.lms.lmsCode,
      period: { from: input.period.from, to: input.period.to },
      generatedAt: mtime.toISOString(),
      generatedBy: input.generatedBy,
      population: {
        filter: input.filter,
        restrictionGroups: [...input.restrictionGroups],
        people: userKeys.length,
      },
      files,
    };
    const bytes = manifestBytes(manifest);
    const jws = await signManifest(deps, bytes);
    zip.addBuffer(bytes, MANIFEST_PATH, { mtime });
    zip.addBuffer(Buffer.from(jws, 'utf8'), SIGNATURE_PATH, { mtime });
    zip.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The whole bundle as bytes (the operator's command, which answers it in one piece). */
export async function bundleBytes(deps: BundleDeps, input: BundleInput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of recordsBundle(deps, input)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
