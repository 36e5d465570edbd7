/**
 * The progress element of spec §3: one node of the tree curriculum > course > chapter/topic > lesson
 * (through elementChildren), with the student's progress on it. Times are ms since the epoch.
 */
import type { ElementType, ProgressElement } from './contract/progress.js';

// The wire type is defined once, in the contract (derived from its schema).
export type { ElementType, ProgressElement };

/** Play mode 1 is the default (§3 "elementPlayMode (default 1)"). */
export const DEFAULT_PLAY_MODE = 1;

/** An element with the defaults of §3 ("defaults -1 or 0"), overridden by the given fields. */
export function buildProgressElement(fields: Partial<ProgressElement> = {}): ProgressElement {
  return {
    elementType: 'lesson',
    elementKey: -1,
    elementName: '',
    elementCompletion: 0,
    elementCompletionInstant: 0,
    elementScore: 0,
    elementDraft: 0,
    elementCertificateUrl: '',
    elementStartDate: 0,
    elementDuration: 0,
    elementAssignedDate: 0,
    elementAssignmentKey: -1,
    elementMaxAttempts: 0,
    elementMinScoreComplete: 0,
    elementMinScorePass: 0,
    elementMinScore: 0,
    elementScoreWeight: 0,
    elementMaxLocation: 0,
    elementLocation: -1,
    elementLocationBlob: '',
    elementSuspendData: '',
    elementProgressMeasure: 0,
    elementSCOKey: -1,
    elementAttempts: 0,
    elementTotalTime: 0,
    elementDescription: '',
    elementPlayMode: DEFAULT_PLAY_MODE,
    elementPrerequisite: 0,
    curriculumKey: -1,
    elementSCOType: '',
    elementServer: '',
    elementBaseFolder: '',
    elementLaunchFile: '',
    elementUploadInstant: 0,
    elementScorable: 0,
    elementCredit: 0,
    elementLastLaunchedInstant: 0,
    launchData: '',
    launchMode: '',
    studentVerificationEnabled: 0,
    player: '',
    elementChildren: [],
    ...fields,
  };
}

/** Every lesson below an element, in tree order. */
export function lessonsOf(element: ProgressElement): ProgressElement[] {
  if (element.elementType === 'lesson') return [element];
  return element.elementChildren.flatMap(lessonsOf);
}
