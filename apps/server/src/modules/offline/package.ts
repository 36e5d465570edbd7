import type { OfflinePackage, OfflineStart } from '@waypoint/domain/contract';
import type { ScormVersion } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, safeEqual } from '../../lib/tokens.js';
import { launchUrl } from '../content/manifest.js';
import type { ContentStorage } from '../content/storage.js';
import { storedOf } from '../player/progress-columns.js';
import * as progress from '../player/progress.repo.js';
import type { PlayerDeps } from '../player/player-deps.js';
import { lmsUiHidden, objectiveIdsOf } from '../sequencing/index.js';
import { AUTOCOMMIT_SECONDS } from '../player/get-state.js';
import * as repo from './repo.js';

/**
 * What a device stores for a lesson made available offline (ADR 0024): the package's files with
 * their sizes, the launch file's address under the grant, and the state the next attempt starts
 * from. Only the grant's token opens it, and only while the grant stands.
 */

export const INVALID_GRANT =
  'This lesson is no longer available offline on this device. Make it available again from Waypoint.';
export const REMOVED_GRANT =
  'This lesson was removed from this device. Make it available offline again from Waypoint.';
export const EXPIRED_GRANT =
  'This lesson stopped being available offline. Make it available again from Waypoint while online.';

/** A device may start attempts for this long after the lesson was made available. */
export const GRANT_LIFETIME_MS = 30 * 86_400_000;
/** Commits made before the grant ended are still taken this long after it (a device back late). */
export const SYNC_GRACE_MS = 14 * 86_400_000;

/** The grant a token opens; 401 for a wrong token, 410 once removed, its student inactive, or past syncing. */
export async function authorizeGrant(
  deps: Pick<PlayerDeps, 'db'>,
  grantId: string,
  token: string,
  now: Date,
  use: 'package' | 'sync',
): Promise<repo.GrantRow> {
  const grant = await repo.findGrant(deps.db, grantId);
  if (!grant || !safeEqual(hashToken(token), grant.tokenHash)) {
    throw new HttpError(401, INVALID_GRANT);
  }
  if (grant.removedAt !== null || grant.userInactive !== 0) throw new HttpError(410, REMOVED_GRANT);
  const ends = new Date(grant.expiresAt).getTime() + (use === 'sync' ? SYNC_GRACE_MS : 0);
  if (ends <= now.getTime()) throw new HttpError(410, EXPIRED_GRANT);
  return grant;
}

/**
 * The state the device's next attempt starts from: the lesson's stored progress now, which the
 * grant then records as what the device knows (the conflict rule, ADR 0024).
 */
export async function startOf(deps: PlayerDeps, grant: repo.GrantRow): Promise<OfflineStart> {
  const version = grant.scormVersion as ScormVersion;
  const row = await progress.findProgress(deps.db, grant.assignmentKey, grant.lessonKey);
  await repo.setKnownProgress(deps.db, grant.grantId, row ? new Date(row.updatedAt) : null);
  return {
    stored: storedOf(row),
    mode: 'normal',
    credit: true,
    learnerId: grant.userId,
    learnerName: [grant.nameCollated, grant.displayName].filter(Boolean).join(', '),
    launchData: grant.launchData,
    masteryScore: grant.masteryScore,
    completionThreshold: grant.completionThreshold,
    maxTimeAllowed: grant.maxTimeAllowed,
    timeLimitAction: grant.timeLimitAction,
    objectiveIds:
      version === '2004' ? await objectiveIdsOf(deps, grant.packageKey, grant.identifier) : [],
    completionSetByContent: grant.completionSetByContent,
    objectiveSetByContent: grant.objectiveSetByContent,
  };
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** GET /player-api/offline/{grantId}/package. */
export async function offlinePackage(
  deps: PlayerDeps,
  storage: ContentStorage,
  grantId: string,
  token: string,
  now: Date,
): Promise<OfflinePackage> {
  const grant = await authorizeGrant(deps, grantId, token, now, 'package');
  // The package's folder prefix, as the storage names its keys ('content/<folder>/').
  const prefix = storage.fileKey(grant.storageFolder, 'x').slice(0, -1);
  const keys = await storage.objects.list(prefix);
  const files = await Promise.all(
    keys.map(async (key) => ({
      path: key.slice(prefix.length),
      size: (await storage.objects.head(key))?.size ?? 0,
    })),
  );
  const url = launchUrl(grant.launchFile, grant.parameters);
  const cut = url.search(/[?#]/);
  const pathPart = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 ? '' : url.slice(cut);
  const hideLmsUi =
    grant.scormVersion === '2004'
      ? await lmsUiHidden(deps, grant.packageKey, grant.identifier, null)
      : [];
  return {
    grantId,
    expiresInstant: new Date(grant.expiresAt).getTime(),
    lessonKey: grant.lessonKey,
    lessonName: grant.lessonName,
    courseName: grant.courseName,
    scormVersion: grant.scormVersion as ScormVersion,
    contentUrl: `/content/offline/${grantId}/${encodePath(pathPart)}${query}`,
    files,
    totalBytes: files.reduce((sum, file) => sum + file.size, 0),
    start: await startOf(deps, grant),
    ...(hideLmsUi.length > 0 ? { hideLmsUi } : {}),
    autocommitSeconds: AUTOCOMMIT_SECONDS,
  };
}
