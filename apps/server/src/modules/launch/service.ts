import {
  lessonPlaces,
  needsLiveVerification,
  PLAY_MODE,
  playerModeOf,
  resumesAttempt,
  signInAllowed,
  type LaunchRules,
  type LessonPlace,
  type ProgressElement,
  type ScormVersion,
} from '@waypoint/domain';
import type { PrerequisiteType, ProgressReport } from '@waypoint/domain/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { LaunchTable } from '../../db/schema.js';
import { verifyPassword } from '../../lib/password.js';
import { RATE_RULES } from '../../lib/rate-limit.js';
import { clearRateLimit, enforcePeek, recordFailure } from '../rate-limits/service.js';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { launchSettings } from '../lms-info/service.js';
import { buildAssignmentReport, type ReportDeps } from '../progress/service.js';
import { visibleLibraryLesson } from '../library/service.js';
import { parseCmi } from '../../lib/stored-cmi.js';
import { panelNow, sequencedPackage } from '../sequencing/index.js';
import * as repo from './repo.js';
import { findAssignedCurriculum, findLessonPlace, launchRefusal } from './rules.js';

/** The student behind a launch request: the session's user, LMS and session. */
export interface LaunchStudent {
  userKey: number;
  lmsKey: number;
  sessionHash: string;
}

export interface LaunchRequest {
  curriculumKey: number;
  lessonKey: number;
  assignmentKey: number;
}

export type Refusal = { status: 403 | 404 | 409 | 503; errorMessage: string };

/** A launch started on another device counts as open while it saved or beat this recently. */
export const OPEN_ELSEWHERE_WINDOW_MS = 3 * 60_000;
/** Between the start-launch post and the launch form post. */
export const START_WINDOW_MS = 10 * 60_000;

export const NOT_ASSIGNED_MESSAGE = 'This lesson is not part of your assignments.';
export const OPEN_ELSEWHERE_MESSAGE = 'This lesson is already open on another device or browser';
export const SEQUENCING_REFUSED_MESSAGE =
  "This course's sequencing does not allow this lesson now. Return to the course to see what is open.";
export const NO_CONTENT_ORIGIN_MESSAGE =
  'Lessons cannot be played at this address: the server has no separate content address ' +
  '(CONTENT_ORIGIN). Please contact your training department.';

interface Evaluated {
  place: LessonPlace;
  lesson: ProgressElement;
  scormVersion: ScormVersion | null;
}

/**
 * The launch rules applied by the server to the student's own progress, whatever the page showed
 * (§4 Expiry and launchability).
 */
export async function evaluateLaunch(
  deps: ReportDeps,
  student: LaunchStudent,
  request: LaunchRequest,
  nowMs: number,
): Promise<Refusal | Evaluated> {
  const { db } = deps;
  // The one assignment's curriculum is all the rules need (not the student's whole report).
  const [report, settings, content, progress] = await Promise.all([
    buildAssignmentReport(deps, student, nowMs, request),
    launchSettings(db, student.lmsKey),
    repo.findLessonContent(db, request.lessonKey, student.lmsKey),
    repo.findProgress(db, request.assignmentKey, request.lessonKey),
  ]);
  const place = report
    ? findLessonPlace(
        report.progressReport,
        request.assignmentKey,
        request.curriculumKey,
        request.lessonKey,
      )
    : null;
  if (!report || !place) return { status: 404, errorMessage: NOT_ASSIGNED_MESSAGE };
  const scormVersion = content ? (content.scormVersion as ScormVersion) : null;
  const refusal = launchRefusal(
    place,
    launchRules(report, settings, nowMs, {
      resumable:
        scormVersion !== null && !!progress && resumesAttempt(scormVersion, parseCmi(progress.cmi)),
    }),
  );
  if (refusal) return { status: 403, errorMessage: refusal };
  if (content && scormVersion === '2004' && place.lesson.elementPlayMode !== PLAY_MODE.browse) {
    // A sequenced package opens a lesson only through its sequencer (SN OP.1): the launch is a
    // choice of its activity (the start or resume of a flow-only package), which the engine
    // judges now on the stored state, whatever the report showed (ADR 0007). 403, not 409: at
    // pre-launch a 409 means 'open on another device' to the panel (§4 Lesson launch flow).
    const sequenced = await sequencedPackage(deps, {
      scormVersion,
      assignmentKey: request.assignmentKey,
      courseKey: content.courseKey,
      packageKey: content.packageKey,
      userKey: student.userKey,
    });
    if (sequenced) {
      const panel = await panelNow(deps, sequenced);
      if (!panel.launchable.includes(content.identifier)) {
        return { status: 403, errorMessage: SEQUENCING_REFUSED_MESSAGE };
      }
    }
  }
  return { place, lesson: place.lesson, scormVersion };
}

