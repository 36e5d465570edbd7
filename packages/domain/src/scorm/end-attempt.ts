/**
 * SCORM 2004 SN End Attempt Process (UP.4): when an attempt on a leaf activity ends (not
 * suspended), the LMS itself sets what the content was not to set. With Completion Set by Content
 * false (the default) and the attempt's progress unknown, the attempt is completed; with Objective
 * Set by Content false (the default) and the primary objective's progress unknown, it is
 * satisfied. Content that never reports a status is thus completed and passed when its attempt
 * ends, as SCORM 1.2's LMSFinish completes a page turner (lessonStatusOnFinish12).
 */
import { resumesAttempt } from './cmi-progress.js';

/** imsss:deliveryControls of the activity (IMS SS: both default to false). */
export interface DeliveryControls {
  completionSetByContent: boolean;
  objectiveSetByContent: boolean;
}

const SET = (value: string | undefined) => value !== undefined && value !== '';

/**
 * The cmi elements the LMS sets as the SCO's attempt ends (none when it does not end, or the
 * content is to set them): `cmi` is the attempt's data as the SCO left it. RTE's mapping to the
 * tracking model: completion_status 'unknown' (or never set) is an Attempt Progress Status of
 * false, any other value true; success_status 'unknown' is an Objective Progress Status of false.
 * A scaled passing score with a scaled score decides success itself (RTE 4.2.21), so success is
 * then not set.
 */
export function endAttemptStatuses(
  cmi: Readonly<Record<string, string>>,
  controls: DeliveryControls,
  scaledPassingScore: number | null,
): Record<string, string> {
  // UP.4 1.1.1: a suspended attempt has not ended.
  if (resumesAttempt('2004', { ...cmi })) return {};
  const set: Record<string, string> = {};
  const completion = cmi['cmi.completion_status'];
  if (!controls.completionSetByContent && (!SET(completion) || completion === 'unknown')) {
    set['cmi.completion_status'] = 'completed';
  }
  const success = cmi['cmi.success_status'];
  const scoreDecides = scaledPassingScore !== null && SET(cmi['cmi.score.scaled']);
  if (
    !controls.objectiveSetByContent &&
    !scoreDecides &&
    (!SET(success) || success === 'unknown')
  ) {
    set['cmi.success_status'] = 'passed';
  }
  return set;
}
