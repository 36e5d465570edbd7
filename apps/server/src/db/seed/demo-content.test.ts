import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection.js';
import { createTestDatabase } from '../../test/database.js';
import { localContentStorage } from '../../modules/content/storage.js';
import { DEMO_ATTACHMENTS } from './demo-content.js';
import { seedDemo } from './demo.js';

describe("demo content: imported into the demo training provider by the seed, and attached to the demo curricula's lessons", () => {
  let handle: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-demo-content-'));
    expect(await seedDemo(handle.db, { storage: localContentStorage({ dataDir }) })).toBe(true);
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('imports both packages, one SCORM 1.2 and one SCORM 2004', async () => {
    const packages = await handle.db
      .selectFrom('contentPackage')
      .select(['scormVersion', 'storageFolder'])
      .orderBy('scormVersion')
      .execute();
    expect(packages.map((p) => p.scormVersion)).toEqual(['1.2', '2004']);
    for (const { storageFolder } of packages) {
      const manifest = path.join(dataDir, 'content', storageFolder, 'imsmanifest.xml');
      expect((await stat(manifest)).isFile()).toBe(true);
    }
  });

  it.each(DEMO_ATTACHMENTS.map((a) => [a.lesson, a] as const))(
    '%s plays its SCO',
    async (_name, attachment) => {
      const lesson = await handle.db
        .selectFrom('lesson as l')
        .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
        .select(['s.identifier', 'l.scoreWeight', 'l.minScorePass', 'l.scorable'])
        .where('l.name', '=', attachment.lesson)
        .executeTakeFirstOrThrow();
      expect(lesson.identifier).toBe(attachment.item);
      if (attachment.scored) {
        expect(lesson).toMatchObject({
          scorable: 1,
          scoreWeight: 100,
          minScorePass: attachment.scored.minScorePass,
        });
      }
    },
  );
});