const prerequisiteNamesOf = (types: PrerequisiteType[]) =>
  new Map(types.map((t) => [t.prerequisiteKey, t.prerequisiteName]));

/** The launch rules' inputs besides the tree: the report's prerequisite names, the LMS's settings. */
function launchRules(
  report: ProgressReport,
  settings: Pick<
    LaunchRules,
    'allowExpiredAssignmentsToBeCompleted' | 'enforceCurriculumPrerequisitesToggle'
  >,
  nowMs: number,
  attempt: { resumable: boolean },
): LaunchRules {
  return {
    nowMs,
    prerequisiteNames: prerequisiteNamesOf(report.prerequisiteTypes),
    allowExpiredAssignmentsToBeCompleted: settings.allowExpiredAssignmentsToBeCompleted,
    enforceCurriculumPrerequisitesToggle: settings.enforceCurriculumPrerequisitesToggle,
    resumable: attempt.resumable,
  };
}

const isRefusal = (value: Refusal | Evaluated): value is Refusal => 'status' in value;

/**
 * The pre-launch check (§4 Lesson launch flow steps 2-4): the rules, then the 'another device or
 * browser' answer (409) while the lesson is open in another session; `force` ends that launch.
 */
export async function prelaunch(
  deps: ReportDeps,
  student: LaunchStudent,
  request: LaunchRequest,
  now: Date,
  force: boolean,
): Promise<Refusal | { status: 200 }> {
  const { db } = deps;
  const evaluated = await evaluateLaunch(deps, student, request, now.getTime());
  if (isRefusal(evaluated)) return evaluated;
  const where = { userKey: student.userKey, lessonKey: request.lessonKey };
  if (!force) {
    const elsewhere = await repo.findOpenElsewhere(db, {
      ...where,
      sessionHash: student.sessionHash,
      activeSince: new Date(now.getTime() - OPEN_ELSEWHERE_WINDOW_MS),
    });
    if (elsewhere.length > 0) return { status: 409, errorMessage: OPEN_ELSEWHERE_MESSAGE };
  } else {
    await repo.closeOthers(db, { ...where, sessionHash: student.sessionHash, now });
  }
  return { status: 200 };
}

/** A new launch of the student's, in its first state ('starting'). */
function insertLaunch(
  db: Db,
  student: LaunchStudent,
  now: Date,
  launch: Omit<
    Insertable<LaunchTable>,
    'userKey' | 'lmsKey' | 'sessionHash' | 'createdAt' | 'lastActiveAt'
  >,
) {
  return repo.insertLaunch(db, {
    ...launch,
    userKey: student.userKey,
    lmsKey: student.lmsKey,
    sessionHash: student.sessionHash,
    createdAt: now,
    lastActiveAt: now,
  });
}

/** The start-launch post (§7 POST /api/studentlaunch/): a new launch, answered with its id. */
export async function startLaunch(
  deps: ReportDeps,
  student: LaunchStudent,
  request: LaunchRequest,
  now: Date,
  contentOrigin: string | null,
): Promise<Refusal | { status: 200; launchId: string }> {
  const { db } = deps;
  const evaluated = await evaluateLaunch(deps, student, request, now.getTime());
  if (isRefusal(evaluated)) return evaluated;
  if (!contentOrigin) return { status: 503, errorMessage: NO_CONTENT_ORIGIN_MESSAGE };
  const { mode, credit } = playerModeOf(evaluated.lesson.elementPlayMode);
  const launchId = randomToken();
  await insertLaunch(db, student, now, {
    launchId,
    curriculumKey: request.curriculumKey,
    assignmentKey: request.assignmentKey,
    lessonKey: request.lessonKey,
    scoKey: evaluated.lesson.elementSCOKey,
    contentOrigin,
    mode,
    credit,
  });
  return { status: 200, launchId };
}

/** What the launch window shows next: the player, the re-authentication step, or why not. */
export type LaunchWindowStep =
  | { kind: 'player'; url: string; launchId: string; token: string }
  | {
      kind: 'verify';
      launchId: string;
      error: string | null;
      /** Students who sign in with MFA confirm with an emailed code, the others with their password. */
      method: 'password' | 'code';
      /** The emailed code's challenge ('code'); the route starts one when absent. */
      mfaId?: string;
      user: { userKey: number; lmsKey: number; email: string };
    }
  | { kind: 'error'; message: string };

const LAUNCH_GONE =
  'This launch has expired or was already used. Close this window and launch the lesson again.';

