import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CertificateData } from '../../api/certificates';
import { readCertificateQuery, takeSessionId } from './certificate-query';
import { renderCertificate } from './render-theme';

const THEMES = path.resolve(__dirname, '../../../../server/themes/certificate');
// Every theme with HTML of its own; aviation extends the default and is served its HTML (ADR 0011).
const themes = {
  default: readFileSync(path.join(THEMES, 'certificate.html'), 'utf8'),
};

const data: CertificateData = {
  completedTitle: 'Dangerous Goods',
  completedInstant: Date.UTC(2026, 2, 4, 12),
  startedInstant: Date.UTC(2026, 0, 2, 12),
  dateUserStarted: Date.UTC(2026, 0, 3, 12),
  nameOther: 'Alex',
  nameCollated: 'Morgan',
  displayName: '<b>Alex</b> Morgan',
  employeeID: 'E-1001',
  userID: 'pilot',
  base: 'DUB',
  fleet: '',
  position: 'First Officer',
  lmsName: 'Alpha Air Academy',
  logoURL: '/lms/api/certificate/1/asset/logo',
  signatureName: 'Dana Reyes',
  signatureTitle: 'Head of Training',
  signatureImageURL: '',
  certificateText: 'has completed the training below.',
  certificateTypeName: 'Certificate of Completion',
  totalTime: 3_600_000,
  score: 0.88,
  scoreText: '88%',
  items: [
    {
      name: 'Lesson A',
      courseName: 'Course 1',
      time: 1_200_000,
      score: 0.9,
      scoreText: '90%',
      completionStatus: 'Complete',
      completedInstant: Date.UTC(2026, 2, 4, 12),
      versionName: '',
      versionInstant: 0,
    },
    {
      name: 'Lesson B',
      courseName: 'Course 1',
      time: 600_000,
      score: 0,
      scoreText: '-',
      completionStatus: 'Complete',
      completedInstant: 0,
      versionName: '',
      versionInstant: 0,
    },
  ],
  versionName: '',
  versionInstant: 0,
  kind: 'curriculum',
  settings: {
    lmsKey: 1,
    showLmsName: true,
    showSummaryInfo: true,
    showAssignmentList: true,
    showText: true,
    showSignature: true,
    theme: 'default',
  },
  certificateId: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  verifyUrl: 'https://panel.example/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  issuedInstant: Date.UTC(2026, 2, 5, 12),
  expiresInstant: 0,
  status: 'valid',
};

const render = (html: string, overrides: Partial<CertificateData> = {}) => {
  const host = document.createElement('div');
  host.innerHTML = renderCertificate(html, { ...data, ...overrides });
  return host;
};

describe('certificate themes filled with the data (§3 Certificate data, the five toggles)', () => {
  it.each(Object.entries(themes))(
    '%s: every field as text, the items, the images',
    (_name, html) => {
      const host = render(html);
      expect(host.querySelector('[data-field="holderName"]')!.textContent).toBe(
        '<b>Alex</b> Morgan',
      );
      expect(host.querySelector('b')).toBeNull();
      expect(host.querySelector('[data-field="completedDate"]')!.textContent).toBe('2026/03/04');
      expect(host.querySelector('[data-field="totalTime"]')!.textContent).toBe('1:00:00');
      expect(host.querySelector('[data-field="shortCode"]')!.textContent).toBe(
        'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ',
      );
      const rows = [...host.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      );
      expect(rows).toEqual([
        ['Lesson A', 'Course 1', '0:20:00', '90%', 'Complete', '2026/03/04'],
        ['Lesson B', 'Course 1', '0:10:00', '-', 'Complete', ''],
      ]);
      expect(
        host.querySelector<HTMLImageElement>('img[data-image="logo"]')!.getAttribute('src'),
      ).toBe('/lms/api/certificate/1/asset/logo');
      // No signature image: the img goes; the empty fleet's line goes; no expiry line.
      expect(host.querySelector('img[data-image="signature"]')).toBeNull();
      expect(host.querySelector('[data-section="fleet"]')).toBeNull();
      expect(host.querySelector('[data-section="expiry"]')).toBeNull();
      expect(host.querySelector('[data-section="base"]')).not.toBeNull();
    },
  );

  it.each([
    ['showLmsName', 'lms-name'],
    ['showSummaryInfo', 'summary'],
    ['showAssignmentList', 'assignment-list'],
    ['showText', 'text'],
    ['showSignature', 'signature'],
  ] as const)('%s off removes the %s section', (toggle, section) => {
    expect(render(themes.default).querySelector(`[data-section="${section}"]`)).not.toBeNull();
    const host = render(themes.default, { settings: { ...data.settings, [toggle]: false } });
    expect(host.querySelector(`[data-section="${section}"]`)).toBeNull();
  });

  it('shows the expiry when there is one, and marks a long list dense for print', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({
      ...data.items[0]!,
      name: `Lesson ${i}`,
    }));
    const host = render(themes.default, { expiresInstant: Date.UTC(2027, 2, 4, 12), items });
    expect(host.querySelector('[data-field="expiresDate"]')!.textContent).toBe('2027/03/04');
    expect(host.querySelector('.wp-dense')).not.toBeNull();
  });

  it('drops anything that could run', () => {
    const host = render(
      '<article><script>alert(1)</script><p onclick="x()" data-field="lmsName"></p></article>',
    );
    expect(host.querySelector('script')).toBeNull();
    expect(host.querySelector('[onclick]')).toBeNull();
  });
});

describe('the certificate address (§2: lms, assignmentKey, curriculum, user, sessionID, course; fragment)', () => {
  it.each([
    [
      '?lms=1&assignmentKey=2&curriculum=3&user=4',
      '#curriculum',
      { lmsKey: 1, userKey: 4, curriculumKey: 3, assignmentKey: 2, courseKey: null },
    ],
    [
      '?lms=1&assignmentKey=2&curriculum=3&user=4&course=9',
      '#course',
      { lmsKey: 1, userKey: 4, curriculumKey: 3, assignmentKey: 2, courseKey: 9 },
    ],
    [
      '?lms=1&assignmentKey=2&curriculum=3&user=4&course=9',
      '#curriculum',
      { lmsKey: 1, userKey: 4, curriculumKey: 3, assignmentKey: 2, courseKey: null },
    ],
    ['?lms=1&assignmentKey=2&curriculum=3', '#curriculum', null],
    ['?lms=1&assignmentKey=2&curriculum=3&user=-4', '', null],
    ['?lms=1&assignmentKey=2&curriculum=3&user=4', '#course', null],
  ])('%s%s', (search, hash, expected) => {
    expect(readCertificateQuery(search, hash)).toEqual(expected);
  });

  it('takes the session id out of the address, keeping the rest', () => {
    expect(
      takeSessionId({
        pathname: '/certificate',
        search: '?lms=1&sessionID=s3cr3t&user=4',
        hash: '#course',
      }),
    ).toEqual({ sessionId: 's3cr3t', address: '/certificate?lms=1&user=4#course' });
    expect(takeSessionId({ pathname: '/certificate', search: '?lms=1', hash: '' })).toEqual({
      sessionId: null,
      address: '/certificate?lms=1',
    });
  });
});
