import type { AreaCommand } from './area-command.js';
import { certificateCommands } from '../certificates/operator-commands.js';
import { evaluationCommands } from '../evaluations/operator-commands.js';
import { libraryCommands } from '../library/operator-commands.js';
import { commentCommands } from '../comments/operator-commands.js';
import { documentCommands } from '../documents/operator-commands.js';
import { reminderCommands } from '../reminders/operator-commands.js';
import { ssoCommands } from '../sso/operator-commands.js';

/**
 * Every area's operator commands, one spread per area. An area declares its commands in
 * `modules/<area>/operator-commands.ts` (with defineOperatorCommand) and its command-line options
 * in `cli/commands/<area>.ts`; the core commands (LMS, users, packages, assignments) stay in
 * schemas.ts and service.ts.
 */
export const AREA_COMMANDS: readonly AreaCommand[] = [
  ...certificateCommands,
  ...evaluationCommands,
  ...libraryCommands,
  ...commentCommands,
  ...documentCommands,
  ...reminderCommands,
  ...ssoCommands,
];

/** The area command with this name, if there is one. */
export function findAreaCommand(name: string): AreaCommand | undefined {
  return AREA_COMMANDS.find((command) => command.name === name);
}
