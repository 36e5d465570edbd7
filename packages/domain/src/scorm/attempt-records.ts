/**
 * The objectives and interactions of an attempt (SCORM 2004 RTE 4.2.17 cmi.objectives and 4.2.9
 * cmi.interactions; SCORM 1.2 RTE 3.4 cmi.objectives and cmi.interactions). The LMS must keep what
 * the SCO set for the rest of the attempt and give it back on resume: they are stored with the
 * attempt's other elements, by their element names ('cmi.objectives.0.success_status').
 */

/**
 * An element of one objective or interaction, by index (the SCORM arrays' smallest permitted
 * maximum is 100 objectives and 250 interactions; 1000 leaves room), never a `_count` or
 * `_children` keyword.
 */
const RECORD_ELEMENT =
  /^cmi\.(?:objectives|interactions)\.(?:0|[1-9]\d{0,2})\.[a-z][a-z_]*(?:\.(?:0|[1-9]\d{0,2}|[a-z][a-z_]*))*$/;

/** 2004 RTE: the longest such value (a learner response or correct response pattern) is 4000. */
export const MAX_RECORD_VALUE_LENGTH = 4000;

export const isAttemptRecordElement = (name: string): boolean => RECORD_ELEMENT.test(name);

export type RecordChanges =
  { ok: true; changes: Record<string, string> } | { ok: false; problems: string[] };

/**
 * The objective and interaction elements of a commit's changed elements, checked: text of at
 * most MAX_RECORD_VALUE_LENGTH characters. Other elements are not looked at (cmi-progress.ts).
 */
export function attemptRecordChanges(delta: Record<string, unknown>): RecordChanges {
  const changes: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(delta)) {
    if (!isAttemptRecordElement(name)) continue;
    if (typeof value !== 'string') problems.push(`${name} must be text.`);
    else if (value.length > MAX_RECORD_VALUE_LENGTH) {
      problems.push(`${name} must be at most ${MAX_RECORD_VALUE_LENGTH} characters.`);
    } else changes[name] = value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

/** The stored objective and interaction elements of an attempt. */
export function attemptRecordsOf(cmi: Record<string, string>): Record<string, string> {
  const records: Record<string, string> = {};
  for (const [name, value] of Object.entries(cmi)) {
    if (isAttemptRecordElement(name)) records[name] = value;
  }
  return records;
}
