import {
  applyCommit,
  attemptRecordChanges,
  attemptResultOf,
  endAttemptStatuses,
  resumesAttempt,
  type AttemptResult,
  type ScormVersion,
} from '@waypoint/domain';
import type { CommitAnswer, CommitBody, PlayerNavigation } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, safeEqual } from '../../lib/tokens.js';
import { changesSequencing, navigationNow, refreshPanel } from '../sequencing/index.js';
import { createCommitQueue, type CommitQueue } from './commit-queue.js';
import * as repo from './commits.repo.js';
import {
  CLOSED_MESSAGES,
  INVALID_TOKEN,
  LAUNCH_LIFETIME_MS,
  records,
  sessionLive,
} from './launch-access.js';
import type { PlayerDeps } from './player-deps.js';
import { columnsBesideCmi, msOf, storedOf } from './progress-columns.js';
import { sequencingOf } from './sequenced-launch.js';

/**
 * POST /player-api/{launchId}/commit (ADR 0007, Commits): the launch row is locked, a stale commit
 * (seq not above the last applied one) is acknowledged and ignored, a closed launch refuses, bad
 * cmi values change nothing (400), browse and previews record nothing, and a final commit closes
 * the launch. Commits that arrive together are written together (ADR 0007, Group commit): each is
 * judged on its own, in seq order per launch, and answered once its transaction has committed.
 */

/** A commit waiting for its batch, with how to answer it. */
export interface CommitEntry {
  launchId: string;
  request: CommitBody;
  now: Date;
  sessionIdleMs: number;
  resolve: (answer: CommitAnswer) => void;
  reject: (error: unknown) => void;
}

/** A commit's outcome inside its batch: its answer, or the error it is refused with. */
type Outcome = { answer: CommitAnswer } | { error: HttpError };

/** How commits are grouped: see commit-queue.ts and ADR 0007. */
export interface GroupCommitOptions {
  /** Batches written at once: 1 on PGlite (one connection), a few on PostgreSQL. */
  concurrency: number;
  /** The most commits in one transaction. */
  maxBatch?: number;
}

const MAX_BATCH = 256;

/** The instance's group commit (instance-state.ts): its queue and statistics. */
export interface CommitQueues {
  /** Batches written and the commits in them since the instance started, for the metrics (ADR 0013). */
  stats: { batches: number; commits: number };
  /** Set by configureGroupCommit (the player's routes), else made on the first commit. */
  queue: CommitQueue<CommitEntry> | null;
}

/** An instance's group commit, before any commit: no queue yet, statistics at zero. */
export function createCommitQueues(): CommitQueues {
  return { stats: { batches: 0, commits: 0 }, queue: null };
}

/** What committing needs: the player's deps and the instance's group commit. */
export interface CommitDeps extends PlayerDeps {
  state: PlayerDeps['state'] & { commits: CommitQueues };
}

/**
 * Lets the event loop read and accept what has arrived. PGlite runs each statement without
 * yielding, and Node accepts one new connection per turn of the loop: a batch's statements in one
 * turn would keep new learners' connections waiting for seconds under load (ADR 0007).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sets how this instance's commits are grouped (the player's routes; default: one batch at a time). */
export function configureGroupCommit(deps: CommitDeps, options: GroupCommitOptions): void {
  deps.state.commits.queue = createCommitQueue<CommitEntry>({
    write: (batch) => writeBatch(deps, batch),
    maxBatch: options.maxBatch ?? MAX_BATCH,
    concurrency: options.concurrency,
  });
}

function queueOf(deps: CommitDeps): CommitQueue<CommitEntry> {
  if (!deps.state.commits.queue) configureGroupCommit(deps, { concurrency: 1 });
  return deps.state.commits.queue!;
}

/** Queues one commit for the next batch; answers once it is durably written (or refused). */
export function commit(
  deps: CommitDeps,
  launchId: string,
  request: CommitBody,
  now: Date,
  sessionIdleMs: number,
): Promise<CommitAnswer> {
  return new Promise((resolve, reject) =>
    queueOf(deps).push({ launchId, request, now, sessionIdleMs, resolve, reject }),
  );
}

/**
 * Writes a batch in one transaction and settles each commit. Should the transaction fail (a
 * deadlock with another writer, a database error), each commit is tried again alone, so one
 * commit's trouble is never another's. Never rejects: every entry is settled.
 */
