/**
 * The durable queue under crash and retry (docs/decisions/0024): commits written, the page's
 * objects dropped and the database opened again keep every commit in order; a sync whose answer
 * is lost is sent again and nothing doubles (the server acknowledges seq <= lastSeq, ADR 0007);
 * 1,000 commits reach a server that checks their order with none lost or reordered.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb, type QueueEntry } from './db';
import { appendCommit, beginOpening, pendingCount, pendingLaunches } from './queue';
import { nextRequest, syncGrant } from './sync';
import {
  fakeSyncServer,
  freshIndexedDb,
  GRANT_ID,
  grantOf,
  OTHER_GRANT_ID,
  startOf,
} from './test-support';

const localIdOf = (opening: number) => `opening-${String(opening).padStart(4, '0')}-xxxxxxxx`;

function entry(opening: number, seq: number, final = false): QueueEntry {
  return {
    grantId: GRANT_ID,
    opening,
    localId: localIdOf(opening),
    startedInstant: 1_000 + opening,
    resumed: opening > 1,
    seq,
    final,
    cmi: { 'cmi.core.lesson_location': `${opening}/${seq}` },
    instant: 2_000 + seq,
    version: '1.2',
  };
}

/** Writes `counts[i]` commits for opening i + 1, each awaited as the player awaits them. */
async function writeOpenings(db: OfflineDb, counts: number[]): Promise<QueueEntry[]> {
  const written: QueueEntry[] = [];
  for (const [index, count] of counts.entries()) {
    const { opening } = await beginOpening(db, GRANT_ID);
    expect(opening).toBe(index + 1);
    for (let seq = 1; seq <= count; seq++) {
      const commit = entry(opening, seq, seq === count);
      await appendCommit(db, commit, null);
      written.push(commit);
    }
  }
  return written;
}

let db: OfflineDb;

beforeEach(async () => {
  freshIndexedDb();
  db = await openOfflineDb();
  await db.put('grants', grantOf());
});

describe('the queue across a crash', () => {
  it('keeps every commit, in opening and seq order, after the page is gone and the database reopened', async () => {
    // Openings interleave with another lesson's, and seq 10 sorts after 9 (numbers, not text).
    await db.put('grants', grantOf({ grantId: OTHER_GRANT_ID }));
    const written = await writeOpenings(db, [12, 3]);
    await appendCommit(db, { ...entry(1, 1), grantId: OTHER_GRANT_ID }, null);
    db.close();

    const reopened = await openOfflineDb();
    const launches = await pendingLaunches(reopened, GRANT_ID);
    expect(launches.map((l) => l.localId)).toEqual([localIdOf(1), localIdOf(2)]);
    const read = launches.flatMap((l) => l.commits.map((c) => `${l.localId}:${c.seq}`));
    expect(read).toEqual(written.map((w) => `${w.localId}:${w.seq}`));
    expect(launches[1]!.resumed).toBe(true);
    expect(launches[0]!.commits.at(-1)!.final).toBe(true);
    expect(await pendingCount(reopened, GRANT_ID)).toBe(15);
    expect(await pendingCount(reopened, OTHER_GRANT_ID)).toBe(1);
    // The next opening goes on from the counter, not from the start.
    expect((await beginOpening(reopened, GRANT_ID)).opening).toBe(3);
  });

  it('writes a commit and the new start state together, or neither', async () => {
    const start = startOf({ stored: { ...startOf().stored, suspendData: 'page 4' } });
    await appendCommit(db, entry(1, 1), start);
    expect((await db.get('grants', GRANT_ID))!.start.stored.suspendData).toBe('page 4');

    await db.delete('grants', GRANT_ID);
    await expect(appendCommit(db, entry(1, 2), start)).rejects.toThrow(/no longer stored/);
    expect(await pendingCount(db, GRANT_ID)).toBe(1);
  });
});

