import { setImmediate as tick } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompliancePerson, MatrixRow } from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildLms, buildUser } from '../../../test/factories.js';
import { recordsZip } from './records-zip.js';
import { recordPeriod } from '../../reports/record-period.js';
import { matrixTable, type MatrixBatchRows } from './tables.js';
import { csvStream, xlsxStream } from './writers.js';

// Streaming (docs/decisions/0022): an export holds about one batch in memory, whatever its size,
// because each writer reads its source only as fast as the download takes the file. Measured
// as what matters for memory, deterministically: how far the writer has read its source ahead of
// a reader that has stopped (heap samples would measure the garbage collector's timing instead).

const BATCH = 1000;
const CURRICULA = Array.from({ length: 20 }, (_, index) => ({
  curriculumKey: index + 1,
  name: `Curriculum ${index + 1}`,
}));

/** A matrix of `batches` batches of BATCH people, made only as it is read; counts the reads. */
function matrixSource(batches: number) {
  const source = { pulled: 0 };
  async function* generate(): AsyncGenerator<MatrixBatchRows> {
    for (let batch = 0; batch < batches; batch += 1) {
      source.pulled += 1;
      yield {
        curricula: CURRICULA,
        rows: Array.from({ length: BATCH }, (_, index): MatrixRow => {
          const key = batch * BATCH + index;
          return {
            userKey: key,
            userID: `person.${key}`,
            displayName: `Person ${key}`,
            employeeId: `E${key}`,
            base: 'MAN',
            fleet: 'A320',
            position: 'FO',
            restrictionGroup: 'MAN',
            cells: CURRICULA.map((curriculum) => ({
              curriculumKey: curriculum.curriculumKey,
              assignmentKey: key,
              status: 'overdue' as const,
              date: Date.UTC(2026, 0, 1 + (key % 300)),
              days: null,
            })),
          };
        }),
      };
    }
  }
  return { source, batches: generate() };
}

/** Reads the first chunk, then stops reading for a while: the writer must wait too. */
async function readOneThenStop(stream: Readable): Promise<AsyncIterator<Buffer>> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  await chunks.next();
  for (let turn = 0; turn < 200; turn += 1) await tick();
  return chunks;
}

async function drain(chunks: AsyncIterator<Buffer>): Promise<number> {
  let bytes = 0;
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    bytes += next.value.length;
  }
  return bytes;
}

describe('export streaming', () => {
  it('CSV: reads a batch or two ahead of a stopped reader, then the whole matrix', async () => {
    const { source, batches } = matrixSource(40);
    const chunks = await readOneThenStop(csvStream(matrixTable(batches)));
    expect(source.pulled).toBeLessThanOrEqual(3);
    const bytes = await drain(chunks);
    expect(source.pulled).toBe(40);
    // 40,000 people x 20 curricula: megabytes that never were in memory at once.
    expect(bytes).toBeGreaterThan(20_000_000);
  });

  it('XLSX: reads a few batches ahead of a stopped reader, then the whole matrix', async () => {
    const { source, batches } = matrixSource(12);
    const chunks = await readOneThenStop(xlsxStream(matrixTable(batches), 'Matrix'));
    expect(source.pulled).toBeLessThanOrEqual(3);
    await drain(chunks);
    expect(source.pulled).toBe(12);
  });

  it('CSV and XLSX: a download closed half-way stops reading the source', async () => {
    for (const make of [
      (table: ReturnType<typeof matrixTable>) => csvStream(table),
      (table: ReturnType<typeof matrixTable>) => xlsxStream(table, 'Matrix'),
    ]) {
      const { source, batches } = matrixSource(40);
      const stream = make(matrixTable(batches));
      await readOneThenStop(stream);
      stream.destroy();
      for (let turn = 0; turn < 200; turn += 1) await tick();
      expect(source.pulled).toBeLessThanOrEqual(3);
    }
  });

  describe('records zip', () => {
    let t: TestApp;
    let people: CompliancePerson[];
    let lmsKey: number;

    beforeAll(async () => {
      t = await createTestApp();
      lmsKey = (await buildLms(t.db)).lmsKey;
      people = [];
      for (let index = 0; index < 12; index += 1) {
        const user = await buildUser(t.db, lmsKey, { base: 'MAN', restrictionGroup: 'MAN' });
        people.push({
          userKey: user.userKey,
          userID: user.userId,
          displayName: user.displayName,
          employeeId: user.employeeId,
          base: user.base,
          fleet: user.fleet,
          position: user.position,
          restrictionGroup: user.restrictionGroup,
        });
      }
    });
    afterAll(() => t.close());

    it('builds a PDF or two ahead of a stopped reader, then every one', async () => {
      const source = { pulled: 0 };
      async function* population() {
        for (const person of people) {
          source.pulled += 1;
          yield [person];
        }
      }
      const zip = recordsZip(
        t.app.deps,
        lmsKey,
        population(),
        recordPeriod('2026-01-01', '2026-12-31'),
      );
      const chunks = await readOneThenStop(zip);
      // Each PDF is tens of kilobytes; the zip's buffers take a few of them at most.
      expect(source.pulled).toBeLessThanOrEqual(4);
      await drain(chunks);
      expect(source.pulled).toBe(people.length);
    });
  });
});
