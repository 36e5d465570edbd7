/**
 * SCORM 1.2 adlcp:prerequisites as lesson prerequisites in the player (CAM 2.3.2.5.1): a lesson
 * of a 1.2 package whose items' expression is not met is not offered by the lesson list, Previous
 * or Next, and POST navigate refuses it.
 */
import { prerequisitesMet, type Scorm12Status } from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import * as repo from './repo.js';

const WRITTEN = new Set([
  'passed',
  'completed',
  'failed',
  'incomplete',
  'browsed',
  'not attempted',
]);

/** A lesson's SCORM 1.2 status from its stored progress (results are never lost: §4). */
function statusOf(
  row:
    | {
        completion: number | null;
        credit: number | null;
        attempts: number | null;
        cmi: string | null;
      }
    | undefined,
): Scorm12Status {
  if (!row || row.completion === null) return 'not attempted';
  if (row.completion >= 1) return (row.credit ?? 0) > 0 ? 'passed' : 'completed';
  if (row.completion < 0) return 'failed';
  let written: unknown;
  try {
    written = (JSON.parse(row.cmi ?? '{}') as Record<string, unknown>)['cmi.core.lesson_status'];
  } catch {
    written = undefined;
  }
  if (typeof written === 'string' && WRITTEN.has(written)) return written as Scorm12Status;
  return (row.attempts ?? 0) > 0 ? 'incomplete' : 'not attempted';
}

/**
 * The identifiers of a 1.2 package's lessons in the course whose prerequisites are not met for
 * this assignment, each with the expression that holds it back.
 */
export async function unmetPrerequisites(
  db: Db,
  keys: { assignmentKey: number; courseKey: number; packageKey: number },
): Promise<Map<string, string>> {
  const expressions = await repo.selectItemPrerequisites(db, keys.packageKey);
  const unmet = new Map<string, string>();
  if (Object.keys(expressions).length === 0) return unmet;
  const lessons = await repo.selectPackageCmi(
    db,
    keys.assignmentKey,
    keys.courseKey,
    keys.packageKey,
  );
  const byIdentifier = new Map(lessons.map((lesson) => [lesson.identifier, lesson]));
  for (const [identifier, expression] of Object.entries(expressions)) {
    const { met } = prerequisitesMet(expression, (id) => statusOf(byIdentifier.get(id)));
    if (!met) unmet.set(identifier, expression);
  }
  return unmet;
}
