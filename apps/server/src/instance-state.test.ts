import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCurriculum, insertCurriculum } from './db/seed/tree.js';
import { hashToken } from './lib/tokens.js';
import type { SessionsForgotten } from './modules/sessions/cache.js';
import { createTestApp, type TestApp } from './test/app.js';
import { buildLms, buildUser } from './test/factories.js';
import { signIn, type Browser } from './test/sign-in.js';

/** Every object and function reachable from `root` through properties, Map and Set entries. */
function reachable(root: unknown, seen = new Set<object>()): Set<object> {
  if (root === null || (typeof root !== 'object' && typeof root !== 'function')) return seen;
  if (seen.has(root)) return seen;
  seen.add(root);
  if (typeof root === 'function' || ArrayBuffer.isView(root)) return seen;
  if (root instanceof Map) {
    for (const [key, value] of root) {
      reachable(key, seen);
      reachable(value, seen);
    }
  } else if (root instanceof Set) {
    for (const value of root) reachable(value, seen);
  }
  for (const value of Object.values(root)) reachable(value, seen);
  return seen;
}

/** A student with one assigned curriculum, signed in. */
async function student(t: TestApp): Promise<Browser> {
  const lms = await buildLms(t.db, { lmsCode: 'twin' });
  const { userKey } = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
  const curriculum = await insertCurriculum(t.db, lms.lmsKey, {
    name: 'Line Training',
    description: '',
    courses: [
      {
        name: 'Course',
        prerequisiteKey: 0,
        topics: [{ name: 'Topic', lessons: [{ name: 'Lesson' }] }],
      },
    ],
  });
  await assignCurriculum(t.db, t.clock.now(), userKey, curriculum, {
    assignedDaysAgo: 1,
    startDaysAgo: 1,
    durationDays: 30,
  });
  return signIn(t, 'pilot');
}

const reportPath = (browser: Browser) =>
  `/lms/api/progressreport/withPrerequisites/${browser.lmsKey}/${browser.userKey}?showExpired=true`;

// Everything an instance holds is created when its app is built (instance-state.ts, ADR 0020):
// two apps in one process (the tests, the scale-out test) must not share a cache, a listener or a
// statistic by accident.
describe('two apps in one process share nothing', () => {
  let a: TestApp;
  let b: TestApp;
  let onA: Browser;
  let onB: Browser;

  beforeAll(async () => {
    [a, b] = [await createTestApp(), await createTestApp()];
    [onA, onB] = [await student(a), await student(b)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('each app has its own state: no object reachable from one is reachable from the other', () => {
    const stateA = a.app.deps.state;
    const stateB = b.app.deps.state;
    expect(stateA).not.toBe(stateB);
    expect(Object.keys(stateA).sort()).toEqual(Object.keys(stateB).sort());
    for (const name of Object.keys(stateA) as (keyof typeof stateA)[]) {
      expect(stateA[name], name).not.toBe(stateB[name]);
    }
    const fromA = reachable(stateA);
    const shared = [...reachable(stateB)].filter((value) => fromA.has(value));
    expect(shared).toEqual([]);
    // Each opened its own file storage (ADR 0017), passed to every service that reads or writes files.
    expect(a.app.deps.storage).not.toBe(b.app.deps.storage);
  });

  it('counts and caches a report read on one app there only', async () => {
    const cacheA = a.app.deps.state.reportCache;
    const cacheB = b.app.deps.state.reportCache;
    const reads = (stats: { fresh: number; revalidated: number; rebuilt: number }) =>
      stats.fresh + stats.revalidated + stats.rebuilt;
    expect((await onA.call(reportPath(onA))).status).toBe(200);
    expect((await onA.call(reportPath(onA))).status).toBe(200);
    // The second read reuses the first's entry (served fresh, or revalidated when the test
    // clock, which follows real time, has passed the window on a busy machine).
    expect(cacheA.stats.rebuilt).toBe(1);
    expect(reads(cacheA.stats)).toBe(2);
    expect(cacheB.stats).toEqual({ fresh: 0, revalidated: 0, rebuilt: 0 });
    const afterA = { ...cacheA.stats };
    // B builds its own report: A's entry and counts are not B's.
    expect((await onB.call(reportPath(onB))).status).toBe(200);
    expect(cacheB.stats).toEqual({ fresh: 0, revalidated: 0, rebuilt: 1 });
    expect(cacheA.stats).toEqual(afterA);
    // Dropping B's entries leaves A's: A's next read still reuses its entry.
    cacheB.invalidate();
    expect((await onA.call(reportPath(onA))).status).toBe(200);
    expect(cacheA.stats.rebuilt).toBe(1);
    expect(reads(cacheA.stats)).toBe(3);
  });

  it('remembers and forgets a session on one app only, and tells only that app’s listeners', async () => {
    const heard: Record<'a' | 'b', SessionsForgotten[]> = { a: [], b: [] };
    a.app.deps.state.sessionCache.onForgotten((forgotten) => heard.a.push(forgotten));
    b.app.deps.state.sessionCache.onForgotten((forgotten) => heard.b.push(forgotten));
    const browser = await signIn(a, 'pilot');
    expect((await browser.call('/lms/api/permissions')).status).toBe(200);
    const sessionHash = hashToken(browser.sessionId);
    const nowMs = a.clock.now().getTime();
    expect(a.app.deps.state.sessionCache.recall(sessionHash, nowMs)).toBeDefined();
    expect(b.app.deps.state.sessionCache.recall(sessionHash, nowMs)).toBeUndefined();
    const generationOfB = b.app.deps.state.sessionCache.generation();

    expect((await browser.call('/lms/api/Login', { method: 'DELETE' })).status).toBe(204);
    expect(heard.a).toContainEqual({ sessionHash });
    expect(heard.b).toEqual([]);
    expect(b.app.deps.state.sessionCache.generation()).toBe(generationOfB);
    // B's own student is still signed in, trusted from B's memory.
    expect((await onB.call('/lms/api/permissions')).status).toBe(200);
  });
});
