/**
 * The demo's certificates (docs/decisions/0011): the demo LMS's logo and signature images, 24
 * months of validity, and three certificates of `student`'s complete work issued in advance, so
 * the demo shows every state in both themes: Dangerous Goods (default theme, valid), its course
 * Dangerous Goods Category 10 (aviation theme, revoked) and Annual Recurrent Training (aviation
 * theme, expired). Other complete work is issued when the student first opens it.
 */
import { deflateSync, crc32 } from 'node:zlib';
import type { Db } from '../connection.js';
import { certificateData } from '../../modules/certificates/service.js';
import { createSequencingMemory } from '../../modules/sequencing/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A PNG (8-bit RGBA) of width x height from a pixel function. */
function png(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 4 + 1);
    rows[start] = 0;
    for (let x = 0; x < width; x += 1) {
      Buffer.from(pixel(x, y)).copy(rows, start + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo airline's mark: a navy disc with a gold swept wing and a white horizon line. */
export function demoLogo(): Buffer {
  const size = 160;
  return png(size, size, (x, y) => {
    const cx = x - size / 2;
    const cy = y - size / 2;
    const r = Math.hypot(cx, cy);
    if (r > size / 2 - 1) return [0, 0, 0, 0];
    // A swept wing: between two lines rising to the right.
    const wing = cy < -0.45 * cx + 6 && cy > -0.45 * cx - 14 && cx > -50 && cx < 55;
    if (wing) return [198, 150, 52, 255];
    if (Math.abs(cy - 22) < 3 && Math.abs(cx) < 52) return [255, 255, 255, 255];
    return [18, 42, 84, 255];
  });
}

/** A handwritten-looking signature: a few loops of a stroke in dark blue on transparent. */
export function demoSignature(): Buffer {
  const width = 360;
  const height = 110;
  const points: [number, number][] = [];
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 20 + t * 320;
    const y = 60 + 26 * Math.sin(t * 23) * Math.exp(-t * 1.6) + 10 * Math.sin(t * 61) - 30 * t * t;
    points.push([x, y]);
  }
  const ink = new Float32Array(width * height);
  for (const [px, py] of points) {
    for (let dy = -2; dy <= 2; dy += 1) {
      for (let dx = -2; dx <= 2; dx += 1) {
        const x = Math.round(px + dx);
        const y = Math.round(py + dy);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const d = Math.hypot(px - x, py - y);
        ink[y * width + x] = Math.max(ink[y * width + x]!, Math.max(0, 1 - d / 2.2));
      }
    }
  }
  return png(width, height, (x, y) => [20, 34, 90, Math.round(255 * ink[y * width + x]!)]);
}

/** Seeds the demo's certificate images, settings and three issued certificates. */
export async function insertDemoCertificates(
  db: Db,
  lmsKey: number,
  studentKey: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('certificateSettings')
    .set({ validityMonths: 24, theme: 'default' })
    .where('lmsKey', '=', lmsKey)
    .execute();
  await db
    .insertInto('certificateAsset')
    .values([
      { lmsKey, name: 'logo', mediaType: 'image/png', data: demoLogo(), updatedAt: now },
      { lmsKey, name: 'signature', mediaType: 'image/png', data: demoSignature(), updatedAt: now },
    ])
    .execute();

  const assignmentOf = async (curriculumName: string) =>
    db
      .selectFrom('assignment as a')
      .innerJoin('curriculum as c', 'c.curriculumKey', 'a.curriculumKey')
      .select(['a.assignmentKey', 'a.curriculumKey'])
      .where('c.lmsKey', '=', lmsKey)
      .where('c.name', '=', curriculumName)
      .where('a.userKey', '=', studentKey)
      .executeTakeFirstOrThrow();
  // Issued by the same service as a student's first view, so the demo's are like any other.
  const deps = {
    db,
    clock: { now: () => now },
    config: { publicUrl: '', dataDir: '' },
    // The seed runs once, before any app: a memory of its own, dropped after.
    state: { sequencing: createSequencingMemory() },
  };
  const issue = async (curriculumName: string, courseName?: string) => {
    const assignment = await assignmentOf(curriculumName);
    let courseKey: number | undefined;
    if (courseName) {
      const course = await db
        .selectFrom('course')
        .select('courseKey')
        .where('curriculumKey', '=', assignment.curriculumKey)
        .where('name', '=', courseName)
        .executeTakeFirstOrThrow();
      courseKey = course.courseKey;
    }
    const { issued } = await certificateData(deps, {
      lmsKey,
      userKey: studentKey,
      assignmentKey: assignment.assignmentKey,
      curriculumKey: assignment.curriculumKey,
      ...(courseKey === undefined ? {} : { courseKey }),
    });
    return issued.certificateKey;
  };

  await issue('Dangerous Goods');
  const revoked = await issue('Dangerous Goods', 'Dangerous Goods Category 10');
  await db
    .updateTable('issuedCertificate')
    .set({
      theme: 'aviation',
      revokedAt: new Date(now.getTime() - 3 * DAY_MS),
      revokeReason: 'Issued in error: the practical assessment is to be repeated.',
    })
    .where('certificateKey', '=', revoked)
    .execute();
  const expired = await issue('Annual Recurrent Training');
  await db
    .updateTable('issuedCertificate')
    .set({ theme: 'aviation', expiresAt: new Date(now.getTime() - 2 * DAY_MS) })
    .where('certificateKey', '=', expired)
    .execute();
}
