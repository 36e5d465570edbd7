/** The CMI values a launch starts from (player contract: PlayerState.cmi). */
import { attemptRecordsOf } from './attempt-records.js';
import type { ScormVersion, StoredProgress } from './cmi-progress.js';
import { formatIsoDuration, formatScorm12Time } from './time.js';

export interface InitialCmiInput {
  stored: StoredProgress;
  entry: 'ab-initio' | 'resume';
  mode: 'normal' | 'browse' | 'review';
  credit: boolean;
  learnerId: string;
  /** 'Family, Given' */
  learnerName: string;
  launchData: string;
  /** 1.2: adlcp:masteryscore 0..100; 2004: scaled passing score -1..1; null when none. */
  masteryScore: number | null;
  /** 2004 completion threshold 0..1; null when none (ignored for 1.2). */
  completionThreshold: number | null;
  maxTimeAllowed: string;
  timeLimitAction: string;
  /**
   * SCORM 2004: the ids of the activity's objectives in the manifest (primary first, when it has
   * an id), created as cmi.objectives.n.id before the SCO starts (RTE 4.2.17). Ignored for 1.2.
   */
  objectiveIds?: readonly string[];
}

/** SCORM's own default when the manifest names no time limit action. */
export const DEFAULT_TIME_LIMIT_ACTION = 'continue,no message';

const NAMES = {
  '1.2': {
    learnerId: 'cmi.core.student_id',
    learnerName: 'cmi.core.student_name',
    entry: 'cmi.core.entry',
    mode: 'cmi.core.lesson_mode',
    credit: 'cmi.core.credit',
    totalTime: 'cmi.core.total_time',
    launchData: 'cmi.launch_data',
    masteryScore: 'cmi.student_data.mastery_score',
    completionThreshold: null,
    maxTimeAllowed: 'cmi.student_data.max_time_allowed',
    timeLimitAction: 'cmi.student_data.time_limit_action',
  },
  '2004': {
    learnerId: 'cmi.learner_id',
    learnerName: 'cmi.learner_name',
    entry: 'cmi.entry',
    mode: 'cmi.mode',
    credit: 'cmi.credit',
    totalTime: 'cmi.total_time',
    launchData: 'cmi.launch_data',
    masteryScore: 'cmi.scaled_passing_score',
    completionThreshold: 'cmi.completion_threshold',
    maxTimeAllowed: 'cmi.max_time_allowed',
    timeLimitAction: 'cmi.time_limit_action',
  },
} as const;

/** The attempt's data a resumed launch continues from (session_time and exit are write-only). */
const RESUMED_ELEMENTS: Record<ScormVersion, readonly string[]> = {
  '1.2': [
    'cmi.core.lesson_location',
    'cmi.core.lesson_status',
    'cmi.core.score.raw',
    'cmi.core.score.min',
    'cmi.core.score.max',
    'cmi.suspend_data',
  ],
  '2004': [
    'cmi.location',
    'cmi.completion_status',
    'cmi.success_status',
    'cmi.score.raw',
    'cmi.score.min',
    'cmi.score.max',
    'cmi.score.scaled',
    'cmi.progress_measure',
    'cmi.suspend_data',
  ],
};

/**
 * The initial CMI values of a launch, by the version's element names. A new attempt (ab-initio)
 * starts from the runtime's defaults; a resumed one from the stored elements of its attempt. Empty
 * values are left out (the runtime's default applies), except the entry.
 */
export function initialCmi(version: ScormVersion, input: InitialCmiInput): Record<string, string> {
  const names = NAMES[version];
  const cmi: Record<string, string> = {};
  const put = (name: string | null, value: string | number | null) => {
    if (name === null || value === null || value === '') return;
    cmi[name] = String(value);
  };
  put(names.learnerId, input.learnerId);
  put(names.learnerName, input.learnerName);
  cmi[names.entry] = input.entry;
  put(names.mode, input.mode);
  put(names.credit, input.credit ? 'credit' : 'no-credit');
  // The manifest's objectives take the first indexes in every attempt, so the indexes the SCO
  // wrote in a suspended session still name the same objectives on resume.
  if (version === '2004') {
    (input.objectiveIds ?? []).forEach((id, index) => (cmi[`cmi.objectives.${index}.id`] = id));
  }
  if (input.entry === 'resume') {
    for (const name of RESUMED_ELEMENTS[version]) put(name, input.stored.cmi[name] ?? null);
    // The objectives and interactions the SCO set in this attempt (RTE: kept for the attempt).
    Object.assign(cmi, attemptRecordsOf(input.stored.cmi));
  }
  put(
    names.totalTime,
    version === '1.2'
      ? formatScorm12Time(input.stored.totalTimeMs)
      : formatIsoDuration(input.stored.totalTimeMs),
  );
  put(names.launchData, input.launchData);
  put(names.masteryScore, input.masteryScore);
  put(names.completionThreshold, input.completionThreshold);
  put(names.maxTimeAllowed, input.maxTimeAllowed);
  put(names.timeLimitAction, input.timeLimitAction || DEFAULT_TIME_LIMIT_ACTION);
  return cmi;
}
