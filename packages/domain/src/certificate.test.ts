import { describe, expect, it } from 'vitest';
import {
  certificateStatus,
  certificateUrlFor,
  parseCertificateCode,
  rehostCertificateUrl,
  shortCertificateCode,
  type CertificateElement,
} from './certificate.js';

const curriculum: CertificateElement = {
  kind: 'curriculum',
  storedUrl: '',
  completion: 1,
  credit: 0,
  lmsKey: 1,
  userKey: 4,
  curriculumKey: 3,
  assignmentKey: 2,
};

describe('elementCertificateUrl (§6 "a certificate is available only when the element is complete")', () => {
  it.each([
    [
      'complete curriculum, certificates allowed',
      curriculum,
      true,
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4#curriculum',
    ],
    [
      'complete course (§2 "plus course when launched from a course")',
      { ...curriculum, kind: 'course', courseKey: 9 } as const,
      true,
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4&course=9#course',
    ],
    ['incomplete', { ...curriculum, completion: 0 }, true, ''],
    ['failed', { ...curriculum, completion: -3 }, true, ''],
    [
      'complete but not passing (§4 "credit below 0 are complete but not passing"): no certificate',
      { ...curriculum, kind: 'course', courseKey: 9, credit: -1 } as const,
      true,
      '',
    ],
    [
      'complete, passed (credit above 0)',
      { ...curriculum, credit: 1 },
      true,
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4#curriculum',
    ],
    ['certificates not allowed (allowStudentsToViewCertificates)', curriculum, false, ''],
    [
      'stored address with #curriculum: ours',
      { ...curriculum, storedUrl: '/certificate#curriculum' },
      true,
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4#curriculum',
    ],
    [
      "another system's address opens as given",
      { ...curriculum, storedUrl: 'https://certs.example/c/77' },
      true,
      'https://certs.example/c/77',
    ],
  ] as const)('%s', (_name, element, allowed, expected) => {
    expect(certificateUrlFor(element, allowed)).toBe(expected);
  });
});

describe('re-hosting (§6 "addresses containing #course or #curriculum are re-hosted on the current host with the session id appended; others open as given")', () => {
  it.each([
    [
      '/certificate?lms=1&user=4#curriculum',
      'https://panel.example/certificate?lms=1&user=4&sessionID=s%2B1#curriculum',
    ],
    [
      'https://old-host.example/certificate?lms=1#course',
      'https://panel.example/certificate?lms=1&sessionID=s%2B1#course',
    ],
    ['/certificate#curriculum', 'https://panel.example/certificate?sessionID=s%2B1#curriculum'],
    ['https://certs.example/c/77', 'https://certs.example/c/77'],
    ['', ''],
  ])('%s -> %s', (url, expected) => {
    expect(rehostCertificateUrl(url, 'https://panel.example', 's+1')).toBe(expected);
  });
});

describe('certificate status (verification page: Valid / Revoked / Expired)', () => {
  it.each([
    [{ revokedInstant: 0, expiresInstant: 0 }, 'valid'],
    [{ revokedInstant: 0, expiresInstant: 2000 }, 'valid'],
    [{ revokedInstant: 0, expiresInstant: 1000 }, 'expired'],
    [{ revokedInstant: 5, expiresInstant: 0 }, 'revoked'],
    [{ revokedInstant: 5, expiresInstant: 500 }, 'revoked'],
  ] as const)('%o at 1000 -> %s', (certificate, expected) => {
    expect(certificateStatus(certificate, 1000)).toBe(expected);
  });
});

describe('certificate codes', () => {
  const id = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  it('prints in groups of four and reads back from what a person types', () => {
    expect(shortCertificateCode(id)).toBe('ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ');
    expect(parseCertificateCode('abcd-efgh ijkl-mnop-qrst-uvwx-yz')).toBe(id);
  });
  it.each(['', 'ABCD', `${id}A`, 'ABCDEFGHIJKLMNOPQRSTUVWXY1', '1; DROP TABLE'])(
    'refuses %j',
    (typed) => {
      expect(parseCertificateCode(typed)).toBeNull();
    },
  );
});