async function usableLaunch(db: Db, student: LaunchStudent, launchId: string, nowMs: number) {
  const launch = await repo.findLaunch(db, launchId);
  if (
    !launch ||
    launch.userKey !== student.userKey ||
    launch.sessionHash !== student.sessionHash ||
    launch.status !== 'starting' ||
    launch.tokenHash !== null ||
    new Date(launch.createdAt).getTime() + START_WINDOW_MS < nowMs
  ) {
    return null;
  }
  return launch;
}

/**
 * The lessons of an assignment's curriculum the rules let the student launch now (the player's
 * sibling list, asked for each time a player opens): the one curriculum's tree, built once, every
 * lesson judged against it.
 */
export async function launchableLessons(
  deps: ReportDeps,
  student: LaunchStudent,
  where: { curriculumKey: number; assignmentKey: number },
  nowMs: number,
): Promise<Set<number>> {
  const [report, settings] = await Promise.all([
    buildAssignmentReport(deps, student, nowMs, where),
    launchSettings(deps.db, student.lmsKey),
  ]);
  const launchable = new Set<number>();
  const curriculum = report
    ? findAssignedCurriculum(report.progressReport, where.assignmentKey, where.curriculumKey)
    : null;
  if (!report || !curriculum) return launchable;
  const rules = launchRules(report, settings, nowMs, { resumable: false });
  for (const place of lessonPlaces(curriculum)) {
    if (launchRefusal(place, rules) === null) launchable.add(place.lesson.elementKey);
  }
  return launchable;
}

/** Gives the launch its player token (once) and answers the player's address on the content origin. */
async function toPlayer(db: Db, launch: repo.LaunchRow, now: Date): Promise<LaunchWindowStep> {
  const token = randomToken();
  if (!(await repo.setLaunchToken(db, launch.launchId, hashToken(token), now))) {
    return { kind: 'error', message: LAUNCH_GONE };
  }
  // The token travels in the fragment: never sent to a server, never in a Referer.
  return {
    kind: 'player',
    url: `${launch.contentOrigin}/player/${launch.launchId}#${token}`,
    launchId: launch.launchId,
    token,
  };
}

/**
 * The launch form post (§4 step 5): checks the launch is this session's and unused, re-applies the
 * rules, asks for re-authentication when live verification applies (the server decides, whatever
 * form was used), then sends the window to the player.
 */
export async function openLaunchWindow(
  deps: ReportDeps,
  student: LaunchStudent,
  launchId: string,
  now: Date,
): Promise<LaunchWindowStep> {
  const { db } = deps;
  const launch = await usableLaunch(db, student, launchId, now.getTime());
  if (!launch || launch.assignmentKey === null) return { kind: 'error', message: LAUNCH_GONE };
  const evaluated = await evaluateLaunch(
    deps,
    student,
    {
      curriculumKey: launch.curriculumKey,
      lessonKey: launch.lessonKey,
      assignmentKey: launch.assignmentKey,
    },
    now.getTime(),
  );
  if (isRefusal(evaluated)) return { kind: 'error', message: evaluated.errorMessage };
  const user = await verifyingUser(db, student.userKey);
  if (!user) return { kind: 'error', message: LAUNCH_GONE };
  const lastVerifiedMs = user.lastVerifiedAt ? new Date(user.lastVerifiedAt).getTime() : 0;
  if (needsLiveVerification(evaluated.lesson, lastVerifiedMs, now.getTime())) {
    return verifyStep(user, launchId, null);
  }
  return toPlayer(db, launch, now);
}

/**
 * The user a launch window re-authenticates, if the sign-in rule ('launch-reauthentication' path)
 * still allows them: they may have been made inactive since the session was checked.
 */
async function verifyingUser(db: Db, userKey: number) {
  const user = await repo.findUserForVerification(db, userKey);
  return user && signInAllowed(user, user, 'launch-reauthentication').allowed ? user : null;
}

export const VERIFY_WRONG_PASSWORD = 'That password is not correct. Please try again.';
export const VERIFY_WRONG_CODE = 'That code is not correct. Please try again.';

type VerifyingUser = NonNullable<Awaited<ReturnType<typeof repo.findUserForVerification>>>;

function verifyStep(
  user: VerifyingUser,
  launchId: string,
  error: string | null,
  mfaId?: string,
): LaunchWindowStep {
  return {
    kind: 'verify',
    launchId,
    error,
    method: user.mfaEnabled ? 'code' : 'password',
    ...(mfaId ? { mfaId } : {}),
    user: { userKey: user.userKey, lmsKey: user.lmsKey, email: user.email },
  };
}

