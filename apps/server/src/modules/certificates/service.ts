/**
 * Certificates (spec §2 Certificate page, §3 Certificate data, §6; docs/decisions/0011): the
 * certificate of a complete curriculum or course, issued once with a random public code; the
 * settings; the verification answer; revocation.
 *
 * Nobody sees another's certificate: the route guard makes {lmsKey}/{userKey} the session's own,
 * and every other key (assignment, curriculum, course) is looked up among that student's own live
 * assignments in that LMS. Whatever is wrong (not theirs, not complete, certificates off, no such
 * key) answers the same 404, so a guess learns nothing.
 */
import { randomInt } from 'node:crypto';
import {
  certificateStatus,
  formatScorePercent,
  outcomeOf,
  PLAY_MODE,
  type CertificateStatus,
  type ProgressElement,
} from '@waypoint/domain';
import type {
  CertificateData,
  CertificateItem,
  CertificateSettings,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { buildAssignmentReport, type ReportDeps } from '../progress/service.js';
import { periodOfCompletion } from '../validity/periods.js';
import { withEventActor, type EventActor } from '../records/actor.js';
import {
  assetNames,
  findIssued,
  findIssuedByPublicId,
  findOwnAssignment,
  firstLaunchOf,
  insertIssued,
  revokeIssued,
  selectAsset,
  selectLms,
  selectSettings,
  selectUser,
  type IssuedRow,
  type SettingsRow,
} from './repo.js';
import { DEFAULT_THEME } from './themes.js';

export interface CertificateDeps extends ReportDeps {
  db: Db;
  clock: Clock;
  config: { publicUrl: string; dataDir: string };
}

/** The one answer for every certificate that is not there to see (§6; nothing learned). */
export const NO_CERTIFICATE = 'No certificate is available for this assignment.';
const notFound = () => new HttpError(404, NO_CERTIFICATE);

/** What a certificate is of: the session's student and the keys from the path or body. */
export interface CertificateTarget {
  lmsKey: number;
  userKey: number;
  assignmentKey: number;
  /** Given by the 4/5-id forms and the details post; must be the assignment's own. */
  curriculumKey?: number;
  /** A course certificate (the 5-id form). */
  courseKey?: number;
}

const ms = (value: Date | null | undefined) => (value ? value.getTime() : 0);

/** Settings with the 0003 defaults when the LMS has no row. */
function presentSettings(lmsKey: number, row: SettingsRow | undefined): CertificateSettings {
  return {
    lmsKey,
    showLmsName: row?.showLmsName ?? true,
    showSummaryInfo: row?.showSummaryInfo ?? true,
    showAssignmentList: row?.showAssignmentList ?? true,
    showText: row?.showText ?? true,
    showSignature: row?.showSignature ?? true,
    theme: row?.theme ?? DEFAULT_THEME,
  };
}

/** GET /api/certificate/{lmsKey}/settings (§7). */
export async function certificateSettings(
  deps: { db: Db },
  lmsKey: number,
): Promise<CertificateSettings> {
  return presentSettings(lmsKey, await selectSettings(deps.db, lmsKey));
}

/** The lessons below an element, with the course each belongs to. */
function lessonsOf(
  element: ProgressElement,
  courseName = '',
): { lesson: ProgressElement; courseName: string }[] {
  if (element.elementType === 'lesson') return [{ lesson: element, courseName }];
  const name = element.elementType === 'course' ? element.elementName : courseName;
  return element.elementChildren.flatMap((child) => lessonsOf(child, name));
}

/**
 * A lesson of the certificate: its status by the one outcome rule (§4; outcome.ts), so a failed
 * lesson reads 'Failed' and never 'Incomplete' or a kind of complete, and its score as every
 * screen shows it (formatScorePercent; docs/decisions/0010 "Scores").
 */
function itemOf({
  lesson,
  courseName,
}: {
  lesson: ProgressElement;
  courseName: string;
}): CertificateItem {
  const browse = lesson.elementPlayMode === PLAY_MODE.browse;
  const outcome = outcomeOf(lesson);
  const status = browse
    ? 'Browse'
    : outcome === 'complete'
      ? 'Complete'
      : outcome === 'failed'
        ? 'Failed'
        : 'Incomplete';
  return {
    name: lesson.elementName,
    courseName,
    time: lesson.elementTotalTime,
    score: browse ? 0 : lesson.elementScore,
    scoreText: formatScorePercent(lesson.elementScore, lesson.elementPlayMode),
    completionStatus: status,
    completedInstant: lesson.elementCompletionInstant,
    versionName: lesson.elementUploadInstant > 0 ? 'Content package' : '',
    versionInstant: lesson.elementUploadInstant,
  };
}

/** The complete element the target names, or the 404 (§6). */
async function completeElement(deps: CertificateDeps, target: CertificateTarget) {
  const assignment = await findOwnAssignment(
    deps.db,
    target.lmsKey,
    target.userKey,
    target.assignmentKey,
  );
  if (!assignment) throw notFound();
  if (target.curriculumKey !== undefined && target.curriculumKey !== assignment.curriculumKey) {
    throw notFound();
  }
  const report = await buildAssignmentReport(
    deps,
    { lmsKey: target.lmsKey, userKey: target.userKey },
    deps.clock.now().getTime(),
    { assignmentKey: assignment.assignmentKey, curriculumKey: assignment.curriculumKey },
  );
  const curriculum = report?.progressReport[0];
  if (!curriculum) throw notFound();
  const element =
    target.courseKey === undefined
      ? curriculum
      : curriculum.elementChildren.find(
          (course) => course.elementType === 'course' && course.elementKey === target.courseKey,
        );
  // The report fills elementCertificateUrl with the certificate page only when students may view
  // certificates and the element is complete and passing (§6 with §4; certificateUrlFor): the same
  // rule decides here, so a failed outcome is never certified.
  if (!element || !element.elementCertificateUrl.startsWith('/certificate?')) throw notFound();
  return { assignment, curriculum, element };
}

/** 26 characters of base32: 130 random bits (ADR 0011). */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export function newCertificateId(): string {
  return Array.from({ length: 26 }, () => BASE32[randomInt(32)]).join('');
}

/** Bits of one LMS's status list (W3C Bitstring Status List: at least 16 KB, 131,072 entries). */
export const STATUS_LIST_SIZE = 131_072;

/** The issued certificate of an element: found, or issued now (once, whatever races). */
async function issue(
  deps: CertificateDeps,
  fields: {
    lmsKey: number;
    userKey: number;
    assignmentKey: number;
    curriculumKey: number;
    courseKey: number | null;
    holderName: string;
    achievementName: string;
    certificateTypeName: string;
    issuerName: string;
    theme: string;
    completedAt: Date;
    /** The completion's validity end by its curriculum's rule (validity/periods.ts). */
    expiresAt: Date | null;
  },
): Promise<IssuedRow> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const existing = await findIssued(deps.db, fields.assignmentKey, fields.courseKey);
    if (existing) return existing;
    const inserted = await insertIssued(deps.db, {
      ...fields,
      publicId: newCertificateId(),
      issuedAt: deps.clock.now(),
      // A random index: the list does not tell in what order certificates were issued.
      statusIndex: randomInt(STATUS_LIST_SIZE),
    });
    if (inserted) return inserted;
  }
  throw new Error('Could not issue a certificate (no free status index or code).');
}

