import { describe, expect, it } from 'vitest';
import { redactUrl, SECRET_ROUTES } from './log-redaction.js';

describe('redactUrl: what the request log may keep of an address', () => {
  const token = 'Yx3k_9PqLm2Zr8Ta0Bc4De6Fg1Hi5Jk7Lm9No2Pq4R';
  // The signed download tokens of documents and library media: upload.owner.until.signature.
  const signed = `12.3.1767225600000.${token}`;
  it.each([
    ['/lms/api/Login/abc123', '/lms/api/Login/[redacted]'],
    ['/lms/api/Login', '/lms/api/Login'],
    [
      `/lms/api/PasswordReset/VALIDATE_TOKEN/${token}/sam%40example.com`,
      '/lms/api/PasswordReset/VALIDATE_TOKEN/[redacted]/[redacted]',
    ],
    [
      '/lms/api/PasswordReset/VALIDATE_TOKEN/short',
      '/lms/api/PasswordReset/VALIDATE_TOKEN/[redacted]',
    ],
    [
      `/lms/api/PasswordReset/short/sam@example.com`,
      '/lms/api/PasswordReset/[redacted]/[redacted]',
    ],
    [
      '/lms/api/PasswordReset/VALIDATE_EMAIL/sam%40example.com?fromStudentpanel=true',
      '/lms/api/PasswordReset/VALIDATE_EMAIL/[redacted]?fromStudentpanel=true',
    ],
    [
      '/lms/api/user/ignored/ignored/12/PASSWORD/Old-pass%201',
      '/lms/api/user/ignored/ignored/12/PASSWORD/[redacted]',
    ],
    ['/lms/api/studentlaunch/launch/L1/verify', '/lms/api/studentlaunch/launch/[redacted]/verify'],
    ['/player/L1', '/player/[redacted]'],
    [`/player-api/${token}/commit`, '/player-api/[redacted]/commit'],
    [`/lms/calendar-feed/${token}.ics`, '/lms/calendar-feed/[redacted]'],
    ['/lms/calendar-feed/short.ics', '/lms/calendar-feed/[redacted]'],
    ['/content/L1/index.html', '/content/[redacted]/index.html'],
    [`/content/${token}/index.html`, '/content/[redacted]/index.html'],
    // The download tokens, not the folder name before them (the leak the log once had).
    [`/content/documents/${signed}`, '/content/documents/[redacted]'],
    ['/content/documents/1.2.3.abc', '/content/documents/[redacted]'],
    [`/content/library-media/${signed}/fcom.pdf`, '/content/library-media/[redacted]/fcom.pdf'],
    ['/content/library-media/1.2.3.abc/x.pdf', '/content/library-media/[redacted]/x.pdf'],
    // Any case, percent-encoded literals, a tail after the token, an absolute-form target.
    ['/Content/Documents/1.2.3.abc/more', '/Content/Documents/[redacted]/more'],
    ['/content/%64ocuments/1.2.3.abc', '/content/%64ocuments/[redacted]'],
    [
      'http://files.example/content/documents/1.2.3.abc',
      'http://files.example/content/documents/[redacted]',
    ],
    ['/verify/WP-ABCD-EFGH-IJKL', '/verify/[redacted]'],
    // An inspector link and an export ticket: 22-character tokens (docs/decisions/0022).
    ['/lms/api/inspect/AbCdEfGhIjKlMnOpQrStUv/matrix', '/lms/api/inspect/[redacted]/matrix'],
    [
      '/lms/api/compliance/downloads/AbCdEfGhIjKlMnOpQrStUv',
      '/lms/api/compliance/downloads/[redacted]',
    ],
    ['/lms/api/records/downloads/AbCdEfGhIjKlMnOpQrStUv', '/lms/api/records/downloads/[redacted]'],
    ['/console/unsubscribe?token=AbCdEfGhIjKlMnOpQrStUv', '/console/unsubscribe?token=[redacted]'],
    ['/verify?code=WP-ABCD-EFGH-IJKL', '/verify?code=[redacted]'],
    [
      '/lms/sso/main/oidc/callback?code=abc&state=def&iss=http%3A%2F%2Fidp',
      '/lms/sso/main/oidc/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fidp',
    ],
    [
      '/lms/sso/main/saml/logout?SAMLRequest=fVLL&RelayState=xyz',
      '/lms/sso/main/saml/logout?SAMLRequest=[redacted]&RelayState=[redacted]',
    ],
    [
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4&sessionID=s3cr3t',
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4&sessionID=[redacted]',
    ],
    [
      `/ChangePassword?token=abc&email=sam%40example.com`,
      '/ChangePassword?token=[redacted]&email=[redacted]',
    ],
    [`/anything/${token}`, '/anything/[redacted]'],
    [`/anything/${signed}`, '/anything/[redacted]'],
    ['/content/', '/content/'],
    [
      '/lms/api/progressreport/withPrerequisites/1/2?showExpired=true',
      '/lms/api/progressreport/withPrerequisites/1/2?showExpired=true',
    ],
    ['/lms/api/library/1/LIBRARY_MEDIA/2/3/file', '/lms/api/library/1/LIBRARY_MEDIA/2/3/file'],
    ['/lms/evaluation/7', '/lms/evaluation/7'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('redacts the secret segment of every route it lists, and only that', () => {
    for (const route of SECRET_ROUTES) {
      const url = route.replace(/\?/g, 'kept').replace(/\*/g, 'Zq1');
      const expected = route.replace(/\?/g, 'kept').replace(/\*/g, '[redacted]');
      expect(redactUrl(url), route).toBe(expected);
    }
  });
});
