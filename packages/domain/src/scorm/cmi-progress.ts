/** What a player commit does to a lesson's stored progress (ADR 0007; player contract "commit"). */
import type { ScormVersion } from '../contract/player.js';
import { parseIsoDuration, parseScorm12Time } from './time.js';

// The version's type is the player contract's (one definition); the rules re-export it.
export type { ScormVersion };

/** One row of lesson_progress, plus its raw cmi of the current attempt. */
export interface StoredProgress {
  attempts: number;
  completion: number;
  credit: number;
  /** percent 0..100 */
  score: number;
  completionInstantMs: number | null;
  location: number;
  maxLocation: number;
  locationBlob: string;
  suspendData: string;
  /** 0..1 */
  progressMeasure: number;
  totalTimeMs: number;
  /** Stored SCORM elements of the current attempt, by the contract's element names. */
  cmi: Record<string, string>;
}

export interface CommitContext {
  version: ScormVersion;
  /** false for browse/review mode and library previews: nothing changes. */
  credit: boolean;
  /** lesson total time before this launch; total = base + the launch's latest session_time */
  baseTotalTimeMs: number;
  nowMs: number;
  /** 1.2: adlcp:masteryscore 0..100; 2004: scaled passing score -1..1; null when none. */
  masteryScore: number | null;
  /** 2004 completion threshold 0..1; null when none (ignored for 1.2). */
  completionThreshold: number | null;
}

/**
 * One attempt's own result (ADR 0023 "History"): what the SCO reported in this attempt alone, with
 * §4's completion and credit codes as lesson_progress keeps them, while the stored progress keeps
 * the lesson's best result across attempts ("never lose a result").
 */
export interface AttemptResult {
  completion: number;
  credit: number;
  /** percent 0..100, or null when the attempt has no score */
  scorePercent: number | null;
  /** 0..1, or null when none was reported */
  progressMeasure: number | null;
}

export type CommitResult =
  { ok: true; next: StoredProgress; attempt: AttemptResult } | { ok: false; problems: string[] };

/** The elements a version's commits carry that the server stores, by role. */
const ELEMENTS = {
  '1.2': {
    lessonStatus: 'cmi.core.lesson_status',
    completionStatus: null,
    successStatus: null,
    scoreRaw: 'cmi.core.score.raw',
    scoreMin: 'cmi.core.score.min',
    scoreMax: 'cmi.core.score.max',
    scoreScaled: null,
    progressMeasure: null,
    location: 'cmi.core.lesson_location',
    sessionTime: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
    suspendData: 'cmi.suspend_data',
  },
  '2004': {
    lessonStatus: null,
    completionStatus: 'cmi.completion_status',
    successStatus: 'cmi.success_status',
    scoreRaw: 'cmi.score.raw',
    scoreMin: 'cmi.score.min',
    scoreMax: 'cmi.score.max',
    scoreScaled: 'cmi.score.scaled',
    progressMeasure: 'cmi.progress_measure',
    location: 'cmi.location',
    sessionTime: 'cmi.session_time',
    exit: 'cmi.exit',
    suspendData: 'cmi.suspend_data',
  },
} as const;

/** The elements the server stores per version, as the player contract lists them (others are ignored). */
export const STORED_CMI_ELEMENTS: Record<ScormVersion, readonly string[]> = {
  '1.2': [
    'cmi.core.lesson_status',
    'cmi.core.score.raw',
    'cmi.core.score.min',
    'cmi.core.score.max',
    'cmi.core.lesson_location',
    'cmi.core.session_time',
    'cmi.core.exit',
    'cmi.suspend_data',
  ],
  '2004': [
    'cmi.completion_status',
    'cmi.success_status',
    'cmi.score.raw',
    'cmi.score.min',
    'cmi.score.max',
    'cmi.score.scaled',
    'cmi.progress_measure',
    'cmi.location',
    'cmi.session_time',
    'cmi.exit',
    'cmi.suspend_data',
  ],
};

const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A check returns the problem with a value, or null when the value is good. */
type Check = (name: string, value: string) => string | null;

const oneOf =
  (allowed: readonly string[]): Check =>
  (name, value) =>
    allowed.includes(value)
      ? null
      : `${name} must be one of ${allowed.map((v) => (v === '' ? "''" : v)).join(', ')}.`;

const decimalOrEmpty: Check = (name, value) =>
  value === '' || DECIMAL.test(value) ? null : `${name} must be a number.`;

