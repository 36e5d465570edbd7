import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl: what the request log may keep of an address', () => {
  const token = 'Yx3k_9PqLm2Zr8Ta0Bc4De6Fg1Hi5Jk7Lm9No2Pq4R';
  it.each([
    ['/lms/api/Login/abc123', '/lms/api/Login/[redacted]'],
    ['/lms/api/Login', '/lms/api/Login'],
    [
      `/lms/api/PasswordReset/VALIDATE_TOKEN/${token}/sam%40example.com`,
      '/lms/api/PasswordReset/VALIDATE_TOKEN/[redacted]/[redacted]',
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
    [`/player-api/${token}/commit`, '/player-api/[redacted]/commit'],
    [`/lms/calendar-feed/${token}.ics`, '/lms/calendar-feed/[redacted]'],
    [`/content/${token}/index.html`, '/content/[redacted]/index.html'],
    [
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4&sessionID=s3cr3t',
      '/certificate?lms=1&assignmentKey=2&curriculum=3&user=4&sessionID=[redacted]',
    ],
    [
      `/ChangePassword?token=abc&email=sam%40example.com`,
      '/ChangePassword?token=[redacted]&email=[redacted]',
    ],
    [`/anything/${token}`, '/anything/[redacted]'],
    [
      '/lms/api/progressreport/withPrerequisites/1/2?showExpired=true',
      '/lms/api/progressreport/withPrerequisites/1/2?showExpired=true',
    ],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
