import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import {
  launchLesson,
  playerApi,
  publishPackage,
  singleScoManifest2004,
  zipOf,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import { localContentStorage } from '../content/storage.js';

/**
 * Commits that arrive together are written together (ADR 0007, Group commit), and each is still
 * judged on its own: in seq order per launch, a bad one refused without touching the others, and
 * every acknowledged one stored.
 */
describe('group commit: commits in flight together', () => {
  let t: TestApp;
  const players: { player: PlayerHandle; keys: LaunchKeys }[] = [];

  const stored = (keys: LaunchKeys) =>
    t.db
      .selectFrom('lessonProgress')
      .select(['location', 'suspendData', 'completion'])
      .where('assignmentKey', '=', keys.assignmentKey)
      .where('lessonKey', '=', keys.lessonKey)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'group' });
    const zip = await zipOf({
      'imsmanifest.xml': singleScoManifest2004({
        id: 'drill',
        title: 'Drills',
        lesson: 'Evacuation Drill',
      }),
      'index.html': '<p>drill</p>',
    });
    for (const userId of ['first.officer', 'captain', 'purser']) {
      const user = await buildUser(t.db, lms.lmsKey, { userId });
      const { keys } = await publishPackage(
        { db: t.db, storage: localContentStorage(t.config) },
        zip,
        { lmsKey: lms.lmsKey, userKey: user.userKey, curriculum: `Drills for ${userId}` },
      );
      const player = await launchLesson(t.baseUrl, await signIn(t, userId), keys);
      expect((await playerApi(player).state()).status).toBe(200);
      players.push({ player, keys });
    }
  });
  afterAll(() => t.close());

  it('applies each launch in seq order, refuses the bad and the forged alone, and loses nothing', async () => {
    const [a, b, c] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    // The instance's group commit statistics (instance-state.ts), as the metrics read them.
    const stats = t.app.deps.state.commits.stats;
    const batchesBefore = stats.batches;
    const commitsBefore = stats.commits;
    const commit = (p: PlayerHandle, seq: number, cmi: Record<string, string>) =>
      playerApi(p).commit(seq, cmi);
    // Sent at once, out of order: a's seq 1..8 backwards, b's 1..4, a bad value and a forged token.
    const sent = [
      ...[8, 7, 6, 5, 4, 3, 2, 1].map((seq) => ({
        who: 'a',
        seq,
        response: commit(a.player, seq, {
          'cmi.location': String(seq),
          'cmi.suspend_data': `a${seq}`,
        }),
      })),
      ...[1, 2, 3, 4].map((seq) => ({
        who: 'b',
        seq,
        response: commit(b.player, seq, { 'cmi.location': String(seq * 10) }),
      })),
      {
        who: 'c-bad',
        seq: 1,
        response: commit(c.player, 1, { 'cmi.completion_status': 'finished-ish' }),
      },
      {
        who: 'c-forged',
        seq: 2,
        response: playerApi({ ...c.player, token: 'x'.repeat(43) }).commit(2, {
          'cmi.location': '99',
        }),
      },
    ];
    const answers = await Promise.all(
      sent.map(async ({ who, seq, response }) => {
        const r = await response;
        return { who, seq, status: r.status, body: (await r.json()) as Record<string, unknown> };
      }),
    );
    for (const answer of answers.filter((x) => x.who === 'a' || x.who === 'b')) {
      expect(answer.status).toBe(200);
    }
    const applied = (who: string) =>
      answers.filter((x) => x.who === who && x.body.applied === true).map((x) => x.seq);
    // What was acknowledged as applied is what is stored: the highest applied seq wins.
    expect(Math.max(...applied('a'))).toBe(8);
    expect(await stored(a.keys)).toMatchObject({ location: 8, suspendData: 'a8' });
    expect(Math.max(...applied('b'))).toBe(4);
    expect((await stored(b.keys)).location).toBe(40);
    // A stale commit (a lower seq after a higher one applied) is acknowledged, never applied.
    for (const x of answers.filter((y) => y.body.applied === false)) {
      expect(x.body.seq).toBeGreaterThan(x.seq);
    }
    const bad = answers.find((x) => x.who === 'c-bad')!;
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/completion_status/);
    expect(answers.find((x) => x.who === 'c-forged')!.status).toBe(401);
    expect((await stored(c.keys)).location).toBe(0);
    // The launch that was refused still takes a good commit afterwards.
    const later = await commit(c.player, 1, { 'cmi.location': '5' });
    expect(later.status).toBe(200);
    expect((await stored(c.keys)).location).toBe(5);
    // The fourteen commits in flight (and the one after) went out in fewer transactions.
    const batches = stats.batches - batchesBefore;
    const commits = stats.commits - commitsBefore;
    expect(commits).toBe(15);
    expect(batches).toBeLessThan(commits);
  });
});