/** What the student gave at the re-authentication step. */
export type VerificationAnswer =
  | { method: 'password'; password: string }
  | {
      method: 'code';
      mfaId: string;
      /** Checks the emailed code (auth's MFA challenge); the user it belongs to, or throws. */
      check: () => Promise<{ userKey: number }>;
    };

/**
 * The re-authentication step of live verification (design brief): the student's password,
 * rate limited per user; success is remembered for 24 h (§9 live verification interval).
 */
export async function verifyAndOpen(
  db: Db,
  student: LaunchStudent,
  launchId: string,
  answer: VerificationAnswer,
  now: Date,
): Promise<LaunchWindowStep> {
  const launch = await usableLaunch(db, student, launchId, now.getTime());
  if (!launch) return { kind: 'error', message: LAUNCH_GONE };
  const user = await verifyingUser(db, student.userKey);
  if (!user) return { kind: 'error', message: LAUNCH_GONE };
  if (answer.method === 'code' && user.mfaEnabled) {
    // The MFA service counts wrong codes per challenge and limits attempts per address.
    let owner: { userKey: number };
    try {
      owner = await answer.check();
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      return verifyStep(user, launchId, error.message, answer.mfaId);
    }
    if (owner.userKey !== student.userKey) return verifyStep(user, launchId, VERIFY_WRONG_CODE);
  } else {
    const key = String(student.userKey);
    try {
      await enforcePeek(db, RATE_RULES.launchVerifyFailures, key, now);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return verifyStep(user, launchId, error.message);
    }
    const password = answer.method === 'password' ? answer.password : '';
    if (user.mfaEnabled || !(await verifyPassword(password, user.passwordHash))) {
      await recordFailure(db, RATE_RULES.launchVerifyFailures, key, now);
      return verifyStep(user, launchId, VERIFY_WRONG_PASSWORD);
    }
    await clearRateLimit(db, RATE_RULES.launchVerifyFailures, key);
  }
  await repo.setLastVerified(db, student.userKey, now);
  return toPlayer(db, launch, now);
}

/**
 * A library launch (§2 Library, §7 POST /api/librarylaunch/): a preview in browse mode that
 * records nothing (§9: library content is reference only, with no tracking).
 */
export async function libraryLaunch(
  db: Db,
  student: LaunchStudent,
  lessonKey: number,
  now: Date,
  contentOrigin: string | null,
): Promise<LaunchWindowStep> {
  if (!contentOrigin) return { kind: 'error', message: NO_CONTENT_ORIGIN_MESSAGE };
  // The library decides what the student may preview (LMS, library course, groups).
  const lesson = await visibleLibraryLesson(db, student, lessonKey);
  if (!lesson || lesson.scoKey === null) {
    return { kind: 'error', message: 'This lesson is not in your library.' };
  }
  const launchId = randomToken();
  await insertLaunch(db, student, now, {
    launchId,
    curriculumKey: lesson.curriculumKey,
    assignmentKey: null,
    lessonKey,
    scoKey: lesson.scoKey,
    contentOrigin,
    mode: 'browse',
    credit: false,
    preview: true,
  });
  const launch = await repo.findLaunch(db, launchId);
  return launch ? toPlayer(db, launch, now) : { kind: 'error', message: LAUNCH_GONE };
}

/**
 * A launch started from the player window (multi-SCO navigation), for the same student, session
 * and content origin: a library preview stays a preview; an assigned lesson passes the launch rules,
 * and one that asks for live verification must be launched from the panel.
 */
export async function startFollowOnLaunch(
  deps: ReportDeps,
  student: LaunchStudent,
  from: { curriculumKey: number; assignmentKey: number | null; contentOrigin: string },
  lessonKey: number,
  now: Date,
): Promise<Refusal | { status: 200; launchId: string; token: string }> {
  let step: LaunchWindowStep;
  if (from.assignmentKey === null) {
    step = await libraryLaunch(deps.db, student, lessonKey, now, from.contentOrigin);
  } else {
    const request = {
      curriculumKey: from.curriculumKey,
      assignmentKey: from.assignmentKey,
      lessonKey,
    };
    const started = await startLaunch(deps, student, request, now, from.contentOrigin);
    if (started.status !== 200) return started;
    step = await openLaunchWindow(deps, student, started.launchId, now);
    if (step.kind === 'verify') {
      return {
        status: 403,
        errorMessage: 'This lesson asks you to confirm it is you: launch it from Waypoint.',
      };
    }
  }
  if (step.kind !== 'player') {
    return { status: 403, errorMessage: step.kind === 'error' ? step.message : LAUNCH_GONE };
  }
  return { status: 200, launchId: step.launchId, token: step.token };
}
