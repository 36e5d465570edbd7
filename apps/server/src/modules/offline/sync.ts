import { offlineClock, offlineCommitTimes, type OfflineClock } from '@waypoint/domain';
import type {
  CommitAnswer,
  OfflineLaunch,
  OfflineLaunchResult,
  OfflineSyncAnswer,
  OfflineSyncBody,
} from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { evaluateLaunch } from '../launch/service.js';
import { commit, type CommitDeps } from '../player/commits.js';
import { findLaunchForPlayer } from '../player/launch.repo.js';
import { openLaunch } from '../player/open-launch.js';
import { msOf } from '../player/progress-columns.js';
import * as progress from '../player/progress.repo.js';
import { authorizeGrant, startOf } from './package.js';
import * as repo from './repo.js';

/**
 * POST /player-api/offline/{grantId}/sync (ADR 0024): a device's openings of the lesson, oldest
 * first, each with its commits in seq order. An opening seen for the first time becomes a launch
 * of its own after the launch rules of §4 are applied again (a refusal is answered, the commits
 * stay on the device); its commits then go through the player's commit path (ADR 0007): stale
 * seqs acknowledged and ignored, bad values refused, results never turned back. Dates follow the
 * device clock rule (domain offline-sync.ts).
 */

export const CONFLICT_MESSAGE =
  'This lesson was also played elsewhere while you were offline. Both attempts are kept; your ' +
  'record shows the best result.';

/** The launch token of a device's opening: its grant's token with the device's id (never stored). */
const openingToken = (grantToken: string, localId: string) => `${grantToken}.${localId}`;

export async function syncOffline(
  deps: CommitDeps,
  grantId: string,
  body: OfflineSyncBody,
  now: Date,
  sessionIdleMs: number,
): Promise<OfflineSyncAnswer> {
  const grant = await authorizeGrant(deps, grantId, body.token, now, 'sync');
  const clock = offlineClock({
    sentInstant: body.sentInstant,
    serverNowMs: now.getTime(),
    grantedMs: msOf(grant.createdAt),
  });
  return oneSyncAtATime(grantId, async () => {
    const launches: OfflineLaunchResult[] = [];
    // What the device knew of the lesson: the grant's, then each synced opening's result.
    let known = (await repo.findGrant(deps.db, grantId))?.knownProgressAt ?? null;
    for (const opening of body.launches) {
      const time = { clock, now, sessionIdleMs, known };
      launches.push(await syncOpening(deps, grant, body.token, opening, time));
      known = await repo.progressUpdatedAt(deps.db, grant.assignmentKey, grant.lessonKey);
    }
    return { launches, start: await startOf(deps, grant) };
  });
}

/** Syncs of one grant in this instance, one after the other (two tabs of one device). */
const syncing = new Map<string, Promise<unknown>>();

