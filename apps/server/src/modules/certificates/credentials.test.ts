import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateData } from '@waypoint/domain/contract';
import { qualificationPeriod } from '@waypoint/domain/staff';
import { runCli, type CliIo } from '../../cli/program.js';
import { localRunner } from '../../cli/transport.js';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { createMailer } from '../email/mailer.js';
import { keyEncryptionKey, unseal } from './keys.js';
import { VERIFY_RATE } from './public-routes.js';

const run = promisify(execFile);
const SCHEMA = JSON.parse(
  readFileSync(
    new URL('./schema/ob_v3p0_achievementcredential.schema.json', import.meta.url),
    'utf8',
  ),
) as object;

// A 2x1 PNG (red, blue): enough for the logo and signature images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEklEQVR4nGP4z8DAwPCfgYEBAB/6A/5lQ0ulAAAAAElFTkSuQmCC',
  'base64',
);
const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

describe('verification page, revocation, PDF and Open Badges 3.0 credential (ADR 0011)', () => {
  let t: TestApp;
  let pilot: Browser;
  let certificate: CertificateData;
  let files: string;

  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const deps = {
      db: t.db,
      config: t.config,
      clock: t.clock,
      mailer: createMailer(t.db, { smtpUrl: null, mailFrom: t.config.mailFrom }, () => {}),
      storage: t.app.deps.storage,
      state: t.app.deps.state,
    };
    const code = await runCli(
      args,
      async () => ({ run: localRunner(deps), close: async () => undefined }),
      io,
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const jwks = async () =>
    createLocalJWKSet(
      (await (await fetch(`${t.baseUrl}/lms/api/credentials/jwks.json`)).json()) as JSONWebKeySet,
    );
  const credential = async () => {
    const response = await pilot.call(
      `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/issued/${certificate.certificateId}/credential`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/vc+jwt');
    return response.text();
  };
  /** Whether the certificate's bit is set in its verified status list. */
  const revokedInList = async (jwt: string) => {
    const { payload } = await jwtVerify(jwt, await jwks());
    const status = payload.credentialStatus as {
      statusListCredential: string;
      statusListIndex: string;
    };
    const listJwt = await (await fetch(status.statusListCredential)).text();
    const list = await jwtVerify(listJwt, await jwks());
    const subject = list.payload.credentialSubject as {
      encodedList: string;
      statusPurpose: string;
    };
    expect(subject.statusPurpose).toBe('revocation');
    const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
    expect(bits.length).toBe(16_384);
    const index = Number(status.statusListIndex);
    return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
  };

  beforeAll(async () => {
    t = await createTestApp();
    files = await mkdtemp(path.join(os.tmpdir(), 'waypoint-certificate-'));
    const lms = await buildLms(t.db, { lmsCode: 'alpha', lmsDisplayName: 'Alpha Air Academy' });
    await buildUser(t.db, lms.lmsKey, {
      userId: 'pilot',
      email: 'pilot@example.test',
      displayName: 'Zoë Ångström-Łukasiewicz',
      employeeId: 'E-77',
    });
    const user = await t.db
      .selectFrom('appUser')
      .select('userKey')
      .where('userId', '=', 'pilot')
      .executeTakeFirstOrThrow();
    const inserted = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Dangerous Goods Recurrent',
      description: '',
      courses: [
        {
          name: 'DG course',
          topics: [
            {
              name: 'Topic',
              lessons: Array.from({ length: 3 }, (_, i) => ({
                name: `DG lesson ${i + 1}`,
                progress: {
                  attempts: 1,
                  completion: 1,
                  score: 90,
                  completedDaysAgo: 1,
                  totalTimeMinutes: 15,
                },
              })),
            },
          ],
        },
      ],
    });
    await assignCurriculum(t.db, t.clock.now(), user.userKey, inserted, {
      assignedDaysAgo: 5,
      startDaysAgo: 5,
      durationDays: 30,
    });
    const logo = path.join(files, 'logo.png');
    await writeFile(logo, PNG);
    expect((await cli('certificate', 'image', logo, '--lms', 'alpha', '--kind', 'logo')).code).toBe(
      0,
    );
    expect(
      (await cli('certificate', 'image', logo, '--lms', 'alpha', '--kind', 'signature')).code,
    ).toBe(0);
    const settings = await cli(
      'certificate',
      'settings',
      '--lms',
      'alpha',
      '--theme',
      'aviation',
      '--validity-months',
      '12',
      '--signature-name',
      'Dana Reyes',
      '--signature-title',
      'Head of Training',
      '--type-name',
      'Certificate of Recurrent Training',
      '--text',
      'has completed the recurrent training below.',
      '--json',
    );
    expect(settings.code).toBe(0);
    expect(JSON.parse(settings.out)).toMatchObject({ theme: 'aviation', validityMonths: 12 });
    // The expiry comes from the curriculum's validity rule (docs/decisions/0022 "Validity rules").
    const validity = await cli(
      'curriculum-validity',
      '--lms',
      'alpha',
      '--curriculum',
      String(inserted.curriculumKey),
      '--rule',
      'easa',
      '--months',
      '12',
      '--json',
    );
    expect(validity.code).toBe(0);
    expect(JSON.parse(validity.out)).toMatchObject({ rule: 'easa', months: 12 });
    pilot = await signIn(t, 'pilot');
    const response = await pilot.call(
      `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/${inserted.curriculumKey}/${(await t.db.selectFrom('assignment').select('assignmentKey').executeTakeFirstOrThrow()).assignmentKey}`,
    );
    expect(response.status).toBe(200);
    certificate = (await response.json()) as CertificateData;
    // Seeding, two images and a settings change through the CLI, and a sign-in: slow on a loaded machine.
  }, 60_000);
  afterAll(() => t.close());

  it('refuses bad operator input with a clear message and changes nothing', async () => {
    const text = path.join(files, 'not-an-image.png');
    await writeFile(text, 'hello');
    const bad = await cli('certificate', 'image', text, '--lms', 'alpha', '--kind', 'logo');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('PNG or JPEG');
    const theme = await cli('certificate', 'settings', '--lms', 'alpha', '--theme', '../etc');
    expect(theme.err).toContain("No certificate theme '../etc'");
    const lms = await cli('certificate', 'settings', '--lms', 'nope', '--show-text', 'off');
    expect(lms.err).toContain("No LMS with code 'nope'");
    const settings = await t.db
      .selectFrom('certificateSettings')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(settings.theme).toBe('aviation');
    expect(settings.showText).toBe(true);
  });

  it('issues a certificate with a random 130-bit code and the settings, logo and signature', async () => {
    expect(certificate.certificateId).toMatch(/^[A-Z2-7]{26}$/);
    expect(certificate).toMatchObject({
      displayName: 'Zoë Ångström-Łukasiewicz',
      certificateTypeName: 'Certificate of Recurrent Training',
      logoURL: `/lms/api/certificate/${pilot.lmsKey}/asset/logo`,
      status: 'valid',
    });
    expect(certificate.settings.theme).toBe('aviation');
    expect(certificate.expiresInstant - certificate.completedInstant).toBeGreaterThan(
      364 * 24 * 3_600_000,
    );
    const logo = await pilot.call(certificate.logoURL);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('shows the verification page signed out: holder, achievement, issuer, dates, Valid; nothing more', async () => {
    const response = await fetch(`${t.baseUrl}/verify/${certificate.certificateId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    for (const text of [
      'Valid',
      'Zoë Ångström-Łukasiewicz',
      'Dangerous Goods Recurrent',
      'Alpha Air Academy',
      'Valid until',
    ]) {
      expect(html).toContain(text);
    }
    for (const secret of ['pilot@example.test', 'E-77', '>pilot<', 'DG lesson'])
      expect(html).not.toContain(secret);
    // The printed code, with dashes and in lower case, leads to the same page.
    const typed = certificate.certificateId.toLowerCase().replace(/(.{4})/g, '$1-');
    const redirect = await fetch(`${t.baseUrl}/verify?code=${typed}`, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(`/verify/${certificate.certificateId}`);
  });

  it("answers 'No certificate has this code' for an unknown or malformed code, and nothing else", async () => {
    for (const code of [
      'AAAAAAAAAAAAAAAAAAAAAAAAAA',
      '1',
      String(certificate.certificateId.length),
      "x' OR 1=1",
    ]) {
      const response = await fetch(`${t.baseUrl}/verify/${encodeURIComponent(code)}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('No certificate has this code.');
      expect(html).not.toContain('Alpha Air Academy');
    }
  });

  it('renders the PDF with embedded fonts, logo, signature and QR code (pdftoppm)', async () => {
    const response = await pilot.call(
      `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/issued/${certificate.certificateId}/pdf`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = path.join(files, 'certificate.pdf');
    await writeFile(pdf, Buffer.from(await response.arrayBuffer()));
    const fonts = (await run('pdffonts', [pdf])).stdout;
    expect(fonts).toMatch(/DejaVuSans-Bold-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts).toMatch(/DejaVuSans-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    const images = (await run('pdfimages', ['-list', pdf])).stdout
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(images.length).toBe(3); // logo, signature, QR code
    const text = (await run('pdftotext', ['-layout', pdf, '-'])).stdout;
    for (const expected of [
      'Zoë Ångström-Łukasiewicz',
      'Certificate of Recurrent Training',
      'DG lesson 3',
      certificate.verifyUrl,
      'Dana Reyes',
    ]) {
      expect(text).toContain(expected);
    }
    await run('pdftoppm', ['-png', '-r', '72', '-singlefile', pdf, path.join(files, 'page')]);
    if (process.env.CERTIFICATE_PDF_OUT)
      await writeFile(process.env.CERTIFICATE_PDF_OUT, await readFile(pdf));
    expect(statSync(path.join(files, 'page.png')).size).toBeGreaterThan(10_000);
  });

  it('signs an OpenBadgeCredential as a VC-JWT that verifies against the published keys and the schema', async () => {
    const jwt = await credential();
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    expect(header.kid).toMatch(
      new RegExp(`^${t.config.publicUrl}/lms/api/credentials/keys/[A-Za-z0-9_-]{43}$`),
    );
    const key = await fetch(header.kid!);
    expect(((await key.json()) as { kid: string }).kid).toBe(header.kid);
    const { payload } = await jwtVerify(jwt, await jwks(), { algorithms: ['EdDSA'] });
    const validate = new Ajv({ strict: false, allErrors: true }).compile(SCHEMA);
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: certificate.verifyUrl,
      jti: certificate.verifyUrl,
      iss: `${t.config.publicUrl}/lms/api/credentials/issuers/${pilot.lmsKey}`,
    });
    const issuer = await (await fetch(payload.iss!)).json();
    expect(issuer).toMatchObject({ id: payload.iss, type: ['Profile'], name: 'Alpha Air Academy' });
    // The holder is a salted hash of the email: checkable by who knows it, never readable.
    expect(JSON.stringify(payload)).not.toContain('pilot@example.test');
    const subject = payload.credentialSubject as {
      identifier: { identityHash: string; salt: string }[];
    };
    const { createHash } = await import('node:crypto');
    const [identity] = subject.identifier;
    expect(identity!.identityHash).toBe(
      `sha256$${createHash('sha256').update(`pilot@example.test${identity!.salt}`).digest('hex')}`,
    );
    // A credential without its required parts fails the schema (the schema can fail).
    expect(validate({ ...payload, credentialSubject: { type: ['AchievementSubject'] } })).toBe(
      false,
    );
  });

  it('is valid from the award (the completion), not from the later issue, and never ends before it starts', async () => {
    const { payload } = await jwtVerify(await credential(), await jwks());
    const row = await t.db
      .selectFrom('issuedCertificate')
      .select(['completedAt', 'issuedAt', 'expiresAt'])
      .executeTakeFirstOrThrow();
    // Completed a day before the student first opened (and so issued) the certificate.
    expect(row.issuedAt.getTime()).toBeGreaterThan(row.completedAt.getTime());
    expect(payload.validFrom).toBe(row.completedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(payload.awardedDate).toBe(payload.validFrom);
    // EASA, 12 months: the end of the month of completion, 12 months on.
    expect(row.expiresAt).toEqual(
      qualificationPeriod({ kind: 'easa', months: 12 }, row.completedAt).validUntil,
    );
    expect(payload.validUntil).toBe(row.expiresAt!.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(Date.parse(payload.validUntil as string)).toBeGreaterThan(
      Date.parse(payload.validFrom as string),
    );
    expect(payload.nbf).toBe(Math.floor(row.completedAt.getTime() / 1000));
    expect(payload.iat).toBe(Math.floor(row.issuedAt.getTime() / 1000));
    expect(payload.exp).toBeGreaterThan(payload.nbf!);
  });

  it('fails verification when one claim is tampered with', async () => {
    const [head, body, signature] = (await credential()).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    claims.name = 'Certificate of Recurrent Training: Airline Transport Pilot Licence';
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(jwtVerify(forged, await jwks())).rejects.toThrow(/signature verification failed/);
  });

  it('keeps the private key sealed in the database under DATA_DIR/credential-key (mode 0600)', async () => {
    const kekFile = path.join(t.config.dataDir, 'credential-key');
    expect(statSync(kekFile).mode & 0o777).toBe(0o600);
    const row = await t.db.selectFrom('credentialSigningKey').selectAll().executeTakeFirstOrThrow();
    expect(row.privateKeySealed).toMatch(/^v1\./);
    expect(row.privateKeySealed).not.toContain('"d"');
    const kek = await keyEncryptionKey(t.app.deps);
    expect(unseal(kek, row.kid, row.privateKeySealed)).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
    });
    expect(() => unseal(Buffer.alloc(32, 7), row.kid, row.privateKeySealed)).toThrow();
    expect(() => unseal(kek, 'another-kid', row.privateKeySealed)).toThrow();
    expect((await readFile(kekFile, 'utf8')).trim()).toHaveLength(43);
  });

  it('rotates the key with the CLI: old credentials still verify, new ones use the new key', async () => {
    const before = await credential();
    const rotated = await cli('certificate', 'rotate-key', '--json');
    expect(rotated.code).toBe(0);
    const { activeKid, retiredKid } = JSON.parse(rotated.out) as {
      activeKid: string;
      retiredKid: string;
    };
    expect(decodeProtectedHeader(before).kid).toContain(retiredKid);
    await expect(jwtVerify(before, await jwks())).resolves.toBeTruthy();
    const after = await credential();
    expect(decodeProtectedHeader(after).kid).toContain(activeKid);
    await expect(jwtVerify(after, await jwks())).resolves.toBeTruthy();
  });

  it('revokes with the CLI: the page says Revoked and the status list sets the bit', async () => {
    const jwt = await credential();
    expect(await revokedInList(jwt)).toBe(false);
    const code = certificate.certificateId.replace(/(.{4})(?!$)/g, '$1-');
    const revoked = await cli('certificate', 'revoke', code, '--reason', 'Issued in error');
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain(`Revoked certificate ${certificate.certificateId}`);
    expect(await revokedInList(jwt)).toBe(true);
    const html = await (await fetch(`${t.baseUrl}/verify/${certificate.certificateId}`)).text();
    expect(html).toContain('Revoked');
    expect(html).not.toContain('Issued in error');
    const again = await cli(
      'certificate',
      'revoke',
      certificate.certificateId,
      '--reason',
      'Twice',
    );
    expect(again.err).toContain('already revoked');
    const unknown = await cli(
      'certificate',
      'revoke',
      'AAAAAAAAAAAAAAAAAAAAAAAAAA',
      '--reason',
      'x',
    );
    expect(unknown.err).toContain('No certificate has this code.');
    const malformed = await cli('certificate', 'revoke', '42', '--reason', 'x');
    expect(malformed.err).toContain('is not a certificate code');
    const data = (await (
      await pilot.call(
        `/lms/api/certificate/${pilot.lmsKey}/${pilot.userKey}/${(await t.db.selectFrom('assignment').select('assignmentKey').executeTakeFirstOrThrow()).assignmentKey}`,
      )
    ).json()) as CertificateData;
    expect(data.status).toBe('revoked');
  });

  it('says Expired once the validity has passed', async () => {
    await t.db.updateTable('issuedCertificate').set({ revokedAt: null }).execute();
    t.clock.advance(13 * MONTH_MS);
    const html = await (await fetch(`${t.baseUrl}/verify/${certificate.certificateId}`)).text();
    expect(html).toContain('Expired');
  });

  it('rate limits the verification page per client address', async () => {
    let status = 0;
    let hits = 0;
    while (status !== 429 && hits <= VERIFY_RATE.limit + 1) {
      const response = await fetch(`${t.baseUrl}/verify/AAAAAAAAAAAAAAAAAAAAAAAAAA`);
      status = response.status;
      hits += 1;
      if (status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(status).toBe(429);
    expect(hits).toBeLessThanOrEqual(VERIFY_RATE.limit + 1);
  });
});
