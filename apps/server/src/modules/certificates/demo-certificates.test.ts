import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createTestDatabase } from '../../test/database.js';
import { decodeJwt } from 'jose';
import { signedCredential } from './credential.js';
import { certificatePdf } from './pdf.js';
import { createKeyMemory } from './keys.js';
import { createThemeCatalogue } from './themes.js';
import { createFontFiles } from '../../lib/pdf-fonts.js';
import { findIssuedByPublicId } from './repo.js';
import { certificateData, statusOf } from './service.js';
import { createSequencingMemory } from '../sequencing/index.js';

const run = promisify(execFile);

describe('demo certificates: both themes, one expired, one revoked (ADR 0011)', () => {
  let handle: DatabaseHandle;
  const pdfDeps = () => ({
    db: handle.db,
    state: { pdfFonts: createFontFiles(), certificateThemes: createThemeCatalogue() },
  });
  const now = new Date();

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db, { now, passwordHash: 'x' });
  });
  afterAll(() => handle.close());

  it('issues Dangerous Goods (default, valid), its course (aviation, revoked) and Annual Recurrent Training (aviation, expired)', async () => {
    const rows = await handle.db
      .selectFrom('issuedCertificate')
      .selectAll()
      .orderBy('certificateKey')
      .execute();
    expect(
      rows.map((row) => [row.achievementName, row.theme, statusOf(row, now.getTime())]),
    ).toEqual([
      ['Dangerous Goods', 'default', 'valid'],
      ['Dangerous Goods Category 10', 'aviation', 'revoked'],
      ['Annual Recurrent Training', 'aviation', 'expired'],
    ]);
  });

  it('signs each as a credential valid from its award, the expired one ending after it starts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-demo-credentials-'));
    const deps = {
      db: handle.db,
      clock: { now: () => now },
      config: { publicUrl: 'https://demo.example', dataDir: dir },
      state: { keys: createKeyMemory() },
    };
    const rows = await handle.db.selectFrom('issuedCertificate').selectAll().execute();
    for (const row of rows) {
      const issued = await findIssuedByPublicId(handle.db, row.publicId);
      const claims = decodeJwt(await signedCredential(deps, issued!));
      expect(claims.validFrom, row.achievementName).toBe(
        row.completedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      );
      if (row.expiresAt) {
        expect(Date.parse(claims.validUntil as string), row.achievementName).toBeGreaterThan(
          Date.parse(claims.validFrom as string),
        );
        expect(claims.exp!).toBeGreaterThan(claims.nbf!);
      }
    }
  });

  it('renders each as a PDF with the demo logo and signature', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-demo-certificates-'));
    const rows = await handle.db.selectFrom('issuedCertificate').selectAll().execute();
    for (const row of rows) {
      const { data } = await certificateData(
        {
          db: handle.db,
          clock: { now: () => now },
          config: { publicUrl: 'https://demo.example', dataDir: dir },
          state: { sequencing: createSequencingMemory() },
        },
        {
          lmsKey: row.lmsKey,
          userKey: row.userKey,
          assignmentKey: row.assignmentKey,
          ...(row.courseKey === null ? {} : { courseKey: row.courseKey }),
        },
      );
      const file = path.join(dir, `${row.theme}-${row.certificateKey}.pdf`);
      await writeFile(file, await certificatePdf(pdfDeps(), data));
      const images = (await run('pdfimages', ['-list', file])).stdout
        .split('\n')
        .slice(2)
        .filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line));
      // The logo, the signature and the QR code (alpha channels are listed apart, as smask).
      expect(images).toHaveLength(3);
      if (process.env.CERTIFICATE_PDF_DIR) {
        await writeFile(
          path.join(process.env.CERTIFICATE_PDF_DIR, path.basename(file)),
          await certificatePdf(pdfDeps(), data),
        );
      }
    }
  });
});