/** The status of an issued certificate now. */
export function statusOf(row: IssuedRow, nowMs: number): CertificateStatus {
  return certificateStatus(
    { revokedInstant: ms(row.revokedAt), expiresInstant: ms(row.expiresAt) },
    nowMs,
  );
}

/** The verification page's address of a certificate. */
export const verifyUrlOf = (config: { publicUrl: string }, publicId: string) =>
  `${config.publicUrl.replace(/\/+$/, '')}/verify/${publicId}`;

/** The holder's name as printed: the display name, else given + family name, else the user ID. */
export function holderNameOf(user: {
  displayName: string;
  nameOther: string;
  nameCollated: string;
  userId: string;
}): string {
  return user.displayName.trim() || `${user.nameOther} ${user.nameCollated}`.trim() || user.userId;
}

/** Certificate data (§3) of a complete curriculum or course of the session's student. */
export async function certificateData(
  deps: CertificateDeps,
  target: CertificateTarget,
): Promise<{ data: CertificateData; issued: IssuedRow }> {
  const { assignment, curriculum, element } = await completeElement(deps, target);
  const [user, lms, settingsRow, assets, firstLaunch] = await Promise.all([
    selectUser(deps.db, target.userKey),
    selectLms(deps.db, target.lmsKey),
    selectSettings(deps.db, target.lmsKey),
    assetNames(deps.db, target.lmsKey),
    firstLaunchOf(deps.db, assignment.assignmentKey),
  ]);
  if (!lms) throw notFound();
  const settings = presentSettings(target.lmsKey, settingsRow);
  const kind = element.elementType === 'course' ? 'course' : 'curriculum';
  const completedAt = new Date(element.elementCompletionInstant || deps.clock.now().getTime());
  // The expiry the certificate and its credential state: the one validity rule's, for this
  // completion of the curriculum (docs/decisions/0022 "Validity rules").
  const { validUntil } = await periodOfCompletion(deps.db, target.lmsKey, {
    assignmentKey: assignment.assignmentKey,
    curriculumKey: assignment.curriculumKey,
    completedAt,
  });
  const issued = await issue(deps, {
    lmsKey: target.lmsKey,
    userKey: target.userKey,
    assignmentKey: assignment.assignmentKey,
    curriculumKey: assignment.curriculumKey,
    courseKey: kind === 'course' ? element.elementKey : null,
    holderName: holderNameOf(user),
    achievementName: element.elementName,
    certificateTypeName: settingsRow?.certificateTypeName ?? '',
    issuerName: lms.lmsDisplayName || lms.lmsName,
    theme: settings.theme,
    completedAt,
    expiresAt: validUntil,
  });
  const items = lessonsOf(element).map(itemOf);
  const assetUrl = (name: 'logo' | 'signature', stored: string | undefined) =>
    assets.has(name) ? `/lms/api/certificate/${target.lmsKey}/asset/${name}` : (stored ?? '');
  const versionInstant = Math.max(0, ...items.map((item) => item.versionInstant));
  const data: CertificateData = {
    completedTitle: element.elementName,
    completedInstant: ms(issued.completedAt),
    startedInstant: curriculum.elementStartDate,
    dateUserStarted: ms(firstLaunch) || curriculum.elementStartDate,
    nameOther: user.nameOther,
    nameCollated: user.nameCollated,
    displayName: issued.holderName,
    employeeID: user.employeeId,
    userID: user.userId,
    base: user.base,
    fleet: user.fleet,
    position: user.position,
    lmsName: issued.issuerName,
    logoURL: assetUrl('logo', settingsRow?.logoUrl),
    signatureName: settingsRow?.signatureName ?? '',
    signatureTitle: settingsRow?.signatureTitle ?? '',
    signatureImageURL: assetUrl('signature', settingsRow?.signatureImageUrl),
    certificateText: settingsRow?.certificateText ?? '',
    certificateTypeName: issued.certificateTypeName || 'Certificate of Completion',
    totalTime: element.elementTotalTime,
    score: element.elementScore,
    scoreText: formatScorePercent(element.elementScore, element.elementPlayMode),
    items,
    versionName: versionInstant > 0 ? 'Content as of' : '',
    versionInstant,
    kind,
    settings: { ...settings, theme: issued.theme },
    certificateId: issued.publicId,
    verifyUrl: verifyUrlOf(deps.config, issued.publicId),
    issuedInstant: ms(issued.issuedAt),
    expiresInstant: ms(issued.expiresAt),
    status: statusOf(issued, deps.clock.now().getTime()),
  };
  return { data, issued };
}

