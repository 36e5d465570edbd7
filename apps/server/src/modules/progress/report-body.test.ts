import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildProgressElement, type ProgressElement } from '@waypoint/domain';
import {
  ProgressElement as ProgressElementSchema,
  progressSchemas,
  type ProgressReport,
} from '@waypoint/domain/contract';
import { gzipOnce } from '../../lib/gzip-memo.js';
import { replaceParts, serializeInParts, type Serialize } from './report-body.js';

/** A curriculum > course > topic > lessons tree, with text that needs escaping. */
function curriculum(key: number, lessons: number, score = 50): ProgressElement {
  const lessonElements = Array.from({ length: lessons }, (_, i) =>
    buildProgressElement({
      elementKey: key * 100 + i,
      elementName: `Lesson "${i}" — ünïcode\n`,
      elementScore: score,
      elementPackageLock: i === 1 ? { locked: true, hidden: false, waitsFor: ['A'] } : undefined,
    }),
  );
  const topic = buildProgressElement({ elementType: 'topic', elementChildren: lessonElements });
  const course = buildProgressElement({
    elementType: 'course',
    elementChildren: [topic],
    elementSequencingRollup: { completed: true, satisfied: null, measure: 0.5 },
  });
  return buildProgressElement({
    elementType: 'curriculum',
    elementKey: key,
    elementName: `Curriculum ${key}`,
    elementChildren: [course],
  });
}

const report = (scoreOfSecond = 50): ProgressReport => ({
  progressReport: [curriculum(1, 20), curriculum(2, 30, scoreOfSecond), curriculum(3, 5)],
  prerequisiteTypes: [{ prerequisiteKey: 1, prerequisiteName: 'PreviousCourse' }],
  flaggedLeafAssignments: [{ assignmentKey: 1, leafKey: 101 }],
});

/** The report route's own serializer, and what the route sends for a report (no parts). */
describe('a report serialised in parts', () => {
  let app: FastifyInstance;
  let serialize: Serialize;
  let sent: ProgressReport = report();

  beforeAll(async () => {
    app = Fastify();
    app.addSchema(ProgressElementSchema);
    app.get(
      '/report/:lmsKey/:userKey',
      { schema: progressSchemas.report },
      async (_request, reply) => {
        const compiled = reply.getSerializationFunction('200')!;
        serialize = (value) => compiled(value);
        return sent;
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const whole = async (value: ProgressReport) => {
    sent = value;
    return (await app.inject('/report/1/2?showExpired=true')).rawPayload;
  };

  it('is byte for byte what the route serialises as a whole, and gzips to it', async () => {
    const expected = await whole(report());
    const parts = serializeInParts(serialize, report())!;
    expect(parts.body.toString()).toBe(expected.toString());
    expect(gunzipSync(await gzipOnce(parts.body)).equals(expected)).toBe(true);
  });

  it('with one curriculum and the tail written again, is what the route serialises', async () => {
    const first = serializeInParts(serialize, report())!;
    await gzipOnce(first.body);
    const changed = report(80);
    changed.flaggedLeafAssignments = [];
    const patched = replaceParts(serialize, first, new Map([[1, changed.progressReport[1]!]]), {
      prerequisiteTypes: changed.prerequisiteTypes,
      flaggedLeafAssignments: changed.flaggedLeafAssignments,
    })!;
    const expected = await whole(changed);
    expect(patched.body.equals(expected)).toBe(true);
    // Only the changed parts were compressed again; the gzip body is still whole and valid.
    expect(patched.deflated.filter((part) => part === undefined)).toHaveLength(2);
    expect(gunzipSync(await gzipOnce(patched.body)).equals(expected)).toBe(true);
  });

  it('is not kept in parts when the serializer writes the fields in another order', () => {
    const reordered: Serialize = (value) =>
      JSON.stringify({
        prerequisiteTypes: value.prerequisiteTypes,
        progressReport: value.progressReport,
        flaggedLeafAssignments: value.flaggedLeafAssignments,
      });
    expect(serializeInParts(reordered, report())).toBeNull();
  });
});
