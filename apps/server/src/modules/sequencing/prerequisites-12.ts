/**
 * SCORM 1.2 adlcp:prerequisites as lesson prerequisites (CAM 2.3.2.5.1): a lesson of a 1.2
 * package whose items' expression is not met is not offered by the player's lesson list, Previous
 * or Next, POST navigate refuses it, and the panel's report shows it locked (so pre-launch refuses
 * it too: ADR 0007, Sequencing in the panel).
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

/** A lesson's stored progress, as far as its SCORM 1.2 status goes. */
export type ProgressOf12 = Parameters<typeof statusOf>[0];

/**
 * The items of a 1.2 package whose prerequisites are not met, given each item's stored progress
 * (by identifier): each with its expression and the items it names that are not yet passed or
 * completed, in the expression's order. Shared by the player and the panel's report.
 */
export function unmetItems(
  expressions: Record<string, string>,
  progressOf: (identifier: string) => ProgressOf12,
): Map<string, { expression: string; waitsFor: string[] }> {
  const unmet = new Map<string, { expression: string; waitsFor: string[] }>();
  for (const [identifier, expression] of Object.entries(expressions)) {
    const named = new Map<string, Scorm12Status>();
    const { met } = prerequisitesMet(expression, (id) => {
      const status = statusOf(progressOf(id));
      named.set(id, status);
      return status;
    });
    if (met) continue;
    const waitsFor = [...named]
      .filter(([, status]) => status !== 'passed' && status !== 'completed')
      .map(([id]) => id);
    unmet.set(identifier, { expression, waitsFor });
  }
  return unmet;
}

/**
 * The identifiers of a 1.2 package's lessons in the course whose prerequisites are not met for
 * this assignment, each with the expression that holds it back.
 */
export async function unmetPrerequisites(
  deps: { db: Db },
  keys: repo.AttemptKeys,
): Promise<Map<string, string>> {
  const expressions = await repo.selectItemPrerequisites(deps.db, keys.packageKey);
  if (Object.keys(expressions).length === 0) return new Map();
  const lessons = await repo.selectPackageCmi(
    deps.db,
    keys.assignmentKey,
    keys.courseKey,
    keys.packageKey,
  );
  const byIdentifier = new Map(lessons.map((lesson) => [lesson.identifier, lesson]));
  const unmet = unmetItems(expressions, (id) => byIdentifier.get(id));
  return new Map([...unmet].map(([identifier, { expression }]) => [identifier, expression]));
}
