import type { ScheduledJob } from '../../../platform/job-queue.js';
import { runReportPass, type ReportPassDeps, type ReportPassResult } from './service.js';

/** The scheduled reports' job name on the job queue. */
export const COMPLIANCE_REPORTS_JOB = 'compliance-reports';

/** How often the pass looks for reports due: a new period is served within this. */
export const REPORT_PASS_MINUTES = 15;

/**
 * The scheduled compliance reports as a job of the job queue (ADR 0018): at start, then every
 * REPORT_PASS_MINUTES. The queue runs one pass at a time; the claim on each subscription and
 * period (report_delivery's key) keeps a report from going out twice whoever runs a pass.
 */
export function complianceReportJobs(
  deps: ReportPassDeps & { log: (line: string) => void },
  /** The pass (tests pass their own). */
  pass: (deps: ReportPassDeps) => Promise<ReportPassResult> = runReportPass,
): ScheduledJob[] {
  return [
    {
      name: COMPLIANCE_REPORTS_JOB,
      cron: `*/${REPORT_PASS_MINUTES} * * * *`,
      everyMs: REPORT_PASS_MINUTES * 60_000,
      runAtStart: true,
      async run() {
        const result = await pass(deps);
        if (result.sent + result.refused + result.ended > 0) {
          deps.log(
            `[compliance] ${result.sent} scheduled report(s) sent` +
              (result.refused > 0 ? `, ${result.refused} refused (retried by the outbox)` : '') +
              (result.ended > 0 ? `, ${result.ended} subscription(s) ended` : ''),
          );
        }
      },
    },
  ];
}