async function oneSyncAtATime<T>(grantId: string, run: () => Promise<T>): Promise<T> {
  const before = syncing.get(grantId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(run);
  syncing.set(grantId, mine);
  try {
    return await mine;
  } finally {
    if (syncing.get(grantId) === mine) syncing.delete(grantId);
  }
}

/** A sync racing another instance's for the same opening: the device tries again later. */
export const SYNC_BUSY = 'This lesson is being synced already. It will be tried again shortly.';

interface SyncTime {
  clock: OfflineClock;
  now: Date;
  sessionIdleMs: number;
  /** The lesson progress's last change as the device knew it (the conflict rule). */
  known: Date | string | null;
}

async function syncOpening(
  deps: CommitDeps,
  grant: repo.GrantRow,
  grantToken: string,
  opening: OfflineLaunch,
  time: SyncTime,
): Promise<OfflineLaunchResult> {
  const { db } = deps;
  const { clock } = time;
  const token = openingToken(grantToken, opening.localId);
  let conflict: string | undefined;
  let launchId = (await repo.findOpening(db, grant.grantId, opening.localId))?.launchId;
  if (!launchId) {
    const opened = await openOpening(deps, grant, token, opening, time);
    if ('refused' in opened)
      return { localId: opening.localId, lastSeq: 0, closed: false, ...opened };
    launchId = opened.launchId;
    conflict = opened.conflict;
  }
  const before = await progress.findProgress(db, grant.assignmentKey, grant.lessonKey);
  const commits = [...opening.commits].sort((a, b) => a.seq - b.seq);
  const times = offlineCommitTimes(
    clock,
    commits.map((entry) => entry.instant),
  );
  // All at once: the group commit keeps a launch's commits in one batch at a time, in seq order
  // (commit-queue.ts), so none is judged before an earlier one.
  const answers = await Promise.allSettled(
    commits.map((entry, index) =>
      commit(
        deps,
        launchId,
        { token, seq: entry.seq, final: entry.final, cmi: entry.cmi },
        new Date(times[index]!),
        time.sessionIdleMs,
      ),
    ),
  );
  const after = await progress.findProgress(db, grant.assignmentKey, grant.lessonKey);
  // §8: a completion made on a device whose clock was ahead is flagged, dated at the sync.
  const completedNow =
    after?.completionInstant != null &&
    msOf(after.completionInstant) !== msOf(before?.completionInstant ?? null);
  if (clock.ahead && completedNow) {
    await repo.flagOfflineCompletion(db, grant.assignmentKey, grant.lessonKey);
  }
  const launch = await repo.findOpening(db, grant.grantId, opening.localId);
  const refusedCommit = answers.find(
    (answer): answer is PromiseRejectedResult =>
      answer.status === 'rejected' && !(answer.reason instanceof HttpError),
  );
  // A database fault: the device keeps what was not acknowledged and tries again.
  if (refusedCommit && (launch?.lastSeq ?? 0) < (commits.at(-1)?.seq ?? 0)) {
    throw refusedCommit.reason;
  }
  const closed =
    launch?.status === 'closed' ||
    answers.some(
      (answer) => answer.status === 'fulfilled' && (answer.value as CommitAnswer).closed,
    );
  return {
    localId: opening.localId,
    lastSeq: Math.max(
      launch?.lastSeq ?? 0,
      // Commits the launch refused for good (bad values, a closed launch) are answered too: the
      // device drops them as the online player does (ADR 0007), they would be refused again.
      ...answers.map((answer, index) =>
        answer.status === 'rejected' && answer.reason instanceof HttpError
          ? commits[index]!.seq
          : 0,
      ),
    ),
    closed,
    ...(conflict ? { conflict } : {}),
    ...(clock.ahead ? { clockAhead: true } : {}),
  };
}

/**
 * A device's opening seen for the first time: the launch rules again (§4, as at any launch), then
 * a launch of its own, opened as the player opens one (a new attempt unless the device resumed a
 * suspended one and nothing else changed the lesson since the device last synced it).
 */
async function openOpening(
  deps: CommitDeps,
  grant: repo.GrantRow,
  token: string,
  opening: OfflineLaunch,
  time: SyncTime,
): Promise<{ refused: string } | { launchId: string; conflict?: string }> {
  const { db } = deps;
  const evaluated = await evaluateLaunch(
    deps,
    { userKey: grant.userKey, lmsKey: grant.lmsKey, sessionHash: grant.sessionHash },
    {
      curriculumKey: grant.curriculumKey,
      assignmentKey: grant.assignmentKey,
      lessonKey: grant.lessonKey,
    },
    time.now.getTime(),
  );
  if ('status' in evaluated) return { refused: evaluated.errorMessage };
  const current = await repo.progressUpdatedAt(db, grant.assignmentKey, grant.lessonKey);
  const movedOn = msOf(current) !== msOf(time.known);
  const startedAt = new Date(time.clock.at(opening.startedInstant));
  const launchId = randomToken();
  const inserted = repo.insertOpening(db, {
    launchId,
    tokenHash: hashToken(token),
    userKey: grant.userKey,
    lmsKey: grant.lmsKey,
    sessionHash: grant.sessionHash,
    curriculumKey: grant.curriculumKey,
    assignmentKey: grant.assignmentKey,
    lessonKey: grant.lessonKey,
    scoKey: grant.scoKey,
    contentOrigin: grant.contentOrigin,
    mode: 'normal',
    credit: true,
    createdAt: startedAt,
    lastActiveAt: startedAt,
    offlineGrantId: grant.grantId,
    offlineLocalId: opening.localId,
  });
  // The unique (grant, opening) index: another instance is opening it now.
  await inserted.catch(async (error: unknown) => {
    if (await repo.findOpening(db, grant.grantId, opening.localId)) {
      throw new HttpError(409, SYNC_BUSY);
    }
    throw error;
  });
  const launch = await findLaunchForPlayer(db, launchId);
  if (!launch) throw new Error(`The offline opening ${launchId} was not recorded.`);
  await openLaunch(deps, launch, startedAt, {
    newAttempt: movedOn,
    flaggedOffline: time.clock.ahead,
  });
  return movedOn ? { launchId, conflict: CONFLICT_MESSAGE } : { launchId };
}
