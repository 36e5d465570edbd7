import { runReminderPass, type PassResult, type ReminderDeps } from './service.js';

/** The running scheduler: stop() waits for a pass in progress, then no other starts. */
export interface ReminderScheduler {
  stop(): Promise<void>;
  /** The pass in progress, if any (tests wait for it). */
  idle(): Promise<void>;
}

/**
 * Runs a reminder pass at start and then every `intervalMinutes` (docs/decisions/0015). A pass
 * never overlaps the previous one: the next is timed from the end of the last. A pass that fails
 * (the database away) is logged and the next one tries again. 0 minutes: never started.
 */
export function startReminderScheduler(
  deps: ReminderDeps & { log: (line: string) => void },
  intervalMinutes: number,
  /** The timer (tests pass their own); setTimeout by default. */
  timers: {
    set(run: () => void, ms: number): unknown;
    clear(handle: unknown): void;
  } = {
    set: (run, ms) => setTimeout(run, ms).unref(),
    clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
  },
): ReminderScheduler | null {
  if (intervalMinutes <= 0) return null;
  let stopped = false;
  let timer: unknown = null;
  let running: Promise<PassResult | null> = Promise.resolve(null);

  const tick = () => {
    timer = null;
    running = runReminderPass(deps)
      .then((result) => {
        if (result.emailsSent + result.emailsFailed > 0) {
          deps.log(
            `[reminders] ${result.emailsSent} reminder email(s) sent` +
              (result.emailsFailed > 0 ? `, ${result.emailsFailed} to retry` : ''),
          );
        }
        return result;
      })
      .catch((error: unknown) => {
        deps.log(
          `[reminders] pass failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      })
      .finally(() => {
        if (!stopped) timer = timers.set(tick, intervalMinutes * 60_000);
      });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer !== null) timers.clear(timer);
      await running;
    },
    async idle() {
      await running;
    },
  };
}
