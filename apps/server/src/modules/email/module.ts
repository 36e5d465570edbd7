import type { FeatureArea } from '../feature-area.js';
import { emailCli } from './cli.js';
import { outboxCommand } from './operator-commands.js';

/** The outbox: the outbox command; refused emails are sent again by housekeeping's job. */
export const emailArea: FeatureArea = {
  name: 'email',
  operatorCommands: [outboxCommand],
  cli: emailCli,
  migrations: ['0017-email-retries'],
};
