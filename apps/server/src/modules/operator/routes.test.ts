import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../cli/transport.js';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { goodPackage12 } from '../../test/test-packages.js';

const TOKEN = randomBytes(32).toString('hex');

describe('operator API /lms/operator/commands/{name}', () => {
  let t: TestApp;
  const post = (name: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/lms/operator/commands/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const bearer = { authorization: `Bearer ${TOKEN}` };
  const lmsCodes = async () =>
    (await t.db.selectFrom('lms').select('lmsCode').orderBy('lmsCode').execute()).map(
      (row) => row.lmsCode,
    );

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: TOKEN });
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    await buildUser(t.db, lms.lmsKey, { userId: 'pupil' });
  });
  afterAll(() => t.close());

  it('refuses a request without the token (401) and changes nothing', async () => {
    const response = await post('create-lms', { code: 'sneaky', name: 'Sneaky' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toContain('operator token');
    expect(await lmsCodes()).toEqual(['alpha']);
  });

  it('refuses a wrong token, another scheme, and a student session with its cookies', async () => {
    expect((await post('list-lms', {}, { authorization: `Bearer ${'0'.repeat(64)}` })).status).toBe(
      401,
    );
    expect((await post('list-lms', {}, { authorization: `Basic ${TOKEN}` })).status).toBe(401);
    const login = await fetch(`${t.baseUrl}/lms/api/Login`, {
      method: 'POST',
      headers: { userID: 'pupil', password: TEST_PASSWORD, useCookie: '1', panel: 'student' },
    });
    expect(login.status).toBe(200);
    const { sessionID } = (await login.json()) as { sessionID: string };
    const cookies = login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const response = await post(
      'create-lms',
      { code: 'by-student', name: 'By Student' },
      { sessionID, cookie: cookies },
    );
    expect(response.status).toBe(401);
    expect(await lmsCodes()).toEqual(['alpha']);
  });

  it('runs a command with the right token', async () => {
    const created = await post('create-lms', { code: 'beta', name: 'Beta Air' }, bearer);
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({
      lms: {
        lmsKey: expect.any(Number),
        code: 'beta',
        name: 'Beta Air',
        displayName: 'Beta Air',
        isDefault: false,
      },
    });
    const listed = await post('list-users', { lms: 'alpha' }, bearer);
    expect(
      ((await listed.json()) as { users: { login: string }[] }).users.map((u) => u.login),
    ).toEqual(['pupil']);
  });

  it('answers bad input with 400, a failed command with its status, an unknown command with 404', async () => {
    const bad = await post('create-lms', { code: 'Not OK', name: 'X' }, bearer);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("LMS code 'Not OK'");
    const wrongType = await post('list-users', { lms: 42 }, bearer);
    expect(wrongType.status).toBe(400);
    const missing = await post('list-users', { lms: 'nowhere' }, bearer);
    expect(missing.status).toBe(404);
    expect((await post('drop-everything', {}, bearer)).status).toBe(404);
    expect((await post('drop-everything', {})).status).toBe(401);
    expect(await lmsCodes()).toEqual(['alpha', 'beta']);
  });

  it('is what the CLI uses while a server runs (DATA_DIR/server.json names a live process)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-remote-'));
    try {
      // The parent process stands in for the running server: alive, and not this process.
      await writeFile(
        path.join(dataDir, 'server.json'),
        JSON.stringify({ pid: process.ppid, port: 0, url: t.baseUrl }),
      );
      await writeFile(path.join(dataDir, 'operator-token'), `${TOKEN}\n`);
      const connection = await connect(loadConfig({ DATA_DIR: dataDir }));
      expect(connection.mode).toBe('server');
      const result = (await connection.run('list-lms', {})) as { lms: { code: string }[] };
      expect(result.lms.map((lms) => lms.code)).toEqual(['alpha', 'beta']);
      await expect(connection.run('list-users', { lms: 'nowhere' })).rejects.toMatchObject({
        statusCode: 404,
        message: "No LMS with code 'nowhere' (see list-lms).",
      });
      await connection.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('rate-limits wrong tokens per client address (429), never the right token', async () => {
    const wrong = { authorization: `Bearer ${'f'.repeat(64)}` };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post('list-lms', {}, wrong)).status);
    // The earlier tests spent a few failures already; every answer is 401 until the limit, then 429.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const blocked = await post('list-lms', {}, wrong);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).not.toBeNull();
    // The operator's own CLI, from the same address, is not locked out by someone's guesses.
    expect((await post('list-lms', {}, bearer)).status).toBe(200);
  });
});

