import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/connection.js';
import { readServerInfo, startupTasks } from './startup.js';
import { createTestDatabase } from './test/database.js';
import { buildLms } from './test/factories.js';
import { openObjectStorage } from './platform/object-storage/index.js';

// The demo seed writes its packages here (the local folder of the start's DATA_DIR).
const storageIn = (dataDir: string) => openObjectStorage({ dataDir, storageUrl: null });

const lmsCodes = async (handle: DatabaseHandle) =>
  (await handle.db.selectFrom('lms').select('lmsCode').orderBy('lmsCode').execute()).map(
    (row) => row.lmsCode,
  );

describe('startupTasks', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const lines: string[] = [];
  const config = () => ({
    dataDir,
    demoSeed: 'auto' as const,
    host: '0.0.0.0',
    port: 8080,
    publicUrl: 'http://localhost:8080',
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-startup-'));
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo LMS on the first start and makes a private 256-bit operator token', async () => {
    const startup = await startupTasks(
      { db: handle.db, storage: storageIn(dataDir) },
      config(),
      (line) => lines.push(line),
    );
    expect(await lmsCodes(handle)).toEqual(['demo']);
    expect(startup.operatorToken).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'operator-token');
    expect((await readFile(file, 'utf8')).trim()).toBe(startup.operatorToken);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('keeps data and the token on a restart', async () => {
    const users = await handle.db.selectFrom('appUser').select('userKey').execute();
    const first = (await readFile(path.join(dataDir, 'operator-token'), 'utf8')).trim();
    const startup = await startupTasks(
      { db: handle.db, storage: storageIn(dataDir) },
      config(),
      () => undefined,
    );
    expect(startup.operatorToken).toBe(first);
    expect(await handle.db.selectFrom('appUser').select('userKey').execute()).toEqual(users);
  });

  it('announces the URL and demo logins, writes server.json, and removes it on release', async () => {
    lines.length = 0;
    const startup = await startupTasks(
      { db: handle.db, storage: storageIn(dataDir) },
      config(),
      (line) => lines.push(line),
    );
    await startup.announce(8123);
    const output = lines.join('\n');
    expect(output).toContain('http://localhost:8123/');
    expect(output).toContain('Waypoint-demo-1');
    for (const login of ['student', 'mfa.student', 'instructor']) expect(output).toContain(login);
    expect(await readServerInfo(dataDir)).toEqual({
      pid: process.pid,
      port: 8123,
      url: 'http://127.0.0.1:8123',
    });
    await startup.release();
    expect(await readServerInfo(dataDir)).toBeNull();
  });

  it('refuses a damaged token file with a clear error', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-startup-'));
    await writeFile(path.join(otherDir, 'operator-token'), 'not a token\n');
    await expect(
      startupTasks(
        { db: handle.db, storage: storageIn(dataDir) },
        { ...config(), dataDir: otherDir },
        () => undefined,
      ),
    ).rejects.toThrow(/operator-token/);
    await rm(otherDir, { recursive: true, force: true });
  });
});

describe('startupTasks on a database that already has an LMS, or with DEMO_SEED=off', () => {
  it('does not seed the demo', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-startup-'));
    const handle = await createTestDatabase();
    try {
      const base = { dataDir, host: '127.0.0.1', port: 0, publicUrl: 'http://localhost:0' };
      await startupTasks(
        { db: handle.db, storage: storageIn(dataDir) },
        { ...base, demoSeed: 'off' },
        () => undefined,
      );
      expect(await lmsCodes(handle)).toEqual([]);
      await buildLms(handle.db, { lmsCode: 'acme' });
      const lines: string[] = [];
      const startup = await startupTasks(
        { db: handle.db, storage: storageIn(dataDir) },
        { ...base, demoSeed: 'auto' },
        (line) => lines.push(line),
      );
      expect(await lmsCodes(handle)).toEqual(['acme']);
      await startup.announce(9000);
      expect(lines.join('\n')).not.toContain('Waypoint-demo-1');
      await startup.release();
    } finally {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
