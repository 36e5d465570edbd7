import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import type { DatabaseHandle, Db } from '../../db/connection.js';
import { buildCurriculum } from '../../test/assignments.js';
import { TestClock } from '../../test/clock.js';
import { createTestDatabase } from '../../test/database.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../test/operator-cli.js';
import { createKeyMemory } from '../certificates/keys.js';
import { sealJobs } from './seal.js';
import { signSeal } from './seal-token.js';
import { verifyChain } from './verify.js';

/** Runs statements on the chain's tables with their append-only triggers off, as an intruder would. */
async function tamper(db: Db, ...statements: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ['training_event', 'training_chain_head', 'training_chain_seal']) {
      await sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`).execute(trx);
    }
    for (const statement of statements) await sql.raw(statement).execute(trx);
    for (const table of ['training_event', 'training_chain_head', 'training_chain_seal']) {
      await sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`).execute(trx);
    }
  });
}

describe('records verify and seal: the first broken link is named, and the restored chain passes', () => {
  let handle: DatabaseHandle;
  let db: Db;
  let dataDir: string;
  let config: Config;
  let lmsKey: number;
  const clock = new TestClock();
  const deps = () => testOperatorDeps(db, config, clock);
  const cli = operatorCli(deps);
  const entry = async (seq: number) =>
    db
      .selectFrom('trainingEvent')
      .selectAll()
      .where('lmsKey', '=', lmsKey)
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
  const verify = () => cli('records', 'verify', '--lms', 'north');

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-records-'));
    config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    lmsKey = (await buildLms(db, { lmsCode: 'north' })).lmsKey;
    const curriculum = await buildCurriculum(db, lmsKey, 'Dangerous Goods');
    for (const userId of ['ann', 'bob', 'cat']) {
      const user = await buildUser(db, lmsKey, { userId });
      await buildAssignment(db, { userKey: user.userKey, curriculumKey: curriculum.curriculumKey });
    }
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seals the head with the credential key, says so once, and verifies the chain as intact', async () => {
    expect(await cli('records', 'seal', '--lms', 'north')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Sealed the training event chain of LMS north at event 3 \(key /),
    });
    expect((await cli('records', 'seal', '--lms', 'north')).out).toBe(
      'The training event chain of LMS north is sealed already at event 3.',
    );
    expect(await verify()).toEqual({
      code: 0,
      out: 'Chain of LMS north: 3 events, 1 seal, intact.',
      err: '',
    });
    expect((await cli('records', 'verify', '--lms', 'nowhere')).code).toBe(1);
  });

  it('names an entry edited in the database, and passes once it is restored', async () => {
    const original = await entry(2);
    await tamper(
      db,
      `UPDATE training_event SET payload = replace(payload, '"curriculum"', '"curriculum_"') WHERE lms_key = ${lmsKey} AND seq = 2`,
    );
    expect(await verify()).toMatchObject({
      code: 1,
      err: `Error: Broken at event 2 (${original.at.toISOString()}, assignment.assigned): its contents do not match its hash.`,
    });
    await tamper(
      db,
      `UPDATE training_event SET payload = '${original.payload}' WHERE lms_key = ${lmsKey} AND seq = 2`,
    );
    expect((await verify()).code).toBe(0);
  });

  it('names the next entry when an edited one is hashed again, and the seal when the rest is too', async () => {
    const [second, third] = [await entry(2), await entry(3)];
    const rehash = (seq: number, prev: string) =>
      `UPDATE training_event SET actor = 'operator', prev_hash = ${prev},
         hash = waypoint_event_hash(${prev}, lms_key, seq, at, type, subject_id, 'operator', payload)
       WHERE lms_key = ${lmsKey} AND seq = ${seq}`;
    await tamper(db, rehash(2, 'prev_hash'));
    expect((await verifyChain(db, lmsKey)).broken).toMatchObject({ seq: 3, problem: 'link' });
    // Every hash after it rewritten too, and the head: only the seal still knows.
    await tamper(
      db,
      rehash(3, `(SELECT hash FROM training_event WHERE lms_key = ${lmsKey} AND seq = 2)`),
      `UPDATE training_chain_head SET hash = (SELECT hash FROM training_event WHERE lms_key = ${lmsKey} AND seq = 3) WHERE lms_key = ${lmsKey}`,
    );
    const rewritten = await verifyChain(db, lmsKey);
    expect(rewritten.broken).toMatchObject({ seq: 3, problem: 'seal' });
    expect(rewritten.broken!.message).toMatch(
      /^Broken at event 3 \(.*\): the seal of .* signed another hash for it\.$/,
    );
    await tamper(
      db,
      ...[second, third].map(
        (row) =>
          `UPDATE training_event SET actor = '${row.actor}', prev_hash = '${row.prevHash}', hash = '${row.hash}' WHERE lms_key = ${lmsKey} AND seq = ${row.seq}`,
      ),
      `UPDATE training_chain_head SET hash = '${third.hash}' WHERE lms_key = ${lmsKey}`,
    );
    expect((await verifyChain(db, lmsKey)).intact).toBe(true);
  });

  it('names a deleted entry as a gap, and entries cut off the end as a truncation', async () => {
    const copy = `INSERT INTO training_event_copy SELECT * FROM training_event WHERE lms_key = ${lmsKey}`;
    await sql
      .raw(`CREATE TABLE training_event_copy AS SELECT * FROM training_event WHERE false`)
      .execute(db);
    await sql.raw(copy).execute(db);
    const restore = `INSERT INTO training_event SELECT * FROM training_event_copy c
      WHERE NOT EXISTS (SELECT 1 FROM training_event e WHERE e.lms_key = c.lms_key AND e.seq = c.seq)`;
    await tamper(db, `DELETE FROM training_event WHERE lms_key = ${lmsKey} AND seq = 2`);
    expect((await verify()).err).toBe(
      'Error: Broken at event 2: it is missing (the chain goes from event 1 to event 3).',
    );
    await tamper(db, restore, `DELETE FROM training_event WHERE lms_key = ${lmsKey} AND seq = 3`);
    expect((await verify()).err).toMatch(
      /^Error: Broken after event 2: the seal of \S+ vouches for event 3, which is missing \(the chain was cut short\)\.$/,
    );
    // The seal removed too: the head still says 3.
    const seal = await db.selectFrom('trainingChainSeal').selectAll().executeTakeFirstOrThrow();
    await tamper(db, `DELETE FROM training_chain_seal WHERE lms_key = ${lmsKey}`);
    expect((await verifyChain(db, lmsKey)).broken).toMatchObject({ seq: 3, problem: 'truncated' });
    await tamper(
      db,
      restore,
      `INSERT INTO training_chain_seal VALUES (${lmsKey}, 3, '${seal.hash}', '${seal.sealedAt.toISOString()}', '${seal.kid}', '${seal.jws}')`,
    );
    expect((await verify()).code).toBe(0);
  });

  it('names a forged seal: signed by another key, or saying another time than its row', async () => {
    const { generateKeyPair } = await import('jose');
    const real = await db.selectFrom('trainingChainSeal').selectAll().executeTakeFirstOrThrow();
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const second = await entry(2);
    const statement = { lmsKey, seq: 2, hash: second.hash, sealedAt: real.sealedAt.toISOString() };
    const forged = await signSeal(statement, { kid: real.kid, key: privateKey });
    await tamper(
      db,
      `INSERT INTO training_chain_seal VALUES (${lmsKey}, 2, '${second.hash}', '${statement.sealedAt}', '${real.kid}', '${forged}')`,
    );
    expect((await verify()).err).toMatch(
      /^Error: Broken at event 2 \(.*\): the seal of \S+ is not valid: its signature does not verify\.$/,
    );
    await tamper(
      db,
      `DELETE FROM training_chain_seal WHERE lms_key = ${lmsKey} AND seq = 2`,
      `UPDATE training_chain_seal SET sealed_at = sealed_at + interval '1 day' WHERE lms_key = ${lmsKey}`,
    );
    expect((await verifyChain(db, lmsKey)).broken?.message).toMatch(
      /is not valid: what it signed is not what the seal row says\.$/,
    );
    await tamper(
      db,
      `UPDATE training_chain_seal SET sealed_at = '${real.sealedAt.toISOString()}' WHERE lms_key = ${lmsKey}`,
    );
    expect((await verifyChain(db, lmsKey)).intact).toBe(true);
  });

  it('seals each LMS once per UTC day by the job, and again the next day when the chain moved', async () => {
    const [job] = sealJobs({ ...deps(), state: { keys: createKeyMemory() }, log: () => {} });
    const seals = async () =>
      (await db.selectFrom('trainingChainSeal').select('seq').orderBy('seq').execute()).map(
        (row) => row.seq,
      );
    const curriculum = await buildCurriculum(db, lmsKey, 'Security');
    const user = await buildUser(db, lmsKey, { userId: 'dan' });
    await buildAssignment(db, { userKey: user.userKey, curriculumKey: curriculum.curriculumKey });
    await job!.run();
    expect(await seals()).toEqual([3]);
    clock.advance(24 * 60 * 60_000);
    await job!.run();
    await job!.run();
    expect(await seals()).toEqual([3, 4]);
    expect(await verify()).toMatchObject({ out: 'Chain of LMS north: 4 events, 2 seals, intact.' });
  });
});
