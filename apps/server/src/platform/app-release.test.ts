import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

// A closed app must leave nothing behind that keeps it alive: test workers build hundreds of apps
// in one process, and one held app (its database, caches and state) is some 80 MB. prom-client's
// GC observer once held every app through its metrics registry (platform/metrics.ts).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

describe('a closed app', () => {
  it('can be garbage-collected: apps built one after another do not pile up', async () => {
    const refs: WeakRef<object>[] = [];
    for (let i = 0; i < 3; i += 1) {
      const t = await createTestApp();
      await (await fetch(`${t.baseUrl}/lms/metrics`)).text();
      refs.push(new WeakRef(t.app));
      await t.close();
    }
    // WeakRefs read in this job keep their targets until it ends: collect across a few turns.
    let alive = refs.length;
    for (let turn = 0; turn < 10 && alive > 1; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      collect();
      alive = refs.filter((ref) => ref.deref() !== undefined).length;
    }
    // The newest may still be referenced by the HTTP client's last connection; none before it is.
    expect(alive).toBeLessThanOrEqual(1);
  });
});
