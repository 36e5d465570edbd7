import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { ScheduledJob } from '../../platform/job-queue.js';
import { retryRefusedEmails } from '../email/service.js';
import { purgeExpired } from './service.js';

/** The housekeeping jobs the job queue runs (platform/job-queue.ts, ADR 0018). */
export function housekeepingJobs(
  deps: { db: Db; clock: Clock; config: Pick<Config, 'smtpUrl' | 'mailFrom'> },
  log: (line: string) => void,
): ScheduledJob[] {
  return [
    {
      name: 'purge-expired',
      // Hourly, at a minute nobody else picks.
      cron: '17 * * * *',
      everyMs: 60 * 60 * 1000,
      async run() {
        const purged = await purgeExpired(deps);
        const total = Object.values(purged).reduce((sum, count) => sum + count, 0);
        if (total > 0) log(`housekeeping: ${JSON.stringify(purged)}`);
      },
    },
    {
      name: 'retry-emails',
      cron: '* * * * *',
      everyMs: 60 * 1000,
      async run() {
        const { sent, refused } = await retryRefusedEmails(deps);
        if (sent + refused > 0) log(`emails sent again: ${sent}; refused again: ${refused}`);
      },
    },
  ];
}
