import type { Command } from 'commander';
import { certificatesCli } from './certificates.js';
import { evaluationsCli } from './evaluations.js';
import { libraryCli } from './library.js';
import { commentsCli } from './comments.js';
import { documentsCli } from './documents.js';
import { remindersCli } from './reminders.js';
import { ssoCli } from './sso.js';

/**
 * How an area's command-line options reach the operator command: `run(name, input, options)`
 * drops undefined options, runs the command (own database or the running server) and prints its
 * result (`--json`: as JSON; else the command's `format`). `upload` is a local file's path.
 */
export type RunAreaCommand = (
  name: string,
  input: Record<string, unknown>,
  options: { json?: boolean; upload?: string },
) => Promise<void>;

/** What an area's `cli/commands/<area>.ts` exports: it adds its commands to the program. */
export type AreaCli = (program: Command, run: RunAreaCommand) => void;

/**
 * Every area's command-line commands, one entry per area (the operator commands they run are
 * listed in modules/operator/area-commands.ts).
 */
export const AREA_CLIS: readonly AreaCli[] = [
  certificatesCli,
  evaluationsCli,
  libraryCli,
  commentsCli,
  documentsCli,
  remindersCli,
  ssoCli,
];
