/**
 * The CMI elements the server stores (player contract, POST commit); it ignores any other, so the
 * player reads and sends only these. One list, in @waypoint/domain. Besides these, the objectives
 * and interactions the SCO sets are stored with the attempt (RTE 4.2.9, 4.2.17).
 */
import { isAttemptRecordElement } from '@waypoint/domain';

export { STORED_CMI_ELEMENTS as STORED_ELEMENTS } from '@waypoint/domain';
export { isAttemptRecordElement };

/**
 * The objective and interaction elements of the runtime's CMI tree (scorm-again's
 * renderCMIToJSONObject: arrays as objects keyed by index), flattened to element names. Unset
 * ('') values are left out: they are the runtime's defaults.
 */
export function readAttemptRecords(tree: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string' || typeof node === 'number') {
      const value = String(node);
      if (value !== '' && isAttemptRecordElement(path)) values[path] = value;
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      walk(child, `${path}.${key}`);
    }
  };
  const cmi = (tree as { cmi?: Record<string, unknown> } | null)?.cmi;
  walk(cmi?.objectives, 'cmi.objectives');
  walk(cmi?.interactions, 'cmi.interactions');
  return values;
}
