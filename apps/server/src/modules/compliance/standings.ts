/**
 * Assignment standings (docs/decisions/0022): each live assignment's curriculum outcome, worked
 * out by the progress report's own roll-up (the one outcome rule, ADR 0010) and kept in
 * assignment_standing so that the matrix can filter and sort a whole airline in SQL. Migration
 * 0026's triggers bump a standing's version whenever what the roll-up reads changes; this file
 * recomputes stale ones: a few on the read that needs them, the rest in the background job.
 * A standing is written only if its version did not move while it was computed.
 */
import { outcomeOf, type ProgressElement } from '@waypoint/domain';
import type { ScheduledJob } from '../../platform/job-queue.js';
import { buildProgressReports, type ReportDeps } from '../progress/service.js';
import { recordPeriods, type Completion } from '../validity/periods.js';
import * as repo from './repo.js';

export type StandingDeps = ReportDeps & { clock: { now(): Date } };

/** Stale standings a read recomputes itself before answering; more wait for the job. */
export const INLINE_REFRESH_MAX = 400;
/** Standings one job pass recomputes at most (the next pass goes on). */
const PASS_MAX = 20_000;
/** Standings read at a time (their people's reports are read together: buildProgressReports). */
const BATCH = 2000;

function groupByKey<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The latest of a field over a tree (0 when none). */
function latest(element: ProgressElement, field: 'elementCompletionInstant'): number {
  return Math.max(element[field], ...element.elementChildren.map((child) => latest(child, field)));
}

const instant = (ms: number) => (ms > 0 ? new Date(ms) : null);

/** A curriculum element's standing: its outcome, when it ended, the last launch under it. */
export function standingOf(curriculum: ProgressElement) {
  const outcome = outcomeOf(curriculum);
  const ended =
    outcome === 'complete' || outcome === 'failed'
      ? curriculum.elementCompletionInstant || latest(curriculum, 'elementCompletionInstant')
      : 0;
  return {
    outcome,
    completedAt: instant(
      ended || (outcome === 'failed' ? curriculum.elementLastLaunchedInstant : 0),
    ),
    lastActivityAt: instant(curriculum.elementLastLaunchedInstant),
  };
}

/** Recomputes up to `limit` stale standings (of one LMS, or all); how many were written. */
export async function refreshStandings(
  deps: StandingDeps,
  lmsKey: number | null,
  limit: number,
): Promise<{ refreshed: number; read: number }> {
  let refreshed = 0;
  let read = 0;
  while (read < limit) {
    const stale = await repo.staleStandings(deps.db, lmsKey, Math.min(BATCH, limit - read));
    if (stale.length === 0) break;
    read += stale.length;
    const computed: repo.ComputedStanding[] = [];
    const completions: Completion[] = [];
    // A batch is one LMS's people at a time (a report reads its own LMS's curricula).
    for (const [lms, rows] of groupByKey(stale, (row) => row.lmsKey)) {
      const reports = await buildProgressReports(deps, lms, [
        ...new Set(rows.map((r) => r.userKey)),
      ]);
      const curricula = new Map(
        [...reports.values()].flatMap((report) =>
          (report?.progressReport ?? []).map((c) => [c.elementAssignmentKey, c] as const),
        ),
      );
      for (const row of rows) {
        const curriculum = curricula.get(row.assignmentKey);
        // Not in the report: the assignment went while we read; it is no longer live.
        if (!curriculum) continue;
        const standing = standingOf(curriculum);
        computed.push({ assignmentKey: row.assignmentKey, version: row.version, ...standing });
        if (standing.outcome === 'complete' && standing.completedAt) {
          const { assignmentKey, curriculumKey } = row;
          completions.push({ assignmentKey, curriculumKey, completedAt: standing.completedAt });
        }
      }
    }
    // Each new completion's qualification period first: the standing's validity end is read
    // from it (the domain's one validity rule, docs/decisions/0022 "Validity rules").
    await recordPeriods(deps.db, completions, deps.clock.now());
    const written = await repo.writeStandings(deps.db, computed, deps.clock.now());
    refreshed += written;
    // Nothing could be written (each changed again while read): leave them to the next pass.
    if (written === 0) break;
  }
  return { refreshed, read };
}

/**
 * Before a read: recompute the LMS's stale standings when they are few (a commit or two since
 * the last read), so that the first read after a change shows it; returns how many are still
 * stale (shown as "being recalculated", with their last value).
 */
export async function freshenForRead(deps: StandingDeps, lmsKey: number): Promise<number> {
  const stale = await repo.staleCount(deps.db, lmsKey);
  if (stale === 0) return 0;
  if (stale <= INLINE_REFRESH_MAX) {
    await refreshStandings(deps, lmsKey, stale);
    return repo.staleCount(deps.db, lmsKey);
  }
  return stale;
}

/** The jobs' names on the job queue. */
export const STANDINGS_JOB = 'compliance-standings';
export const STANDINGS_VACUUM_JOB = 'compliance-standings-vacuum';
/** A pass that recomputed this many standings vacuums the table after it. */
const VACUUM_AFTER = 5_000;

/**
 * The background recomputation (ADR 0018's job queue): at start (migration 0026 leaves every
 * standing stale) and every minute, up to PASS_MAX per pass. Two instances may recompute the
 * same standing; the version check keeps whichever is right. And the table's vacuum.
 */
export function standingJobs(deps: StandingDeps & { log: (line: string) => void }): ScheduledJob[] {
  return [
    {
      name: STANDINGS_JOB,
      cron: '* * * * *',
      everyMs: 60_000,
      runAtStart: true,
      async run() {
        const { refreshed } = await refreshStandings(deps, null, PASS_MAX);
        if (refreshed > 0)
          deps.log(`[compliance] ${refreshed} assignment standing(s) recalculated`);
        // A large recomputation (an upgrade, a programme edit) leaves as many dead row versions.
        if (refreshed >= VACUUM_AFTER) await repo.vacuumStandings(deps.db);
      },
    },
    {
      // Hourly, for PGlite above all (no autovacuum): each commit leaves a dead row version.
      name: STANDINGS_VACUUM_JOB,
      cron: '41 * * * *',
      everyMs: 60 * 60_000,
      async run() {
        await repo.vacuumStandings(deps.db);
      },
    },
  ];
}
