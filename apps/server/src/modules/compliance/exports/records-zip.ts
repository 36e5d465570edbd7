/**
 * The training records of a population for a period, as a zip streamed while it is made
 * (docs/decisions/0022): one PDF per person (the student's own training record, narrowed to the
 * period), then records.csv with every person's items. Each PDF is built, handed to the zip and
 * let through to the reader before the next person's is built; the CSV's lines wait in a
 * temporary file, not in memory, until the PDFs are written.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { csvCell, TRAINING_RECORD_CSV_HEADER, trainingRecordRow, UTF8_BOM } from '@waypoint/domain';
import type { CompliancePerson } from '@waypoint/domain/console-contract';
import type { Clock } from '../../../lib/clock.js';
import type { FontFiles } from '../../../lib/pdf-fonts.js';
import type { ReportDeps } from '../../progress/service.js';
import type { RecordPeriod } from '../../reports/record-period.js';
import { studentName } from '../../reports/presenter.js';
import { renderTrainingRecordPdf } from '../../reports/training-record-pdf.js';
import { trainingRecord } from '../../reports/service.js';
import { drained } from './writers.js';

export const ZIP_CONTENT_TYPE = 'application/zip';

/** What the zip needs: the training record's deps and the instance's PDF fonts. */
export type RecordsDeps = ReportDeps & { clock: Clock; state: { pdfFonts: FontFiles } };

/** The columns of records.csv: the training record's, after who the person is. */
export const RECORDS_CSV_HEADER = ['Login', 'Base', ...TRAINING_RECORD_CSV_HEADER] as const;

const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A zip entry's name from a person: letters and digits of any script, '.', '_', '+', '-'. */
export function recordPdfName(person: Pick<CompliancePerson, 'userID' | 'displayName'>): string {
  const part = (value: string) =>
    value
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._+-]+/gu, '_')
      .replace(/^[._]+|[._]+$/g, '')
      .slice(0, 80);
  const login = part(person.userID) || 'person';
  const name = part(person.displayName);
  return name ? `${login}-${name}.pdf` : `${login}.pdf`;
}

/** Writes to the temporary CSV, waiting while the disk is behind. */
async function append(file: WriteStream, text: string): Promise<void> {
  if (!file.write(text)) await drained(file);
}

/** Waits for `step` unless the download is closed first (then throws: nothing more is read). */
export async function whileOpen(out: Readable, step: Promise<unknown>): Promise<void> {
  const stop = new AbortController();
  const closed = once(out, 'close', { signal: stop.signal }).then(() => {
    throw new Error('The download was closed before it was complete.');
  });
  try {
    await Promise.race([step, closed]);
  } finally {
    stop.abort();
    // The loser of the race: its abort (or the closing) is expected, not an error to report.
    closed.catch(() => {});
  }
}

/** Adds one file to the zip and waits until the zip has taken all of it. */
export async function addAndRelease(
  zip: ZipFile,
  out: Readable,
  bytes: Uint8Array,
  name: string,
  mtime: Date,
) {
  const entry = new PassThrough();
  zip.addReadStream(entry, name, { mtime });
  entry.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  await whileOpen(out, finished(entry));
}

const README_NO_ONE = [
  'No one matched this export: the filter and your scope left no person, so there are no',
  'training records. records.csv holds only its header.',
  '',
].join('\r\n');

/**
 * The records zip of the people `population` yields (batch by batch), for a period. The stream
 * fails (is destroyed) when a record cannot be built; the temporary CSV is always removed.
 */
export function recordsZip(
  deps: RecordsDeps,
  lmsKey: number,
  population: AsyncIterable<readonly CompliancePerson[]>,
  period: RecordPeriod,
): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as PassThrough;
  const mtime = deps.clock.now();
  const write = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-records-'));
    const csvPath = path.join(dir, 'records.csv');
    const csv = createWriteStream(csvPath);
    try {
      await append(csv, UTF8_BOM + csvLine(RECORDS_CSV_HEADER));
      let people = 0;
      for await (const batch of population) {
        for (const person of batch) {
          const record = await trainingRecord(deps, { lmsKey, userKey: person.userKey }, period);
          const student = {
            name: studentName(record.organization),
            employeeID: record.organization.employeeID,
          };
          const lines = record.items
            .map((item) =>
              csvLine([person.userID, person.base, ...trainingRecordRow(student, item)]),
            )
            .join('');
          if (lines) await append(csv, lines);
          const pdf = await renderTrainingRecordPdf(record, deps.state.pdfFonts);
          await addAndRelease(zip, out, pdf, recordPdfName(person), mtime);
          people += 1;
        }
      }
      csv.end();
      await finished(csv);
      if (people === 0) zip.addBuffer(Buffer.from(README_NO_ONE, 'utf8'), 'README.txt', { mtime });
      const csvFile = createReadStream(csvPath);
      zip.addReadStream(csvFile, 'records.csv', { mtime });
      zip.end();
      await whileOpen(out, finished(csvFile));
    } finally {
      csv.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
