import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.js';
import { sendObject } from '../../platform/object-storage/http.js';
import type { ContentStorage } from '../content/storage.js';
import type { SessionCache, SessionsForgotten } from '../sessions/cache.js';
import { LAUNCH_LIFETIME_MS, launchServesFiles } from './launch-access.js';
import { findLaunchForPlayer } from './launch.repo.js';

/**
 * Serves a launch's package files (ADR 0007): only the package's own objects (ADR 0017), with
 * MIME types, validators, caching and byte ranges (media seeking) from either storage backend.
 */

export interface CachedLaunch {
  folder: string;
  host: string;
  until: number;
  /** The panel session the launch belongs to, and its student: the entry ends with them. */
  sessionHash: string;
  userKey: number;
}

// Every file of a lesson asks for its launch: remember the answer briefly (one query per lesson
// every few seconds, not one per file). A launch its own window finished keeps serving files (a
// reloaded window may carry on); one closed for any other reason, past its lifetime or whose panel
// session has ended serves none (ADR 0009). The memory ends with the session: logout or any end of
// the session forgets its launches at once, here and, through the sessions' notifications, on
// the other instances (ADR 0006), so no file is served from it after the session has ended.
const CACHE_MS = 5_000;
const CACHE_LIMIT = 5_000;
/** How long browsers may reuse a file without asking again. */
const MAX_AGE_MS = 60 * 60 * 1000;

/** The instance's memory of the launches whose files it serves (instance-state.ts), by launch id. */
export type LaunchFileMemory = Map<string, CachedLaunch>;

/** An instance's launch memory, empty. */
export function createLaunchFileMemory(): LaunchFileMemory {
  return new Map();
}

/** Forgets the launches of sessions that ended (the instance's sessions cache tells which). */
export function forgetLaunchFiles(byId: LaunchFileMemory, forgotten: SessionsForgotten): void {
  if ('all' in forgotten) {
    byId.clear();
    return;
  }
  for (const [launchId, entry] of byId) {
    const ended =
      'sessionHash' in forgotten
        ? entry.sessionHash === forgotten.sessionHash
        : entry.userKey === forgotten.userKey && entry.sessionHash !== forgotten.exceptHash;
    if (ended) byId.delete(launchId);
  }
}

/** What the launch lookup needs of the instance: its launch memory and its session cache. */
interface LaunchFileState {
  launchFiles: LaunchFileMemory;
  sessionCache: Pick<SessionCache, 'generation'>;
}

async function launchFolder(
  db: Db,
  state: LaunchFileState,
  launchId: string,
  nowMs: number,
  sessionIdleMs: number,
) {
  const byId = state.launchFiles;
  const hit = byId.get(launchId);
  if (hit && hit.until > nowMs) return hit;
  // A session that ends while the launch is read must not leave it remembered.
  const startedAt = state.sessionCache.generation();
  const launch = await findLaunchForPlayer(db, launchId);
  if (!launch || launch.tokenHash === null) return null;
  const endsAt = new Date(launch.createdAt).getTime() + LAUNCH_LIFETIME_MS;
  if (endsAt <= nowMs || !launchServesFiles(launch, nowMs, sessionIdleMs)) return null;
  if (byId.size >= CACHE_LIMIT) byId.clear();
  const entry = {
    folder: launch.storageFolder,
    host: new URL(launch.contentOrigin).host,
    until: Math.min(nowMs + CACHE_MS, endsAt),
    sessionHash: launch.sessionHash,
    userKey: launch.userKey,
  };
  if (state.sessionCache.generation() === startedAt) byId.set(launchId, entry);
  return entry;
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such file.' });

export async function sendContentFile(
  request: FastifyRequest<{ Params: { launchId: string; '*': string } }>,
  reply: FastifyReply,
  deps: {
    db: Db;
    state: LaunchFileState;
    storage: ContentStorage;
    nowMs: number;
    sessionIdleMs: number;
  },
) {
  const launch = await launchFolder(
    deps.db,
    deps.state,
    request.params.launchId,
    deps.nowMs,
    deps.sessionIdleMs,
  );
  if (!launch || launch.host !== request.headers.host) return notFound(reply);
  const relative = request.params['*'];
  let key: string;
  try {
    // fileKey refuses '..', '.', empty parts and control characters: only the package's own keys.
    key = deps.storage.fileKey(launch.folder, relative);
  } catch {
    return notFound(reply);
  }
  // Private: the launch id in the path is a credential; only this browser keeps the files.
  reply.header('cache-control', `private, max-age=${MAX_AGE_MS / 1000}`);
  // Package scripts may do anything inside the content origin, but only the player may frame them.
  reply.header('content-security-policy', "frame-ancestors 'self'");
  if (!(await sendObject(request, reply, deps.storage.objects, key))) {
    reply.removeHeader('cache-control').removeHeader('content-security-policy');
    return notFound(reply);
  }
  return reply;
}