describe('sync under retry', () => {
  it('sends again what a lost answer left on the device, and the server applies nothing twice', async () => {
    const written = await writeOpenings(db, [5, 4]);
    // The first request reaches the server, which applies it, but its answer is lost.
    const server = fakeSyncServer({
      onRequest: (_body, call) => (call === 1 ? new TypeError('Failed to fetch') : null),
    });
    const first = await syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID);
    expect(first.outcome).toBe('retry');
    expect(await pendingCount(db, GRANT_ID)).toBe(9);

    db.close();
    db = await openOfflineDb();
    const second = await syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID);
    expect(second.outcome).toBe('synced');
    expect(second.acknowledged).toBe(9);
    expect(await pendingCount(db, GRANT_ID)).toBe(0);
    expect(server.bodies).toHaveLength(2);
    expect(server.problems).toEqual([]);
    expect(server.applied.map((a) => `${a.localId}:${a.seq}`)).toEqual(
      written.map((w) => `${w.localId}:${w.seq}`),
    );
  });

  it('keeps what the server has not acknowledged (a lastSeq below what was sent)', async () => {
    await writeOpenings(db, [4]);
    const server = fakeSyncServer({
      onRequest: (body) =>
        Response.json({
          launches: [{ localId: body.launches[0]!.localId, lastSeq: 2, closed: false }],
          start: startOf(),
        }),
    });
    const result = await syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID);
    // The server took two and answered again with 2: sending more would only loop.
    expect(result.acknowledged).toBe(2);
    expect(result.outcome).toBe('retry');
    const left = await pendingLaunches(db, GRANT_ID);
    expect(left[0]!.commits.map((c) => c.seq)).toEqual([3, 4]);
  });

  it('keeps the device start while commits wait, and takes the server start once none do', async () => {
    const local = startOf({ stored: { ...startOf().stored, attempts: 3 } });
    await db.put('grants', grantOf({ start: local }));
    await writeOpenings(db, [2]);
    const serverStart = startOf({ stored: { ...startOf().stored, attempts: 4 } });
    const server = fakeSyncServer({ start: serverStart });
    await syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID);
    const grant = (await db.get('grants', GRANT_ID))!;
    expect(grant.start.stored.attempts).toBe(4);
    expect(grant.syncedInstant).toBeGreaterThan(0);
  });

  it('never syncs one grant twice at once (two tabs)', async () => {
    await writeOpenings(db, [30]);
    const server = fakeSyncServer();
    const [a, b] = await Promise.all([
      syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID),
      syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID),
    ]);
    expect(a.acknowledged + b.acknowledged).toBe(30);
    expect(server.bodies).toHaveLength(1);
    expect(server.applied).toHaveLength(30);
  });
});

describe('1,000 queued commits', () => {
  it('reach the server in order, none lost, none reordered, in requests within the limits', async () => {
    // 1,000 commits over 15 openings of 40 and one long one of 400 between them, which is cut
    // across requests: the openings after it must wait until it is all sent.
    const forty = (n: number) => Array.from({ length: n }, () => 40);
    const counts = [...forty(7), 400, ...forty(8)];
    const written = await writeOpenings(db, counts);
    expect(written).toHaveLength(1000);
    const server = fakeSyncServer();
    const result = await syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID);
    expect(result).toMatchObject({ outcome: 'synced', acknowledged: 1000, pending: 0 });
    expect(server.problems).toEqual([]);
    expect(server.applied.map((a) => `${a.localId}:${a.seq}`)).toEqual(
      written.map((w) => `${w.localId}:${w.seq}`),
    );
    expect(new Set(server.applied.map((a) => `${a.localId}:${a.seq}`)).size).toBe(1000);
    // No request carries a later opening while an earlier one is cut.
    for (const body of server.bodies) {
      expect(body.launches.length).toBeLessThanOrEqual(20);
      body.launches
        .slice(0, -1)
        .forEach((launch) => expect(launch.commits.at(-1)!.final).toBe(true));
    }
  });
});

describe('nextRequest', () => {
  const launch = (opening: number, commits: number) => ({
    opening,
    localId: localIdOf(opening),
    startedInstant: 0,
    resumed: false,
    commits: Array.from({ length: commits }, (_, i) => ({
      seq: i + 1,
      final: false,
      cmi: {},
      instant: 0,
    })),
  });

  it.each([
    // [commits per opening, openings and commits in the first request]
    [
      [3, 3, 3],
      [3, 3, 3],
    ],
    [Array.from({ length: 25 }, () => 1), Array.from({ length: 20 }, () => 1)],
    [[250, 3], [200]],
    [
      [3, 250, 3],
      [3, 200],
    ],
    [
      [200, 3],
      [200, 3],
    ],
  ])('%j -> %j', (counts, expected) => {
    const request = nextRequest(counts.map((count, i) => launch(i + 1, count)));
    expect(request.map((l) => l.commits.length)).toEqual(expected);
  });
});