describe('operator API without an operator token', () => {
  it('does not exist (404 for every route)', async () => {
    const t = await createTestApp();
    try {
      const response = await fetch(`${t.baseUrl}/lms/operator/commands/list-lms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer anything' },
        body: '{}',
      });
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

// import-scorm and assign work whether or not the server runs (ADR 0003): with a server, the
// CLI uploads the zip bytes (application/zip) to the operator API with the options in the query.
describe('operator API: import-scorm (zip upload) and assign', () => {
  let t: TestApp;
  let dir: string;
  const bearer = { authorization: `Bearer ${TOKEN}` };
  const contentEntries = async () =>
    (await readdir(path.join(t.config.dataDir, 'content')).catch(() => [] as string[])).sort();
  const upload = (query: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/lms/operator/commands/import-scorm?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: TOKEN });
    const lms = await buildLms(t.db, { lmsCode: 'gamma' });
    await buildUser(t.db, lms.lmsKey, { userId: 'pupil' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-upload-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an upload without the token (401) and stores nothing', async () => {
    const response = await upload('lms=gamma&curriculum=Sneaky', await goodPackage12());
    expect(response.status).toBe(401);
    expect(await contentEntries()).toEqual([]);
    expect(await t.db.selectFrom('curriculum').select('name').execute()).toEqual([]);
  });

  it('answers a JSON body with 415 and a refused package with 422, leaving nothing', async () => {
    const json = await fetch(`${t.baseUrl}/lms/operator/commands/import-scorm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer },
      body: JSON.stringify({ lms: 'gamma', curriculum: 'X' }),
    });
    expect(json.status).toBe(415);
    const refused = await upload('lms=gamma&curriculum=X', 'not a zip', bearer);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^The package was refused: it is not a zip file .* Nothing was imported\.$/,
    );
    const missing = await upload('lms=gamma', await goodPackage12(), bearer);
    expect(missing.status).toBe(400);
    expect(await contentEntries()).toEqual([]);
    expect(await t.db.selectFrom('curriculum').select('name').execute()).toEqual([]);
  });

  it('is what the CLI uses while a server runs: the zip is streamed, then assign', async () => {
    const zip = path.join(dir, 'ground-school.zip');
    await writeFile(zip, await goodPackage12());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-remote-'));
    try {
      await writeFile(
        path.join(dataDir, 'server.json'),
        JSON.stringify({ pid: process.ppid, port: 0, url: t.baseUrl }),
      );
      await writeFile(path.join(dataDir, 'operator-token'), `${TOKEN}\n`);
      const connection = await connect(loadConfig({ DATA_DIR: dataDir }));
      expect(connection.mode).toBe('server');
      const result = (await connection.run(
        'import-scorm',
        { lms: 'gamma', curriculum: 'Line Training', course: 'Basics' },
        zip,
      )) as { package: { folder: string }; lessons: { name: string }[] };
      expect(result.lessons.map((lesson) => lesson.name)).toEqual([
        'Welcome aboard',
        'Knowledge check',
      ]);
      // Stored in the server's DATA_DIR; the temporary upload file is gone.
      expect(await contentEntries()).toEqual([result.package.folder]);
      const stored = await readdir(path.join(t.config.dataDir, 'content', result.package.folder), {
        recursive: true,
      });
      expect(stored.sort()).toContain(path.join('welcome', 'img', 'logo.svg'));

      const assigned = (await connection.run('assign', {
        lms: 'gamma',
        user: 'pupil',
        curriculum: 'Line Training',
        due: '2099-01-31',
      })) as { assignmentKey: number; dueDate: string };
      expect(assigned.dueDate).toBe('2099-01-31T23:59:59.999Z');
      await expect(
        connection.run('import-scorm', { lms: 'gamma', curriculum: 'X' }, path.join(dir, 'x')),
      ).rejects.toMatchObject({ code: 'ENOENT' });
      await connection.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
