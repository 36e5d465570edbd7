import { needsLiveVerification, PLAY_MODE } from '@waypoint/domain';
import type { OfflineGrant, OfflineGrantAnswer, OfflineGrantBody } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import {
  evaluateLaunch,
  NO_CONTENT_ORIGIN_MESSAGE,
  type LaunchStudent,
} from '../launch/service.js';
import * as launchRepo from '../launch/repo.js';
import type { ReportDeps } from '../progress/service.js';
import { sequencedPackage } from '../sequencing/index.js';
import { GRANT_LIFETIME_MS } from './package.js';
import * as repo from './repo.js';

/**
 * Making a lesson available offline (ADR 0024): the launch rules of §4 as at a launch, then what
 * offline play cannot do refused in words: Browse records nothing, live verification needs the
 * server each time, and a sequenced package's sequencer runs on the server.
 */

export const BROWSE_OFFLINE =
  'Lessons in Browse mode record nothing, so they are not made available offline.';
export const VERIFICATION_OFFLINE =
  'This lesson asks you to confirm who you are each time it starts, so it needs a connection.';
export const SEQUENCED_OFFLINE =
  "This course's sequencing decides what opens next on the server, so it needs a connection.";
export const NO_PACKAGE_OFFLINE = 'This lesson has no content to keep on this device.';
export const CROSS_SITE_OFFLINE =
  "Lessons cannot be kept offline at this address: the server's content address is not on the " +
  "same site as Waypoint's (CONTENT_ORIGIN). Please contact your training department.";
export const TOO_MANY_OFFLINE =
  'You already keep 200 lessons offline. Remove some from this device first.';

/** Lessons one student may keep offline at once (each grant is a credential: keep them few). */
export const MAX_GRANTS = 200;

const asGrant = (row: {
  grantId: string;
  curriculumKey: number;
  assignmentKey: number;
  lessonKey: number;
  lessonName: string;
  createdAt: Date | string;
  expiresAt: Date | string;
}): OfflineGrant => ({
  grantId: row.grantId,
  curriculumKey: row.curriculumKey,
  assignmentKey: row.assignmentKey,
  lessonKey: row.lessonKey,
  lessonName: row.lessonName,
  createdInstant: new Date(row.createdAt).getTime(),
  expiresInstant: new Date(row.expiresAt).getTime(),
});

/** POST /api/offline/{lmsKey}/{userKey}/lessons. */
export async function grantOffline(
  deps: ReportDeps,
  student: LaunchStudent,
  body: OfflineGrantBody,
  now: Date,
  origin: { contentOrigin: string | null; sameSite: boolean },
): Promise<OfflineGrantAnswer> {
  const { contentOrigin } = origin;
  const { db } = deps;
  const request = {
    curriculumKey: body.curriculumKey,
    assignmentKey: body.assignmentKey,
    lessonKey: body.lessonKey,
  };
  const evaluated = await evaluateLaunch(deps, student, request, now.getTime());
  if ('status' in evaluated) throw new HttpError(evaluated.status, evaluated.errorMessage);
  const { lesson } = evaluated;
  if (lesson.elementPlayMode === PLAY_MODE.browse) throw new HttpError(403, BROWSE_OFFLINE);
  // Verification is asked at every launch that needs it: one made offline could not be.
  if (needsLiveVerification(lesson, 0, now.getTime())) {
    throw new HttpError(403, VERIFICATION_OFFLINE);
  }
  const content = await launchRepo.findLessonContent(db, body.lessonKey, student.lmsKey);
  if (!content || evaluated.scormVersion === null) throw new HttpError(403, NO_PACKAGE_OFFLINE);
  const sequenced = await sequencedPackage(deps, {
    scormVersion: content.scormVersion,
    assignmentKey: body.assignmentKey,
    courseKey: content.courseKey,
    packageKey: content.packageKey,
    userKey: student.userKey,
  });
  if (sequenced) throw new HttpError(403, SEQUENCED_OFFLINE);
  // 403, not 503: a thrown 5xx is answered as an internal error (platform/errors.ts), and the
  // student is to read why.
  if (!contentOrigin) throw new HttpError(403, NO_CONTENT_ORIGIN_MESSAGE);
  if (!origin.sameSite) throw new HttpError(403, CROSS_SITE_OFFLINE);
  if ((await repo.countGrants(db, student.userKey, now)) >= MAX_GRANTS) {
    throw new HttpError(403, TOO_MANY_OFFLINE);
  }
  const grantId = randomToken();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + GRANT_LIFETIME_MS);
  await repo.insertGrant(db, {
    grantId,
    tokenHash: hashToken(token),
    lmsKey: student.lmsKey,
    userKey: student.userKey,
    sessionHash: student.sessionHash,
    curriculumKey: body.curriculumKey,
    assignmentKey: body.assignmentKey,
    lessonKey: body.lessonKey,
    scoKey: lesson.elementSCOKey,
    contentOrigin,
    createdAt: now,
    expiresAt,
    // The device starts from the progress as it is now; a sync that finds it moved on records the
    // device's opening as an attempt of its own (ADR 0024, the conflict rule).
    knownProgressAt: await repo.progressUpdatedAt(db, body.assignmentKey, body.lessonKey),
  });
  return {
    ...asGrant({
      grantId,
      ...request,
      lessonName: lesson.elementName,
      createdAt: now,
      expiresAt,
    }),
    token,
    // The token travels in the fragment: never sent to a server, never in a Referer.
    storeUrl: `${contentOrigin}/player/offline#${grantId}.${token}`,
  };
}

/** GET /api/offline/{lmsKey}/{userKey}/lessons. */
export async function listOffline(deps: ReportDeps, userKey: number, now: Date) {
  return (await repo.listGrants(deps.db, userKey, now)).map(asGrant);
}

/** DELETE /api/offline/{lmsKey}/{userKey}/lessons/{grantId}: the device no longer keeps it. */
export async function removeOffline(
  deps: ReportDeps,
  userKey: number,
  grantId: string,
  now: Date,
): Promise<{ removed: boolean }> {
  return { removed: await repo.removeGrant(deps.db, userKey, grantId, now) };
}
