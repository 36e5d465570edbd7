import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/connection.js';
import { buildCurriculum } from '../../test/assignments.js';
import { createTestDatabase } from '../../test/database.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { withEventActor } from './actor.js';
import { entryHash, GENESIS_HASH } from './chain.js';
import { eventsOf } from './events.js';
import { verifyChain } from './verify.js';

/** The LMS's entries as stored, payloads parsed, in chain order. */
async function entries(db: Db, lmsKey: number) {
  const rows = [];
  for await (const entry of eventsOf(db, lmsKey)) rows.push(entry);
  return rows.map((entry) => ({
    ...entry,
    data: JSON.parse(entry.payload) as Record<string, unknown>,
  }));
}

const typesAfter = async (db: Db, lmsKey: number, seq: number) =>
  (await entries(db, lmsKey)).filter((entry) => entry.seq > seq).map((entry) => entry.type);

const headSeq = async (db: Db, lmsKey: number) =>
  (
    await db
      .selectFrom('trainingChainHead')
      .select('seq')
      .where('lmsKey', '=', lmsKey)
      .executeTakeFirst()
  )?.seq ?? 0;

describe('training events: appended by the triggers of migration 0028 in the change’s transaction', () => {
  let handle: DatabaseHandle;
  let db: Db;
  let lmsKey: number;
  let student: Awaited<ReturnType<typeof buildUser>>;
  let staff: Awaited<ReturnType<typeof buildUser>>;
  let curriculum: Awaited<ReturnType<typeof buildCurriculum>>;
  let assignmentKey: number;

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    lmsKey = (await buildLms(db)).lmsKey;
    student = await buildUser(db, lmsKey, { userId: 'jane.private', email: 'jane@airline.test' });
    staff = await buildUser(db, lmsKey, { userId: 'boss.private', isStudent: false });
    curriculum = await buildCurriculum(db, lmsKey, 'Dangerous Goods');
    assignmentKey = (
      await buildAssignment(db, {
        userKey: student.userKey,
        curriculumKey: curriculum.curriculumKey,
      })
    ).assignmentKey;
  });
  afterAll(() => handle.close());

  it('hashes each entry as chain.ts does, from the genesis hash on, one seq after another', async () => {
    const rows = await entries(db, lmsKey);
    expect(rows.length).toBeGreaterThan(0);
    let prev = GENESIS_HASH;
    rows.forEach((row, index) => {
      expect(row.seq).toBe(index + 1);
      expect(row.prevHash).toBe(prev);
      expect(entryHash(row)).toBe(row.hash);
      prev = row.hash;
    });
    expect(await headSeq(db, lmsKey)).toBe(rows.length);
  });

  it('computes the same hash in SQL as in TypeScript, for any text (accents, quotes, new lines, emoji)', async () => {
    const entry = {
      lmsKey: 7,
      seq: 12345,
      at: new Date('2026-11-27T10:01:02.003Z'),
      type: 'score.changed',
      subjectId: null,
      actor: 'staff:sub_abc',
      payload: '{"reason": "Relevé d’évaluation \\"B\\"\\nzweite Zeile ✈️"}',
      prevHash: 'f'.repeat(64),
    };
    const { rows } = await sql<{ hash: string }>`SELECT waypoint_event_hash(${entry.prevHash},
      ${entry.lmsKey}::integer, ${entry.seq}::bigint, ${entry.at.toISOString()}::timestamptz,
      ${entry.type}, ${entry.subjectId}, ${entry.actor}, ${entry.payload}) AS hash`.execute(db);
    expect(rows[0]!.hash).toBe(entryHash(entry));
  });

  it('records an assignment: assigned as the system, then unassigned, given back and a new due date as the staff member who did it', async () => {
    const row = (await entries(db, lmsKey)).find((entry) => entry.type === 'assignment.assigned')!;
    expect(row).toMatchObject({
      actor: 'system',
      subjectId: expect.stringMatching(/^sub_[\w-]{22}$/),
    });
    expect(row.data).toMatchObject({
      assignment: assignmentKey,
      curriculum: curriculum.curriculumKey,
    });
    const seq = await headSeq(db, lmsKey);
    for (const set of [
      { removedAt: new Date() },
      { removedAt: null },
      { durationMs: 86_400_000 },
      // Not recorded: nothing the record holds changed.
      { flaggedOfflineCompletion: true },
    ]) {
      await db.transaction().execute(async (trx) => {
        await withEventActor(trx, { staffUserKey: staff.userKey });
        await trx
          .updateTable('assignment')
          .set(set)
          .where('assignmentKey', '=', assignmentKey)
          .execute();
      });
    }
    const rows = (await entries(db, lmsKey)).filter((entry) => entry.seq > seq);
    expect(rows.map((entry) => entry.type)).toEqual([
      'assignment.unassigned',
      'assignment.assigned',
      'assignment.due-changed',
    ]);
    const staffSubject = await db
      .selectFrom('recordSubject')
      .select('subjectId')
      .where('userKey', '=', staff.userKey)
      .executeTakeFirstOrThrow();
    expect(new Set(rows.map((entry) => entry.actor))).toEqual(
      new Set([`staff:${staffSubject.subjectId}`]),
    );
    expect(rows[1]!.data).toMatchObject({ givenBack: true });
    expect(rows[2]!.data.dueAt).not.toBe(rows[2]!.data.dueAtBefore);
  });

  it('records a launch of an assigned lesson as the learner’s, and no library preview', async () => {
    const seq = await headSeq(db, lmsKey);
    const contentPackage = await db
      .insertInto('contentPackage')
      .values({ lmsKey, title: 'P', scormVersion: '1.2', storageFolder: 'p1' })
      .returning('packageKey')
      .executeTakeFirstOrThrow();
    const sco = await db
      .insertInto('sco')
      .values({
        packageKey: contentPackage.packageKey,
        identifier: 'sco1',
        title: 'S',
        launchFile: 'index.html',
      })
      .returning('scoKey')
      .executeTakeFirstOrThrow();
    for (const [launchId, preview] of [
      ['launch-a', false],
      ['launch-b', true],
    ] as const) {
      await db
        .insertInto('launch')
        .values({
          launchId,
          userKey: student.userKey,
          lmsKey,
          sessionHash: 'x',
          curriculumKey: curriculum.curriculumKey,
          assignmentKey: preview ? null : assignmentKey,
          lessonKey: curriculum.lessonKey,
          scoKey: sco.scoKey,
          contentOrigin: 'http://localhost',
          mode: 'normal',
          credit: true,
          preview,
        })
        .execute();
    }
    const rows = (await entries(db, lmsKey)).filter((entry) => entry.seq > seq);
    expect(rows.map((entry) => [entry.type, entry.actor])).toEqual([
      ['lesson.launched', 'learner'],
    ]);
    expect(rows[0]!.data).toMatchObject({
      launch: 'launch-a',
      mode: 'normal',
      lesson: curriculum.lessonKey,
    });
  });

  it('records an attempt: started, a score, completed, passed and ended; a commit that only moves the bookmark records nothing', async () => {
    const seq = await headSeq(db, lmsKey);
    const key = { assignmentKey, lessonKey: curriculum.lessonKey, number: 1 };
    const now = new Date();
    await db
      .insertInto('lessonAttempt')
      .values({
        ...key,
        userKey: student.userKey,
        source: 'player',
        launchId: 'launch-a',
        startedAt: now,
        updatedAt: now,
      })
      .execute();
    const update = (set: Record<string, unknown>) =>
      db
        .updateTable('lessonAttempt')
        .set(set)
        .where('assignmentKey', '=', assignmentKey)
        .where('lessonKey', '=', curriculum.lessonKey)
        .where('number', '=', 1)
        .execute();
    await update({ updatedAt: new Date(), durationMs: 5000, cmi: '{"cmi.location":"3"}' });
    await update({ score: 0.8 });
    await update({ completion: 1, credit: 1, completionInstant: now });
    await update({ endedAt: new Date(), durationMs: 60_000 });
    const rows = (await entries(db, lmsKey)).filter((entry) => entry.seq > seq);
    expect(rows.map((entry) => entry.type)).toEqual([
      'attempt.started',
      'score.changed',
      'lesson.completed',
      'lesson.passed',
      'attempt.ended',
    ]);
    expect(new Set(rows.map((entry) => entry.actor))).toEqual(new Set(['learner']));
    expect(rows[1]!.data).toMatchObject({ before: null, after: 0.8, attempt: 1 });
    expect(rows[4]!.data).toMatchObject({
      durationMs: 60_000,
      result: { completion: 1, credit: 1, score: 0.8 },
    });
  });

  it('records a staff correction with its reason, the corrected attempt’s original result and the new one, as the staff member’s', async () => {
    const seq = await headSeq(db, lmsKey);
    const now = new Date();
    await db
      .insertInto('lessonAttempt')
      .values({
        assignmentKey,
        lessonKey: curriculum.lessonKey,
        number: 2,
        userKey: student.userKey,
        source: 'correction',
        startedAt: now,
        updatedAt: now,
        endedAt: now,
        completion: 1,
        credit: -1,
        score: 0.4,
        recordedBy: staff.userKey,
        reason: 'Marked against the wrong answer key',
        corrects: 1,
      })
      .execute();
    const [row] = (await entries(db, lmsKey)).filter((entry) => entry.seq > seq);
    const subjects = await db
      .selectFrom('recordSubject')
      .select(['userKey', 'subjectId'])
      .execute();
    const staffSubject = subjects.find((subject) => subject.userKey === staff.userKey)!.subjectId;
    expect(row).toMatchObject({ type: 'record.corrected', actor: `staff:${staffSubject}` });
    expect(row!.data).toMatchObject({
      attempt: 2,
      corrects: 1,
      reason: 'Marked against the wrong answer key',
      recordedBy: staffSubject,
      original: { completion: 1, credit: 1, score: 0.8 },
      corrected: { completion: 1, credit: -1, score: 0.4 },
    });
  });

  it('records a certificate issued and revoked, and a document the student submitted', async () => {
    const seq = await headSeq(db, lmsKey);
    const now = new Date();
    const certificate = await db
      .insertInto('issuedCertificate')
      .values({
        publicId: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
        lmsKey,
        userKey: student.userKey,
        assignmentKey,
        curriculumKey: curriculum.curriculumKey,
        holderName: 'Jane Private',
        achievementName: 'Dangerous Goods',
        issuerName: 'Airline',
        completedAt: now,
        issuedAt: now,
        statusIndex: 1,
      })
      .returning('certificateKey')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await withEventActor(trx, 'operator');
      await trx
        .updateTable('issuedCertificate')
        .set({ revokedAt: now, revokeReason: 'Issued in error' })
        .where('certificateKey', '=', certificate.certificateKey)
        .execute();
    });
    const form = await db
      .insertInto('documentForm')
      .values({ lmsKey, name: 'Medical certificate', maxExpirationMs: 0 })
      .returning('formKey')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('assignedDocument')
      .values({ formKey: form.formKey, userKey: student.userKey })
      .execute();
    await db
      .updateTable('assignedDocument')
      .set({
        responseData: JSON.stringify({ Number: 'MED-1', Notes: '' }),
        acknowledgedAt: now,
        updatedAt: now,
      })
      .where('formKey', '=', form.formKey)
      .execute();
    const rows = (await entries(db, lmsKey)).filter((entry) => entry.seq > seq);
    expect(rows.map((entry) => [entry.type, entry.actor])).toEqual([
      ['certificate.issued', 'system'],
      ['certificate.revoked', 'operator'],
      ['document.submitted', 'learner'],
    ]);
    expect(rows[0]!.data).toMatchObject({
      certificate: certificate.certificateKey,
      assignment: assignmentKey,
    });
    expect(rows[2]!.data).toMatchObject({ form: form.formKey, answers: 1, files: 0 });
  });

  it('keeps names, logins, emails and the certificate’s public code out of every entry', async () => {
    const text = JSON.stringify(await entries(db, lmsKey));
    for (const secret of [
      'jane.private',
      'jane@airline.test',
      'boss.private',
      'Alex',
      'Morgan',
      'Jane Private',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('appends nothing for a change rolled back, and keeps no change whose event cannot be appended', async () => {
    const seq = await headSeq(db, lmsKey);
    const other = await buildCurriculum(db, lmsKey, 'Security');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('assignment')
          .values({ userKey: student.userKey, curriculumKey: other.curriculumKey })
          .execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('waypoint.actor', 'nobody', true)`.execute(trx);
        await trx
          .insertInto('assignment')
          .values({ userKey: student.userKey, curriculumKey: other.curriculumKey })
          .execute();
      }),
    ).rejects.toThrow(/not an actor/);
    const held = await db
      .selectFrom('assignment')
      .select('assignmentKey')
      .where('curriculumKey', '=', other.curriculumKey)
      .execute();
    expect(held).toEqual([]);
    expect(await typesAfter(db, lmsKey, seq)).toEqual([]);
  });

  it('refuses to change or delete an entry, a seal or the head', async () => {
    await expect(
      sql`UPDATE training_event SET actor = 'system' WHERE seq = 1`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM training_event WHERE seq = 1`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`UPDATE training_chain_head SET seq = 1`.execute(db)).rejects.toThrow(
      /forward/,
    );
    await expect(sql`DELETE FROM training_chain_head`.execute(db)).rejects.toThrow(/forward/);
  });

  it('moves the head to the last of many entries one statement appends', async () => {
    const seq = await headSeq(db, lmsKey);
    const crew = await Promise.all(
      Array.from({ length: 30 }, (_, index) => buildUser(db, lmsKey, { userId: `crew.${index}` })),
    );
    const security = await buildCurriculum(db, lmsKey, 'Security awareness');
    await db
      .insertInto('assignment')
      .values(
        crew.map((person) => ({
          userKey: person.userKey,
          curriculumKey: security.curriculumKey,
        })),
      )
      .execute();
    expect(await typesAfter(db, lmsKey, seq)).toHaveLength(30);
    expect(await headSeq(db, lmsKey)).toBe(seq + 30);
    expect(await verifyChain(db, lmsKey)).toMatchObject({ intact: true, events: seq + 30 });
  });

  it('never forks the chain when transactions append to one LMS at once', async () => {
    const seq = await headSeq(db, lmsKey);
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, index) => buildUser(db, lmsKey, { userId: `crowd.${index}` })),
    );
    await Promise.all(
      people.map((person) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('assignment')
            .values({ userKey: person.userKey, curriculumKey: curriculum.curriculumKey })
            .execute();
          // Both transactions hold their change while the other appends.
          await sql`SELECT pg_sleep(0.05)`.execute(trx);
        }),
      ),
    );
    expect(await typesAfter(db, lmsKey, seq)).toHaveLength(8);
    const result = await verifyChain(db, lmsKey);
    expect(result).toMatchObject({ intact: true, events: seq + 8 });
  });
});
