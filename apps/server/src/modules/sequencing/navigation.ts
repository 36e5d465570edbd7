/**
 * The navigation requests the player may offer now (SN book, NB.2.1 Navigation Request Process
 * within the Overall Sequencing Process): whether Continue (Next) and Previous would deliver an
 * activity, with a reason the learner can read when they would not, and the LMS controls the
 * delivered activity hides (CAM adlnav:presentation/navigationInterface/hideLMSUI). The LMS shows
 * only a control it would honour, so the player's buttons and the runtime's
 * adl.nav.request_valid.continue / previous both follow this answer.
 */
import type { LmsUiControl, PlayerNavigation } from '@waypoint/domain/contract';
import { parseCmi } from '../../lib/stored-cmi.js';
import type { SequencedPackage, SequencingKeys } from './attempts.js';
import type { ActivityDefinition, SequencingDefinition } from './definition.js';
import type { SequencingDeps } from './memory.js';
import * as repo from './repo.js';
import { PackageSequencer, type EngineLog } from './sequencer.js';

/** Why a request was refused, by the engine's exception code (SN book's codes). */
const REASONS: Record<'continue' | 'previous', { end: string; rules: string }> = {
  continue: {
    end: 'This is the last lesson of the course: there is no next lesson.',
    rules: "The course's sequencing rules do not allow the next lesson yet.",
  },
  previous: {
    end: 'This is the first lesson of the course: there is no previous lesson.',
    rules: "The course's sequencing rules do not allow going back from this lesson.",
  },
};
const NO_FLOW =
  "This course has no set order: choose a lesson from the list, or use the lesson's own buttons.";
const FORWARD_ONLY =
  'This course only goes forward: earlier lessons cannot be opened again from here.';
const NOTHING_DELIVERED = 'No lesson of this course is open in the sequencer now.';

/**
 * The readable reason of a continue or previous that delivers nothing, from the engine's exception
 * code (SN book) or, with none, because it ended the sequencing session.
 */
export function refusalReason(
  request: 'continue' | 'previous',
  code: string | null,
  sessionEnded: boolean,
): string {
  // Continue past the last activity ends the sequencing session (SB.2.1 step 3.1); Previous before
  // the first is SB.2.1-3 (the beginning of the activity tree).
  if ((sessionEnded && !code) || code === 'SB.2.1-3') return REASONS[request].end;
  // Flow disabled on the parent cluster (NB.2.1-5 / -7, SB.2.2-1, SB.2.7-2 / SB.2.8-2).
  if (code && /^(NB\.2\.1-[57]|SB\.2\.2-1|SB\.2\.[78]-2)$/.test(code)) return NO_FLOW;
  // Forward only on the parent or an ancestor.
  if (code === 'NB.2.1-8') return FORWARD_ONLY;
  if (code === 'NB.2.1-4' || code === 'NB.2.1-6') return NOTHING_DELIVERED;
  // Preconditions (disabled, limit conditions: SB.2.2-2) and anything else the rules refuse.
  return REASONS[request].rules;
}

const CONTROLS = new Set<string>([
  'previous',
  'continue',
  'exit',
  'exitAll',
  'abandon',
  'abandonAll',
  'suspendAll',
]);

function findActivity(activity: ActivityDefinition, id: string): ActivityDefinition | null {
  if (activity.id === id) return activity;
  for (const child of activity.children ?? []) {
    const found = findActivity(child, id);
    if (found) return found;
  }
  return null;
}

/** The LMS controls an activity asks the player to hide (its adlnav:hideLMSUI values). */
export function hiddenControlsOf(
  tree: ActivityDefinition | null | undefined,
  identifier: string,
): LmsUiControl[] {
  const activity = tree ? findActivity(tree, identifier) : null;
  return (activity?.hideLmsUi ?? []).filter((value): value is LmsUiControl => CONTROLS.has(value));
}

/** What a continue or previous request would do: deliver, end the session, or be refused. */
export type RequestOutcome =
  { outcome: 'delivers' } | { outcome: 'ends' | 'refused'; reason: string };