// '' means "not set" here too: a runtime's default for these is empty, so a player that sends a
// default must not lose the whole commit over it.
const decimalBetween =
  (min: number, max: number): Check =>
  (name, value) =>
    value === '' || (DECIMAL.test(value) && Number(value) >= min && Number(value) <= max)
      ? null
      : `${name} must be a number from ${min} to ${max}.`;

const atMost =
  (length: number): Check =>
  (name, value) =>
    value.length <= length ? null : `${name} must be at most ${length} characters.`;

const CHECKS: Record<ScormVersion, Record<string, Check>> = {
  '1.2': {
    'cmi.core.lesson_status': oneOf([
      'passed',
      'completed',
      'failed',
      'incomplete',
      'browsed',
      'not attempted',
    ]),
    'cmi.core.score.raw': decimalOrEmpty,
    'cmi.core.score.min': decimalOrEmpty,
    'cmi.core.score.max': decimalOrEmpty,
    'cmi.core.lesson_location': atMost(255),
    'cmi.core.session_time': (name, value) =>
      parseScorm12Time(value) === null ? `${name} must be a time like 0001:02:03.50.` : null,
    'cmi.core.exit': oneOf(['', 'time-out', 'suspend', 'logout']),
    'cmi.suspend_data': atMost(4096),
  },
  '2004': {
    'cmi.completion_status': oneOf(['completed', 'incomplete', 'not attempted', 'unknown']),
    'cmi.success_status': oneOf(['passed', 'failed', 'unknown']),
    'cmi.score.raw': decimalOrEmpty,
    'cmi.score.min': decimalOrEmpty,
    'cmi.score.max': decimalOrEmpty,
    'cmi.score.scaled': decimalBetween(-1, 1),
    'cmi.progress_measure': decimalBetween(0, 1),
    'cmi.location': atMost(1000),
    'cmi.session_time': (name, value) =>
      parseIsoDuration(value) === null ? `${name} must be a duration like PT1H2M3.5S.` : null,
    'cmi.exit': oneOf(['', 'timeout', 'suspend', 'logout', 'normal']),
    'cmi.suspend_data': atMost(64000),
  },
};

/** A stored element is "set" when present and not empty. */
function setValue(cmi: Record<string, string>, name: string | null): string | null {
  if (name === null) return null;
  const value = cmi[name];
  return value === undefined || value === '' ? null : value;
}

