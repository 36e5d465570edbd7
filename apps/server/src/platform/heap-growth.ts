import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again, in percent (docs/decisions/0019-heap-growth.md). V8 picks up to 300 % for a
 * heap that allocates fast, which for this server (about 60 MB live) let a 10 s burst of lesson
 * commits leave 100-190 MB of dead requests resident until the next burst; at 50 % the same
 * burst leaves about 40 MB, for a few more concurrent full collections of a small heap.
 */
const HEAP_GROWING_PERCENT = 50;

/** Sets the server's heap growth (main.ts, before it opens anything). */
export function boundHeapGrowth(): void {
  // Read by V8 each time it sets the next collection's limit, so setting it at start-up is enough.
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
