import type { ScheduledJob } from '../../platform/job-queue.js';
import { runReminderPass, type PassResult, type ReminderDeps } from './service.js';

/** The reminder pass's job name on the job queue. */
export const REMINDERS_JOB = 'reminders';

/**
 * The cron (UTC) nearest a pass every `minutes` (PostgreSQL: pg-boss fires it once per slot for
 * the whole cluster). Cron counts within the hour or the day, so an interval that does not divide
 * it evenly leaves one shorter gap there.
 */
export function reminderCron(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  // Minute 5: away from the hour, when housekeeping and others start.
  return hours >= 24 ? '5 0 * * *' : `5 */${hours} * * *`;
}

/**
 * The reminder pass as a job of the job queue (docs/decisions/0015, ADR 0018): once when the
 * server starts, then every REMINDERS_INTERVAL_MINUTES; none when that is 0 (off). The queue runs
 * one pass at a time (in-process: a run asked for while one runs joins it; PostgreSQL: a
 * singleton queue) and logs a pass that fails; the next one tries again, and the claim on each
 * occasion (service.ts) keeps a reminder from going out twice whoever runs the pass.
 */
export function reminderJobs(
  deps: ReminderDeps & { log: (line: string) => void },
  intervalMinutes: number,
  /** The pass (tests pass their own). */
  pass: (deps: ReminderDeps) => Promise<PassResult> = runReminderPass,
): ScheduledJob[] {
  if (intervalMinutes <= 0) return [];
  return [
    {
      name: REMINDERS_JOB,
      cron: reminderCron(intervalMinutes),
      everyMs: intervalMinutes * 60_000,
      runAtStart: true,
      async run() {
        const result = await pass(deps);
        if (result.emailsSent + result.emailsFailed > 0) {
          deps.log(
            `[reminders] ${result.emailsSent} reminder email(s) sent` +
              (result.emailsFailed > 0 ? `, ${result.emailsFailed} to retry` : ''),
          );
        }
      },
    },
  ];
}