function setNumber(cmi: Record<string, string>, name: string | null): number | null {
  const value = setValue(cmi, name);
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

type Outcome = 'passed' | 'failed' | 'completed' | 'other';

/** Rule 4: the attempt's outcome from its statuses, with the mastery and threshold overrides. */
function outcomeOf(merged: Record<string, string>, ctx: CommitContext): Outcome {
  if (ctx.version === '1.2') {
    const names = ELEMENTS['1.2'];
    const raw = setNumber(merged, names.scoreRaw);
    const status =
      ctx.masteryScore !== null && raw !== null
        ? raw >= ctx.masteryScore
          ? 'passed'
          : 'failed'
        : merged[names.lessonStatus];
    return status === 'passed' || status === 'failed' || status === 'completed' ? status : 'other';
  }
  const names = ELEMENTS['2004'];
  const measure = setNumber(merged, names.progressMeasure);
  const completion =
    ctx.completionThreshold !== null && measure !== null
      ? measure >= ctx.completionThreshold
        ? 'completed'
        : 'incomplete'
      : merged[names.completionStatus];
  const scaled = setNumber(merged, names.scoreScaled);
  const success =
    ctx.masteryScore !== null && scaled !== null
      ? scaled >= ctx.masteryScore
        ? 'passed'
        : 'failed'
      : merged[names.successStatus];
  if (success === 'passed' || success === 'failed') return success;
  return completion === 'completed' ? 'completed' : 'other';
}

/** Spec §4 Completion codes: "-3 minimum score not met"; credit below 0 = complete but not passing. */
const CODES: Record<Outcome, { completion: number; credit: number }> = {
  passed: { completion: 1, credit: 1 },
  failed: { completion: -3, credit: -1 },
  completed: { completion: 1, credit: 0 },
  other: { completion: 0, credit: 0 },
};

/** An attempt's own result from its cmi alone (see AttemptResult). */
export function attemptResultOf(cmi: Record<string, string>, ctx: CommitContext): AttemptResult {
  const code = CODES[outcomeOf(cmi, ctx)];
  const measure = setNumber(cmi, ELEMENTS[ctx.version].progressMeasure);
  return {
    completion: code.completion,
    credit: code.credit,
    scorePercent: scorePercentOf(cmi, ctx.version),
    progressMeasure: measure ?? (code.completion >= 1 ? 1 : null),
  };
}

/** Rule 5: the score in percent, or null when the attempt has no score. */
function scorePercentOf(merged: Record<string, string>, version: ScormVersion): number | null {
  const names = ELEMENTS[version];
  const scaled = setNumber(merged, names.scoreScaled);
  let percent: number | null = null;
  if (scaled !== null) {
    percent = scaled * 100;
  } else {
    const raw = setNumber(merged, names.scoreRaw);
    if (raw === null) return null;
    // SCORM 1.2 scores are on 0..100 unless min/max say otherwise.
    const min = setNumber(merged, names.scoreMin) ?? (version === '1.2' ? 0 : null);
    const max = setNumber(merged, names.scoreMax) ?? (version === '1.2' ? 100 : null);
    percent = min !== null && max !== null && max > min ? ((raw - min) / (max - min)) * 100 : raw;
  }
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}

function copyOf(stored: StoredProgress): StoredProgress {
  return { ...stored, cmi: { ...stored.cmi } };
}

/**
 * Applies one commit's changed elements to the lesson's stored progress (rules 1-11 of the brief).
 * A bad value rejects the whole commit, so a half-applied commit never exists.
 */
export function applyCommit(
  stored: StoredProgress,
  delta: Record<string, string>,
  ctx: CommitContext,
): CommitResult {
  const checks = CHECKS[ctx.version];
  const accepted: Record<string, string> = {};
  const problems: string[] = [];
  for (const name of STORED_CMI_ELEMENTS[ctx.version]) {
    if (!Object.hasOwn(delta, name)) continue;
    // The delta comes from a JSON body: do not trust the declared type.
    const value: unknown = delta[name];
    if (typeof value !== 'string') {
      problems.push(`${name} must be text.`);
      continue;
    }
    const problem = checks[name]?.(name, value) ?? null;
    if (problem !== null) problems.push(problem);
    else accepted[name] = value;
  }
  if (problems.length > 0) return { ok: false, problems };
  if (!ctx.credit)
    return { ok: true, next: copyOf(stored), attempt: attemptResultOf(stored.cmi, ctx) };

  const names = ELEMENTS[ctx.version];
  const merged = { ...stored.cmi, ...accepted };

  const code = CODES[outcomeOf(merged, ctx)];
  const attemptScore = scorePercentOf(merged, ctx.version);
  const newScore = attemptScore ?? stored.score;
  // Never lose a result: a complete and passing lesson stays so, and keeps its best score.
  const keepResult = stored.completion >= 1 && stored.credit >= 0;
  const completion = keepResult ? stored.completion : code.completion;
  const credit = keepResult ? stored.credit : code.credit;
  const score = keepResult ? Math.max(stored.score, newScore) : newScore;

  const completionInstantMs =
    completion >= 1 && stored.completion < 1 ? ctx.nowMs : stored.completionInstantMs;

  // The text columns mirror the element, so a location or suspend_data set to '' clears them too.
  const locationText = merged[names.location];
  const locationBlob = locationText ?? stored.locationBlob;
  const location =
    locationText !== undefined && /^\d{1,9}$/.test(locationText)
      ? Number(locationText)
      : stored.location;

  const measure = setNumber(merged, names.progressMeasure);
  const progressMeasure = measure ?? (completion >= 1 ? 1 : stored.progressMeasure);

  // Only this commit's session_time: one kept in the cmi from an earlier launch of a resumed attempt
  // is already inside baseTotalTimeMs and must not count twice.
  const sessionTime = accepted[names.sessionTime];
  const sessionMs =
    sessionTime === undefined
      ? null
      : ctx.version === '1.2'
        ? parseScorm12Time(sessionTime)
        : parseIsoDuration(sessionTime);
  const totalTimeMs = sessionMs === null ? stored.totalTimeMs : ctx.baseTotalTimeMs + sessionMs;

  const attemptMeasure = setNumber(merged, names.progressMeasure);
  return {
    ok: true,
    attempt: {
      completion: code.completion,
      credit: code.credit,
      scorePercent: attemptScore,
      progressMeasure: attemptMeasure ?? (code.completion >= 1 ? 1 : null),
    },
    next: {
      attempts: stored.attempts,
      completion,
      credit,
      score,
      completionInstantMs,
      location,
      maxLocation: Math.max(stored.maxLocation, location),
      locationBlob,
      suspendData: merged[names.suspendData] ?? stored.suspendData,
      progressMeasure,
      totalTimeMs,
      cmi: merged,
    },
  };
}

/** 1.2 statuses and 2004 completion/success statuses that say the attempt reached its end. */
const FINISHED: Record<ScormVersion, (cmi: Record<string, string>) => boolean> = {
  '1.2': (cmi) =>
    ['passed', 'completed', 'failed'].includes(cmi[ELEMENTS['1.2'].lessonStatus] ?? ''),
  '2004': (cmi) =>
    cmi[ELEMENTS['2004'].completionStatus] === 'completed' ||
    ['passed', 'failed'].includes(cmi[ELEMENTS['2004'].successStatus] ?? ''),
};

/**
 * Whether the next launch resumes the stored attempt (entry 'resume') or starts a new one:
 * - the SCO said 'suspend' (cmi.core.exit / cmi.exit): resumed;
 * - it said any other exit (1.2 'logout', 'time-out'; 2004 'logout', 'normal', 'timeout'): ended;
 * - it said nothing ('' or never set) while the attempt has a location or suspend data: suspended,
 *   as a browser closing the window would leave it, because content that bookmarks expects to come
 *   back to its bookmark (much of it sets 'suspend' only in a handler a closing page may not run).
 *   An attempt whose status says it is finished (1.2 passed, completed, failed; 2004 completed,
 *   passed, failed) ends instead, so a finished quiz is taken again from the start;
 * - it said nothing and holds no bookmark: ended.
 */
export function resumesAttempt(version: ScormVersion, cmi: Record<string, string>): boolean {
  const names = ELEMENTS[version];
  const exit = cmi[names.exit] ?? '';
  if (exit !== '') return exit === 'suspend';
  const bookmarked =
    setValue(cmi, names.location) !== null || setValue(cmi, names.suspendData) !== null;
  return bookmarked && !FINISHED[version](cmi);
}

/**
 * Going back into a suspended attempt: its data stays, but the exit and session time belong to the
 * session that ended. A resumed session that ends without its own exit is then judged on its own
 * (see resumesAttempt), and does not count the old session time twice.
 */
export function resumeAttempt(version: ScormVersion, stored: StoredProgress): StoredProgress {
  const { exit, sessionTime } = ELEMENTS[version];
  const cmi = { ...stored.cmi };
  delete cmi[exit];
  delete cmi[sessionTime];
  return { ...stored, cmi };
}

/** A new attempt: the attempt's SCORM data is cleared, results (completion, credit, score, instant,
 * total time, progress measure) are kept because they are never lost. */
export function startNewAttempt(stored: StoredProgress): StoredProgress {
  return {
    ...stored,
    attempts: stored.attempts + 1,
    cmi: {},
    locationBlob: '',
    suspendData: '',
  };
}

/** What SCORM 1.2's runtime holds when the SCO calls LMSFinish, for lessonStatusOnFinish12. */
export interface Finish12Input {
  /** cmi.core.lesson_status */
  status: string;
  /** cmi.core.lesson_mode: 'normal', 'browse' or 'review' */
  mode: string;
  /** cmi.core.credit: 'credit' or 'no-credit' */
  credit: string;
  /** cmi.student_data.mastery_score ('' when the manifest gives none) */
  masteryScore: string;
  /** cmi.core.score.raw ('' when the SCO set none) */
  scoreRaw: string;
}

/**
 * cmi.core.lesson_status once a SCORM 1.2 SCO calls LMSFinish, as the 1.2 RTE has the LMS set it:
 * - a status still 'not attempted' becomes 'completed' ('browsed' in browse mode): a page turner
 *   that only initialises and finishes has been seen through;
 * - in normal mode with credit, a mastery score and a raw score decide 'passed' (raw >= mastery)
 *   or 'failed', whatever the SCO set (the server's commit rule 4 reads them the same way).
 * Any other status stays as the SCO left it.
 */
export function lessonStatusOnFinish12(input: Finish12Input): string {
  let status = input.status;
  if (status === 'not attempted' || status === '') {
    status = input.mode === 'browse' ? 'browsed' : 'completed';
  }
  if (input.mode === 'normal' && input.credit === 'credit') {
    const mastery = DECIMAL.test(input.masteryScore) ? Number(input.masteryScore) : null;
    const raw = DECIMAL.test(input.scoreRaw) ? Number(input.scoreRaw) : null;
    if (mastery !== null && raw !== null) status = raw >= mastery ? 'passed' : 'failed';
  }
  return status;
}
