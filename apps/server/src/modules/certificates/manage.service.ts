/**
 * The operator's certificate settings (docs/decisions/0011): the five toggles, the text, type
 * name, signature name and title, the theme and validity; the logo and signature images; revoking
 * a certificate; rotating the signing key. Bad input gets a clear message and changes nothing.
 */
import { readFile } from 'node:fs/promises';
import type { Updateable } from 'kysely';
import { parseCertificateCode } from '@waypoint/domain';
import type { CertificateSettingsTable } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { CommandUpload, OperatorDeps } from '../operator/area-command.js';
import { operatorLms } from '../operator/lms-lookup.js';
import { rotateSigningKey } from './keys.js';
import {
  deleteAsset,
  selectSettings,
  upsertAsset,
  upsertSettings,
  type SettingsRow,
} from './repo.js';
import { revokeCertificate } from './service.js';
import { themeDir } from './themes.js';

/** Logo and signature images: PNG or JPEG, at most 1 MB (they are embedded in every PDF). */
export const MAX_IMAGE_BYTES = 1024 * 1024;

const lmsByCode = (deps: OperatorDeps, code: string) => operatorLms(deps.db, code);

export interface SettingsInput {
  lms: string;
  showLmsName?: boolean;
  showSummaryInfo?: boolean;
  showAssignmentList?: boolean;
  showText?: boolean;
  showSignature?: boolean;
  text?: string;
  typeName?: string;
  signatureName?: string;
  signatureTitle?: string;
  theme?: string;
  validityMonths?: number;
}

/** Changes an LMS's certificate settings; answers them all. */
export async function setCertificateSettings(deps: OperatorDeps, input: SettingsInput) {
  const lms = await lmsByCode(deps, input.lms);
  if (input.theme !== undefined && !themeDir(input.theme)) {
    const names = deps.state.certificateThemes
      .list()
      .map((theme) => theme.name)
      .join(', ');
    throw new HttpError(400, `No certificate theme '${input.theme}'. Themes: ${names}.`);
  }
  const change: Updateable<CertificateSettingsTable> = {};
  if (input.showLmsName !== undefined) change.showLmsName = input.showLmsName;
  if (input.showSummaryInfo !== undefined) change.showSummaryInfo = input.showSummaryInfo;
  if (input.showAssignmentList !== undefined) change.showAssignmentList = input.showAssignmentList;
  if (input.showText !== undefined) change.showText = input.showText;
  if (input.showSignature !== undefined) change.showSignature = input.showSignature;
  if (input.text !== undefined) change.certificateText = input.text.trim();
  if (input.typeName !== undefined) change.certificateTypeName = input.typeName.trim();
  if (input.signatureName !== undefined) change.signatureName = input.signatureName.trim();
  if (input.signatureTitle !== undefined) change.signatureTitle = input.signatureTitle.trim();
  if (input.theme !== undefined) change.theme = input.theme;
  if (input.validityMonths !== undefined) change.validityMonths = input.validityMonths;
  await upsertSettings(deps.db, lms.lmsKey, change);
  return presentSettings(lms.lmsCode, (await selectSettings(deps.db, lms.lmsKey))!);
}

/** The settings an LMS without a settings row has (migration 0003's and 0008's defaults). */
const DEFAULT_SETTINGS: Omit<SettingsRow, 'lmsKey'> = {
  showLmsName: true,
  showSummaryInfo: true,
  showAssignmentList: true,
  showText: true,
  showSignature: true,
  certificateText: '',
  certificateTypeName: '',
  logoUrl: '',
  signatureName: '',
  signatureTitle: '',
  signatureImageUrl: '',
  theme: 'default',
  validityMonths: 0,
};

/** An LMS's certificate settings as setCertificateSettings answers them, changing nothing. */
export async function certificateSettingsOf(deps: Pick<OperatorDeps, 'db'>, lmsCode: string) {
  const lms = await operatorLms(deps.db, lmsCode);
  const row = await selectSettings(deps.db, lms.lmsKey);
  return presentSettings(lms.lmsCode, row ?? { lmsKey: lms.lmsKey, ...DEFAULT_SETTINGS });
}

function presentSettings(lmsCode: string, row: SettingsRow) {
  return {
    lms: lmsCode,
    showLmsName: row.showLmsName,
    showSummaryInfo: row.showSummaryInfo,
    showAssignmentList: row.showAssignmentList,
    showText: row.showText,
    showSignature: row.showSignature,
    text: row.certificateText,
    typeName: row.certificateTypeName,
    signatureName: row.signatureName,
    signatureTitle: row.signatureTitle,
    theme: row.theme,
    validityMonths: row.validityMonths,
  };
}

/** The image type from its first bytes (never from a file name). */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (
    bytes.length > 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  return null;
}

/** Sets (or with remove, removes) the LMS's logo or signature image. */
export async function setCertificateImage(
  deps: OperatorDeps,
  input: { lms: string; kind: 'logo' | 'signature'; remove?: boolean },
  upload?: CommandUpload,
) {
  const lms = await lmsByCode(deps, input.lms);
  if (input.remove) {
    await deleteAsset(deps.db, lms.lmsKey, input.kind);
    return { lms: lms.lmsCode, kind: input.kind, removed: true, bytes: 0 };
  }
  if (upload === undefined)
    throw new HttpError(400, 'Give the image file (PNG or JPEG), or --remove.');
  const bytes = typeof upload === 'string' ? await readFile(upload) : upload;
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new HttpError(400, `The image is larger than ${MAX_IMAGE_BYTES / 1024} KB.`);
  }
  const mediaType = imageTypeOf(bytes);
  if (!mediaType) throw new HttpError(400, 'The image must be a PNG or JPEG file.');
  await upsertAsset(deps.db, {
    lmsKey: lms.lmsKey,
    name: input.kind,
    mediaType,
    data: bytes,
    now: deps.clock.now(),
  });
  return { lms: lms.lmsCode, kind: input.kind, removed: false, bytes: bytes.length };
}

/** Revokes a certificate by its code (as printed, dashes allowed). */
export async function revokeByCode(deps: OperatorDeps, input: { id: string; reason: string }) {
  const code = parseCertificateCode(input.id);
  if (!code)
    throw new HttpError(
      400,
      `'${input.id}' is not a certificate code (26 letters A-Z and digits 2-7).`,
    );
  const reason = input.reason.trim();
  if (!reason) throw new HttpError(400, 'Give the reason for revoking (--reason).');
  return revokeCertificate(deps, code, reason, 'operator');
}

/** Retires the signing key and makes a new one; credentials already issued stay verifiable. */
export function rotateKey(deps: OperatorDeps) {
  return rotateSigningKey(deps);
}