async function writeBatch(deps: CommitDeps, batch: CommitEntry[]): Promise<void> {
  let written: Awaited<ReturnType<typeof applyBatch>>;
  try {
    written = await deps.db.transaction().execute((trx) => applyBatch(trx, batch));
    deps.state.commits.stats.batches += 1;
    deps.state.commits.stats.commits += batch.length;
  } catch (error) {
    if (batch.length === 1) batch[0]!.reject(error);
    else for (const entry of batch) await writeBatch(deps, [entry]);
    return;
  }
  // Written: what else the commits change is brought up to date before they are answered.
  const failed = new Map<string, unknown>();
  const navigation = new Map<string, PlayerNavigation>();
  await Promise.all(
    written.changed.map(({ launch, entries }) =>
      afterCommit(deps, launch, entries).then(
        (now) => now && navigation.set(launch.launchId, now),
        (error: unknown) => failed.set(launch.launchId, error),
      ),
    ),
  );
  for (const entry of batch) {
    const outcome = written.outcomes.get(entry)!;
    const now = navigation.get(entry.launchId);
    if (failed.has(entry.launchId)) entry.reject(failed.get(entry.launchId));
    else if ('answer' in outcome) {
      entry.resolve(
        now && outcome.answer.applied && !outcome.answer.closed
          ? { ...outcome.answer, navigation: now }
          : outcome.answer,
      );
    } else entry.reject(outcome.error);
  }
}

/**
 * What a recorded commit changes beyond its rows: the sequencing the panel shows, the report.
 * Returns the player's Previous / Next as they stand now when the commit changed what the
 * sequencer reads and the launch stays open (navigation.ts).
 */
async function afterCommit(
  deps: PlayerDeps,
  launch: repo.CommitLaunch,
  entries: CommitEntry[],
): Promise<PlayerNavigation | null> {
  const reports = deps.state.reportCache;
  let panelChanged = true;
  try {
    // The delivered SCO's results change what the panel shows of its sequencing (ADR 0007).
    const sequenced = entries.some((entry) => changesSequencing(entry.request.cmi))
      ? await sequencingOf(deps, launch)
      : null;
    if (sequenced) await refreshPanel(deps, sequenced);
    panelChanged = sequenced !== null;
    return sequenced && !entries.some((entry) => entry.request.final)
      ? await navigationNow(deps, sequenced, launch.lessonKey)
      : null;
  } finally {
    // Only the lesson's progress row changed, unless the sequencing state did too (ADR 0006).
    if (panelChanged) reports.invalidate(launch.userKey);
    else
      reports.lessonsChanged(launch.userKey, [
        { assignmentKey: launch.assignmentKey!, lessonKey: launch.lessonKey },
      ]);
  }
}