/**
 * What a continue or previous request would do from the stored state with the delivered SCO's
 * committed data. scorm-again has no "check only" call that answers this: its look-ahead
 * (request_valid) reads only the parent's flow control, so it calls Continue valid at the last
 * activity and ignores preconditions. The request is therefore run by the Overall Sequencing
 * Process on a copy of the state (a fresh engine restored from the serialized state, thrown away
 * after), exactly as the player's request would run; the stored state is never touched.
 */
export function outcomeOf(
  definition: SequencingDefinition,
  state: string | null,
  cmi: Record<string, string>,
  request: 'continue' | 'previous',
  log: EngineLog,
  delivered?: string,
): RequestOutcome | null {
  const copy = new PackageSequencer(definition, state, log);
  const before = copy.current();
  // Another activity is delivered than the launch's (the sequencer moved on in another window).
  if (delivered !== undefined && before !== delivered) return null;
  if (before === null) {
    return { outcome: 'refused', reason: refusalReason(request, 'NB.2.1-4', false) };
  }
  const accepted = copy.terminate(cmi, request);
  const after = copy.current();
  // Another activity delivered. The same one still delivered means the request was refused before
  // termination (NB.2.1, e.g. forward only), as navigateSequenced also reads it.
  if (accepted && after !== null && after !== before) return { outcome: 'delivers' };
  // Nothing delivered without an exception: the session ended (continue past the last activity).
  // With one (SB.2.1-3 before the first, SB.2.2-2 a precondition), the request is refused.
  const ended = accepted && after === null && copy.lastError === null;
  return {
    outcome: ended ? 'ends' : 'refused',
    reason: refusalReason(request, copy.lastError, ended),
  };
}

/**
 * Previous / Next as the player offers them: only a request that would deliver an activity. Null
 * when `delivered` is given and another activity is the delivered one.
 */
export function validNavigation(
  definition: SequencingDefinition,
  state: string | null,
  cmi: Record<string, string>,
  log: EngineLog,
  delivered?: string,
): PlayerNavigation | null {
  const next = outcomeOf(definition, state, cmi, 'continue', log, delivered);
  const previous = outcomeOf(definition, state, cmi, 'previous', log, delivered);
  if (!next || !previous) return null;
  return {
    continue: next.outcome === 'delivers',
    previous: previous.outcome === 'delivers',
    ...(next.outcome !== 'delivers' ? { continueRefused: next.reason } : {}),
    ...(previous.outcome !== 'delivers' ? { previousRefused: previous.reason } : {}),
  };
}

/** The learner's open attempt and the launch's lesson with its committed data; null without one. */
async function openAttempt(
  deps: SequencingDeps,
  keys: SequencingKeys,
  lessonKey: number,
): Promise<{ state: string; identifier: string; cmi: Record<string, string> } | null> {
  const [row, lessons] = await Promise.all([
    repo.findSequencingState(deps.db, keys),
    repo.selectPackageCmi(deps.db, keys.assignmentKey, keys.courseKey, keys.packageKey),
  ]);
  if (!row || row.ended || !row.state) return null;
  const lesson = lessons.find((item) => item.lessonKey === lessonKey);
  if (!lesson) return null;
  return { state: row.state, identifier: lesson.identifier, cmi: parseCmi(lesson.cmi) };
}

/**
 * The navigation the player may offer for the launch of `lessonKey` now; null when there is no
 * open attempt or its lesson is not the delivered activity (the sequencer moved on in another
 * window: that window's buttons are then left as they were).
 */
export async function navigationNow(
  deps: SequencingDeps,
  { definition, keys }: SequencedPackage,
  lessonKey: number,
): Promise<PlayerNavigation | null> {
  const attempt = await openAttempt(deps, keys, lessonKey);
  const log = deps.state.sequencing.engineLog;
  return attempt
    ? validNavigation(definition, attempt.state, attempt.cmi, log, attempt.identifier)
    : null;
}

/** What a continue or previous from the launch of `lessonKey` would do now (null: as above). */
export async function requestOutcomeNow(
  deps: SequencingDeps,
  { definition, keys }: SequencedPackage,
  lessonKey: number,
  request: 'continue' | 'previous',
): Promise<RequestOutcome | null> {
  const attempt = await openAttempt(deps, keys, lessonKey);
  const log = deps.state.sequencing.engineLog;
  return attempt
    ? outcomeOf(definition, attempt.state, attempt.cmi, request, log, attempt.identifier)
    : null;
}
