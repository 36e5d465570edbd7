/**
 * A serialised progress report kept in parts (docs/decisions/0006, Patching after a commit): the
 * head, one part per curriculum and the tail (prerequisite types, flagged lessons), each written
 * by the route's own response serializer. A patch serialises again only the curricula it changed
 * and the small tail, and the gzip form is joined from parts compressed on their own, so only
 * changed parts are compressed again.
 */
import type { ProgressElement, ProgressReport } from '@waypoint/domain/contract';
import { deflatePart, gzipParts, provideGzip, type DeflatedPart } from '../../lib/gzip-memo.js';

/** The route's response serializer (or any serializer writing the report's fields in order). */
export type Serialize = (report: ProgressReport) => string | Buffer | ArrayBuffer;

/** A body and its parts: views into it, in order. */
export interface ReportBody {
  body: Buffer;
  parts: Buffer[];
  /** Each part compressed on its own, once asked for (same indexes as parts). */
  deflated: (Promise<DeflatedPart> | undefined)[];
}

// The report schema's first property is the curricula (contract/progress.ts).
const HEAD = Buffer.from('{"progressReport":[');
const COMMA = Buffer.from(',');

export function toBuffer(serialised: string | Buffer | ArrayBuffer): Buffer {
  if (typeof serialised === 'string') return Buffer.from(serialised);
  return Buffer.isBuffer(serialised) ? serialised : Buffer.from(serialised);
}

type Tail = Pick<ProgressReport, 'prerequisiteTypes' | 'flaggedLeafAssignments'>;

/** What follows the curricula: `]` and the other fields. Null if the serializer writes otherwise. */
function tailOf(serialize: Serialize, tail: Tail): Buffer | null {
  const text = toBuffer(
    serialize({
      progressReport: [],
      prerequisiteTypes: tail.prerequisiteTypes,
      flaggedLeafAssignments: tail.flaggedLeafAssignments,
    }),
  );
  if (text.length <= HEAD.length || !text.subarray(0, HEAD.length).equals(HEAD)) return null;
  return text.subarray(HEAD.length);
}

/** One curriculum as the serializer writes it within the list (after a comma but for the first). */
function curriculumPart(
  serialize: Serialize,
  element: ProgressElement,
  first: boolean,
  emptyTail: Buffer,
): Buffer | null {
  const text = toBuffer(
    serialize({ progressReport: [element], prerequisiteTypes: [], flaggedLeafAssignments: [] }),
  );
  const end = text.length - emptyTail.length;
  if (
    end <= HEAD.length ||
    !text.subarray(0, HEAD.length).equals(HEAD) ||
    !text.subarray(end).equals(emptyTail)
  ) {
    return null;
  }
  const part = text.subarray(HEAD.length, end);
  return first ? part : Buffer.concat([COMMA, part]);
}

function assemble(parts: Buffer[], deflated: (Promise<DeflatedPart> | undefined)[]): ReportBody {
  const body = Buffer.concat(parts);
  // The parts become views into the body, so the buffers they were written in can go.
  let offset = 0;
  const views = parts.map((part) => {
    const view = body.subarray(offset, offset + part.length);
    offset += part.length;
    return view;
  });
  const result: ReportBody = { body, parts: views, deflated };
  provideGzip(body, () => gzipBody(result));
  return result;
}

/** The gzip form, compressing only the parts not compressed yet (in parallel). */
async function gzipBody(reportBody: ReportBody): Promise<Buffer> {
  const pending = reportBody.parts.map(
    (part, index) => (reportBody.deflated[index] ??= deflatePart(part)),
  );
  return gzipParts(await Promise.all(pending));
}

/** The report serialised in parts; null when the serializer does not write the expected form. */
export function serializeInParts(serialize: Serialize, report: ProgressReport): ReportBody | null {
  const emptyTail = tailOf(serialize, { prerequisiteTypes: [], flaggedLeafAssignments: [] });
  const tail = tailOf(serialize, report);
  if (!emptyTail || !tail) return null;
  const parts: Buffer[] = [HEAD];
  for (const [index, element] of report.progressReport.entries()) {
    const part = curriculumPart(serialize, element, index === 0, emptyTail);
    if (!part) return null;
    parts.push(part);
  }
  parts.push(tail);
  return assemble(parts, []);
}

/**
 * The body with some curricula (by index in the report) and the tail written again; the other
 * parts, and their compressed forms, are kept.
 */
export function replaceParts(
  serialize: Serialize,
  previous: ReportBody,
  curricula: ReadonlyMap<number, ProgressElement>,
  tail: Tail,
): ReportBody | null {
  const emptyTail = tailOf(serialize, { prerequisiteTypes: [], flaggedLeafAssignments: [] });
  const newTail = tailOf(serialize, tail);
  if (!emptyTail || !newTail) return null;
  const parts = [...previous.parts];
  const deflated = [...previous.deflated];
  for (const [index, element] of curricula) {
    // Part 0 is the head.
    const part = curriculumPart(serialize, element, index === 0, emptyTail);
    if (!part || index + 1 >= parts.length - 1) return null;
    parts[index + 1] = part;
    deflated[index + 1] = undefined;
  }
  const last = parts.length - 1;
  if (!newTail.equals(parts[last]!)) {
    parts[last] = newTail;
    deflated[last] = undefined;
  }
  return assemble(parts, deflated);
}