/**
 * An issued certificate of the session's student by its code (the PDF and credential downloads),
 * rebuilt from the current data; the same 404 when the code is not theirs.
 */
export async function issuedCertificateData(
  deps: CertificateDeps,
  owner: { lmsKey: number; userKey: number },
  publicId: string,
): Promise<{ data: CertificateData; issued: IssuedRow }> {
  const row = await findIssuedByPublicId(deps.db, publicId);
  if (!row || row.userKey !== owner.userKey || row.lmsKey !== owner.lmsKey) throw notFound();
  return certificateData(deps, {
    ...owner,
    assignmentKey: row.assignmentKey,
    curriculumKey: row.curriculumKey,
    ...(row.courseKey === null ? {} : { courseKey: row.courseKey }),
  });
}

/** What the public verification page may say about a certificate (nothing more about the student). */
export interface Verification {
  holderName: string;
  achievementName: string;
  certificateTypeName: string;
  issuerName: string;
  issuedAt: Date;
  completedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Why it was revoked, when the reason is a public one (migration 0019); else ''. */
  publicReason: string;
  status: CertificateStatus;
}

/** The verification of a code, or null: 'No certificate has this code'. */
export async function verifyCertificate(
  deps: { db: Db; clock: Clock },
  publicId: string,
): Promise<Verification | null> {
  const row = await findIssuedByPublicId(deps.db, publicId);
  if (!row) return null;
  return {
    holderName: row.holderName,
    achievementName: row.achievementName,
    certificateTypeName: row.certificateTypeName,
    issuerName: row.issuerName,
    issuedAt: row.issuedAt,
    completedAt: row.completedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    publicReason: row.revokedAt ? row.revokePublicReason : '',
    status: statusOf(row, deps.clock.now().getTime()),
  };
}

/** Revokes a certificate by its code (operator command); clear errors for a bad or used code. */
export async function revokeCertificate(
  deps: { db: Db; clock: Clock },
  publicId: string,
  reason: string,
  /** Who revokes, named in the training event (records/actor.ts). */
  actor: EventActor,
): Promise<{ certificateId: string; revokedAt: string; reason: string }> {
  const row = await findIssuedByPublicId(deps.db, publicId);
  if (!row) throw new HttpError(404, 'No certificate has this code.');
  if (row.revokedAt) {
    throw new HttpError(
      409,
      `Certificate ${publicId} was already revoked on ${row.revokedAt.toISOString()}.`,
    );
  }
  const now = deps.clock.now();
  const revoked = await deps.db.transaction().execute(async (trx) => {
    await withEventActor(trx, actor);
    return revokeIssued(trx, publicId, reason, now);
  });
  if (!revoked) throw new HttpError(409, `Certificate ${publicId} was already revoked.`);
  return { certificateId: publicId, revokedAt: now.toISOString(), reason };
}

/** GET /api/certificate/{lmsKey}/asset/{name}: the LMS logo or signature image, or 404. */
export async function certificateAsset(
  deps: { db: Db },
  lmsKey: number,
  name: 'logo' | 'signature',
): Promise<{ mediaType: string; data: Buffer }> {
  const asset = await selectAsset(deps.db, lmsKey, name);
  if (!asset) throw new HttpError(404, 'This LMS has no such certificate image.');
  return { mediaType: asset.mediaType, data: Buffer.from(asset.data) };
}
