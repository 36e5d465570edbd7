/**
 * Certificate addresses and states (spec §6 'Certificate viewing ...', §2 Certificate page;
 * docs/decisions/0011). Shared by the server (which fills elementCertificateUrl) and the panel
 * (which opens it).
 */
import { isCompletionComplete } from './completion.js';
import { isFailedByCodes } from './outcome.js';

/** The fragments that mark an address as the panel's own certificate page (§2, §6). */
export const CERTIFICATE_FRAGMENTS = ['#curriculum', '#course'] as const;

/** What the progress report knows of an element that may have a certificate. */
export interface CertificateElement {
  kind: 'curriculum' | 'course';
  /** The address stored with the curriculum or course ('' or one with #curriculum/#course: ours). */
  storedUrl: string;
  completion: number;
  /** Below 0: complete but not passing (§4), which earns no certificate. */
  credit: number;
  lmsKey: number;
  userKey: number;
  curriculumKey: number;
  assignmentKey: number;
  /** The course's key (course certificates only). */
  courseKey?: number;
}

const isOurs = (url: string) =>
  url === '' || CERTIFICATE_FRAGMENTS.some((fragment) => url.includes(fragment));

/**
 * elementCertificateUrl of a curriculum or course: '' unless students may view certificates and
 * the element is complete and passing (§6 "a certificate is available only when the element is
 * complete", read with §4's failure rules: outcome.ts; a failure is never certified);
 * an address stored without #course or #curriculum is another system's and is given as is;
 * otherwise the certificate page with the §2 query parameters (lms, assignmentKey, curriculum,
 * user, plus course for a course) and the element's fragment. The session id is added by the panel
 * when it opens it (rehostCertificateUrl), never by the server.
 */
export function certificateUrlFor(element: CertificateElement, allowCertificates: boolean): string {
  const passed =
    isCompletionComplete(element.completion) &&
    !isFailedByCodes(element.completion, element.credit);
  if (!allowCertificates || !passed) return '';
  if (!isOurs(element.storedUrl)) return element.storedUrl;
  const query = [
    ['lms', element.lmsKey],
    ['assignmentKey', element.assignmentKey],
    ['curriculum', element.curriculumKey],
    ['user', element.userKey],
  ];
  if (element.kind === 'course' && element.courseKey !== undefined) {
    query.push(['course', element.courseKey]);
  }
  const search = query.map(([name, value]) => `${name}=${encodeURIComponent(value!)}`).join('&');
  return `/certificate?${search}#${element.kind}`;
}

/**
 * The address the panel opens for a certificate (§6): one containing #course or #curriculum is
 * re-hosted on the current host with the session id appended to its query; any other opens as
 * given. '' stays ''.
 */
export function rehostCertificateUrl(url: string, origin: string, sessionId: string): string {
  if (url === '' || !CERTIFICATE_FRAGMENTS.some((fragment) => url.includes(fragment))) return url;
  const hashAt = url.indexOf('#');
  const fragment = url.slice(hashAt);
  const beforeHash = url.slice(0, hashAt);
  // Re-hosted: any scheme and host of the stored address give way to the current one.
  const pathAndQuery = beforeHash.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  return `${origin}${pathAndQuery}${separator}sessionID=${encodeURIComponent(sessionId)}${fragment}`;
}

/** The state the verification page shows (§2 Certificate page; ADR 0011). */
export type CertificateStatus = 'valid' | 'expired' | 'revoked';

/** Revoked wins over expired; expired once the expiry instant has passed; else valid. */
export function certificateStatus(
  certificate: { revokedInstant: number; expiresInstant: number },
  nowMs: number,
): CertificateStatus {
  if (certificate.revokedInstant > 0) return 'revoked';
  if (certificate.expiresInstant > 0 && certificate.expiresInstant <= nowMs) return 'expired';
  return 'valid';
}

/**
 * A certificate's public code: 26 characters of the RFC 4648 base32 alphabet (130 random bits),
 * so it can be read aloud, typed from paper and never looks like a database key.
 */
export const CERTIFICATE_ID_PATTERN = /^[A-Z2-7]{26}$/;

/** The code as printed under the QR code: groups of four joined by '-' (ABCD-EFGH-...). */
export function shortCertificateCode(certificateId: string): string {
  return (certificateId.match(/.{1,4}/g) ?? []).join('-');
}

/** A typed or printed code back to the id (dashes and spaces dropped, upper case); null if not one. */
export function parseCertificateCode(typed: string): string | null {
  const id = typed.replace(/[\s-]/g, '').toUpperCase();
  return CERTIFICATE_ID_PATTERN.test(id) ? id : null;
}
