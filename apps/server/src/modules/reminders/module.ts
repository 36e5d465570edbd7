import type { FeatureArea } from '../feature-area.js';
import { remindersCli } from './cli.js';
import { reminderJobs } from './jobs.js';
import { reminderCommands } from './operator-commands.js';
import { reminderRoutes } from './routes.js';

/** Reminder emails (ADR 0015): the student's on/off, the reminders commands, the pass's job. */
export const remindersArea: FeatureArea = {
  name: 'reminders',
  lmsRoutes: [reminderRoutes],
  operatorCommands: reminderCommands,
  cli: remindersCli,
  jobs: (deps) => reminderJobs(deps, deps.config.remindersIntervalMinutes),
  migrations: ['0014-reminders'],
};