/** The launch's commits of a batch, in seq order, judged one after the other (see commitOne). */
async function applyBatch(trx: Parameters<typeof repo.recordCommits>[0], batch: CommitEntry[]) {
  // Each launch's commits, in seq order.
  const byLaunch = new Map<string, CommitEntry[]>();
  for (const entry of batch) {
    const entries = byLaunch.get(entry.launchId);
    if (entries) entries.push(entry);
    else byLaunch.set(entry.launchId, [entry]);
  }
  for (const entries of byLaunch.values()) entries.sort((a, b) => a.request.seq - b.request.seq);
  const targets = new Map(
    (await repo.lockCommitTargets(trx, [...byLaunch.keys()])).map((target) => [
      target.launch.launchId,
      target,
    ]),
  );
  await yieldToEventLoop();
  const outcomes = new Map<CommitEntry, Outcome>();
  const launchWrites: repo.LaunchCommitted[] = [];
  const progressWrites: repo.ProgressCommitted[] = [];
  const changed: { launch: repo.CommitLaunch; entries: CommitEntry[] }[] = [];
  for (const [launchId, entries] of byLaunch) {
    const { launch, progress } = targets.get(launchId) ?? {};
    const state: LaunchState = {
      lastSeq: launch?.lastSeq ?? 0,
      status: launch?.status ?? 'closed',
      closedReason: launch?.closedReason ?? null,
      progress: launch && records(launch) ? storedOf(progress) : null,
      attempt: null,
      applied: false,
    };
    for (const entry of entries) {
      try {
        outcomes.set(entry, { answer: commitOne(launch, state, entry) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        outcomes.set(entry, { error });
      }
    }
    if (!launch || !state.applied) continue;
    launchWrites.push({
      launchId,
      now: entries.at(-1)!.now,
      lastSeq: state.lastSeq,
      close: state.status === 'closed' && launch.status !== 'closed',
    });
    if (state.progress) {
      progressWrites.push({
        assignmentKey: launch.assignmentKey!,
        lessonKey: launch.lessonKey,
        values: {
          ...columnsBesideCmi(state.progress, entries.at(-1)!.now),
          cmi: state.progress.cmi,
        },
        attempt: state.attempt && { launchId, ...state.attempt },
      });
      changed.push({ launch, entries });
    }
  }
  if (launchWrites.length > 0) {
    await repo.recordCommits(trx, launchWrites, progressWrites);
    await yieldToEventLoop();
  }
  return { outcomes, changed };
}

/** A launch as the batch's earlier commits left it. */
interface LaunchState {
  lastSeq: number;
  status: string;
  closedReason: string | null;
  /** The lesson's progress, when this launch records it (not browse, not a preview). */
  progress: ReturnType<typeof storedOf> | null;
  /** The current attempt's own result after the batch's commits, and whether a final one ended it. */
  attempt: (AttemptResult & { ends: boolean }) | null;
  applied: boolean;
}

/** Judges and applies one commit to the launch's state; throws the HttpError it is refused with. */
function commitOne(
  launch: repo.CommitLaunch | undefined,
  state: LaunchState,
  entry: CommitEntry,
): CommitAnswer {
  const { request, now } = entry;
  if (!launch?.tokenHash || !safeEqual(hashToken(request.token), launch.tokenHash)) {
    throw new HttpError(401, INVALID_TOKEN);
  }
  // Commits acknowledged before the session ended are kept; none is taken after (ADR 0009). An
  // opening synced from a device answers to its offline grant instead, checked at sync (ADR 0024).
  const offline = launch.offlineGrantId !== null;
  if (!offline && !sessionLive(launch, now.getTime(), entry.sessionIdleMs)) {
    throw new HttpError(409, CLOSED_MESSAGES['signed-out']!);
  }
  if (request.seq <= state.lastSeq) {
    return { applied: false, seq: state.lastSeq, closed: state.status === 'closed' };
  }
  if (state.status === 'closed') {
    throw new HttpError(
      409,
      CLOSED_MESSAGES[state.closedReason ?? ''] ?? CLOSED_MESSAGES.finished!,
    );
  }
  if (state.status !== 'open') throw new HttpError(409, 'This lesson has not been opened yet.');
  if (!offline && msOf(launch.createdAt) + LAUNCH_LIFETIME_MS < now.getTime()) {
    throw new HttpError(409, CLOSED_MESSAGES.expired!);
  }
  // The objectives and interactions the SCO set: kept with the attempt (RTE 4.2.9, 4.2.17).
  const attemptRecords = attemptRecordChanges(request.cmi);
  if (!attemptRecords.ok) throw new HttpError(400, attemptRecords.problems.join(' '));
  const version = launch.scormVersion as ScormVersion;
  const recorded = state.progress;
  // Nothing is recorded in browse or a preview, but bad data is still refused so the author sees
  // the bug.
  // A SCORM 2004 attempt ending here gets what the LMS sets at its end (SN End Attempt Process):
  // content that reported no status is completed and satisfied unless it was to set them.
  const delta =
    recorded && request.final && version === '2004'
      ? {
          ...request.cmi,
          ...endAttemptStatuses({ ...recorded.cmi, ...request.cmi }, launch, launch.masteryScore),
        }
      : request.cmi;
  const context = {
    version,
    credit: true,
    baseTotalTimeMs: recorded ? launch.baseTotalTimeMs : 0,
    nowMs: now.getTime(),
    masteryScore: recorded ? launch.masteryScore : null,
    completionThreshold: recorded ? launch.completionThreshold : null,
  };
  const result = applyCommit(recorded ?? storedOf(undefined), delta, context);
  if (!result.ok) throw new HttpError(400, result.problems.join(' '));
  if (recorded) {
    state.progress = { ...result.next, cmi: { ...result.next.cmi, ...attemptRecords.changes } };
    // A final commit ends the attempt unless the SCO suspended it (the next launch resumes it).
    const ends = request.final && !resumesAttempt(version, state.progress.cmi);
    // Most commits only move the bookmark or the suspend data: the attempt's record is written
    // when its result, its time or its end changes (or an earlier commit of the batch changed it).
    const changed =
      state.attempt !== null ||
      ends ||
      result.next.totalTimeMs !== recorded.totalTimeMs ||
      !sameResult(attemptResultOf(recorded.cmi, context), result.attempt);
    if (changed) state.attempt = { ...result.attempt, ends };
  }
  state.lastSeq = request.seq;
  state.applied = true;
  if (request.final) {
    state.status = 'closed';
    state.closedReason = 'finished';
  }
  return { applied: true, seq: request.seq, closed: request.final };
}

/** Whether two attempt results say the same. */
function sameResult(a: AttemptResult, b: AttemptResult): boolean {
  return (
    a.completion === b.completion &&
    a.credit === b.credit &&
    a.scorePercent === b.scorePercent &&
    a.progressMeasure === b.progressMeasure
  );
}
