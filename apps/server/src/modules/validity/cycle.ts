/**
 * Recurrent cycles (docs/decisions/0022 "Validity rules"): once a completion's window opens (its
 * qualification period's windowOpensAt: 30 days before a months validity ends, 3 months before an
 * EASA one, the month before an FAA due month), the assignment starts its next cycle, due at the
 * period's recurrent due date. The panel already shows due dates everywhere (due lists, the
 * calendar and its feed, reminder emails), so nothing new is needed there. The completed cycle is
 * kept: its qualification period (the matrix shows the person current until it ends) and its
 * ended attempts.
 */
import type { Db } from '../../db/connection.js';
import type { ScheduledJob } from '../../platform/job-queue.js';
import * as repo from './repo.js';

export interface CycleDeps {
  db: Db;
  clock: { now(): Date };
  state: { reportCache: { invalidate(userKey?: number): void } };
}

/** Periods one pass looks at (the next pass goes on). */
const PASS_MAX = 500;

/** Starts the cycles whose window has opened; how many were started. */
export async function startOpenCycles(deps: CycleDeps): Promise<number> {
  const now = deps.clock.now();
  const opening = await repo.openingPeriods(deps.db, now, PASS_MAX);
  let started = 0;
  for (const period of opening) {
    const begun = await deps.db.transaction().execute(async (trx) => {
      // Claimed once, whatever instance runs the job.
      if (!(await repo.markCycleStarted(trx, period.assignmentKey, period.number, now))) {
        return false;
      }
      // A removed assignment, or a period a later completion replaced: nothing to start.
      if (period.removed || period.number !== period.latest || !period.recurrentDueAt) {
        return false;
      }
      await repo.startCycle(trx, {
        assignmentKey: period.assignmentKey,
        startAt: period.windowOpensAt!,
        dueAt: period.recurrentDueAt,
        now,
      });
      return true;
    });
    if (begun) {
      started += 1;
      deps.state.reportCache.invalidate(period.userKey);
    }
  }
  return started;
}

export const RECURRENT_CYCLES_JOB = 'validity-recurrent-cycles';

/** The job (ADR 0018's queue): at start and every hour. */
export function cycleJobs(deps: CycleDeps & { log: (line: string) => void }): ScheduledJob[] {
  return [
    {
      name: RECURRENT_CYCLES_JOB,
      cron: '17 * * * *',
      everyMs: 60 * 60_000,
      runAtStart: true,
      async run() {
        const started = await startOpenCycles(deps);
        if (started > 0) deps.log(`[validity] ${started} recurrent cycle(s) started`);
      },
    },
  ];
}
