/**
 * The certificate calls (spec §7; docs/decisions/0011): settings, certificate data by the 4/5-id
 * form, the theme files, and the download links of an issued certificate (PDF, Open Badges
 * credential), which the browser follows itself with the session cookie.
 */
import { certificateCalls } from '@waypoint/domain/contract';
import { send } from './client';
import { SERVICE_BASE } from './paths';

export type {
  CertificateData,
  CertificateItem,
  CertificateSettings,
} from '@waypoint/domain/contract';

/** GET /api/certificate/{lms}/{user}/{curriculum}/{assignment}[/{course}]: the certificate data. */
export const getCertificate = (
  lmsKey: number,
  userKey: number,
  curriculumKey: number,
  assignmentKey: number,
  courseKey: number | null,
) =>
  courseKey === null
    ? send(certificateCalls.curriculum, [lmsKey, userKey, curriculumKey, assignmentKey])
    : send(certificateCalls.course, [lmsKey, userKey, curriculumKey, assignmentKey, courseKey]);

/** The PDF of an issued certificate (a link: the browser downloads it). */
export const certificatePdfHref = (lmsKey: number, userKey: number, certificateId: string) =>
  `${SERVICE_BASE}${certificateCalls.pdf.path(lmsKey, userKey, certificateId)}`;

/** The Open Badges 3.0 credential (VC-JWT) of an issued certificate (a link). */
export const certificateCredentialHref = (lmsKey: number, userKey: number, certificateId: string) =>
  `${SERVICE_BASE}${certificateCalls.credential.path(lmsKey, userKey, certificateId)}`;

/** The folder of a theme's files (§7 'themes/certificate[/{theme}]'). */
export const certificateThemeBase = (theme: string) =>
  theme === 'default' ? '/themes/certificate' : `/themes/certificate/${encodeURIComponent(theme)}`;

/** A theme's certificate.html (a static file, not an API call). */
export async function getCertificateTheme(theme: string): Promise<string> {
  const response = await fetch(`${certificateThemeBase(theme)}/certificate.html`, {
    credentials: 'same-origin',
  });
  if (!response.ok)
    throw new Error(`The certificate theme could not be loaded (${response.status}).`);
  return response.text();
}
