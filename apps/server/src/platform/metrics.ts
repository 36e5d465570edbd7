import type { FastifyInstance } from 'fastify';
import { playerCalls } from '@waypoint/domain/contract';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a PostgreSQL pool reports of itself (node-postgres' Pool fields). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's Prometheus registry (served at /lms/operator/metrics, ADR 0013). */
    metrics: Registry;
  }
}

export interface MetricSources {
  /** The PostgreSQL pool's use; null on PGlite (one embedded connection). */
  poolStats: (() => PoolStats) | null;
  /** Progress-report reads by cache outcome (modules/progress/report-cache.ts). */
  reportCacheReads: () => Record<string, number>;
  /** Cached progress reports patched after a lesson commit, or dropped when a patch could not be proved. */
  reportPatches: () => Record<string, number>;
  /** Group commit's batches and the lesson commits written in them (modules/player/commits.ts). */
  commitBatches: () => { batches: number; commits: number };
}

/**
 * Prometheus metrics (prom-client): request rate and latency by route, lesson commits by outcome,
 * progress-report cache outcomes, database pool use, and Node's own (event-loop lag, memory, CPU).
 * One registry per app, so tests that build several apps in one process never share a metric.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricSources): void {
  const { poolStats } = sources;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'waypoint_' });
  // prom-client's GC metric watches the process's collections through a PerformanceObserver that
  // lives as long as the process and holds the registry; emptied on close, the registry no longer
  // holds the metrics' sources (this app's state), so a closed app can be collected.
  app.addHook('onClose', async () => {
    registry.clear();
  });

  const duration = new Histogram({
    name: 'waypoint_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const commits = new Counter({
    name: 'waypoint_lesson_commits_total',
    help: 'Lesson commits from the player, by outcome: applied, stale (a replay, acknowledged and ignored), refused (4xx), error (5xx)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'waypoint_report_cache_reads_total',
    help: 'Progress-report reads by cache outcome since the process started: fresh (served from memory), revalidated (versions unchanged), rebuilt',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      for (const [outcome, count] of Object.entries(sources.reportCacheReads()))
        this.set({ outcome }, count);
    },
  });
  new Gauge({
    name: 'waypoint_report_cache_patches_total',
    help: 'Cached progress reports brought up to date after a lesson commit since the process started: patched, or dropped (another write seen; rebuilt at the next read)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      for (const [outcome, count] of Object.entries(sources.reportPatches()))
        this.set({ outcome }, count);
    },
  });
  new Gauge({
    name: 'waypoint_lesson_commit_batches_total',
    help: 'Transactions that wrote lesson commits since the process started (group commit, ADR 0007); commits / batches is the average batch',
    registers: [registry],
    collect() {
      this.set(sources.commitBatches().batches);
    },
  });
  new Gauge({
    name: 'waypoint_lesson_commits_batched_total',
    help: 'Lesson commits written by those transactions since the process started',
    registers: [registry],
    collect() {
      this.set(sources.commitBatches().commits);
    },
  });
  if (poolStats) {
    new Gauge({
      name: 'waypoint_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.totalCount);
        this.set({ state: 'idle' }, stats.idleCount);
        this.set({ state: 'waiting' }, stats.waitingCount);
      },
    });
  }

  app.decorate('metrics', registry);

  // The route pattern, never the address: keys, launch ids and tokens stay out of the labels.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== playerCalls.commit.route) return payload;
    if (reply.statusCode >= 500) commits.inc({ outcome: 'error' });
    else if (reply.statusCode >= 400) commits.inc({ outcome: 'refused' });
    else if (typeof payload === 'string')
      commits.inc({
        outcome: (JSON.parse(payload) as { applied?: boolean }).applied ? 'applied' : 'stale',
      });
    return payload;
  });
}
