import { AREAS } from '../areas.js';
import { operatorCommandsOf } from '../feature-area.js';
import type { CommandUpload, OperatorDeps } from './area-command.js';
import { runCommand } from './run-command.js';

export type { CommandUpload, OperatorDeps } from './area-command.js';

// Every area's commands (modules/areas.ts). Only the CLI and tests import this file: an area's
// code never does (areas.ts imports every area, so that would be a cycle); the operator API gets
// the same table from app.ts as a plugin option.
const ALL_COMMANDS = operatorCommandsOf(AREAS);

/**
 * Runs one operator command of any area by name with an input of unknown shape: the CLI's entry
 * point (own database); the operator API runs the same table, so both give the same results and
 * the same errors.
 */
export async function runOperatorCommand(
  deps: OperatorDeps,
  name: string,
  input: unknown,
  upload?: CommandUpload,
): Promise<unknown> {
  return runCommand(ALL_COMMANDS, deps, name, input, upload);
}

/** The command with this name, if any (the CLI prints its result with the command's format). */
export function findOperatorCommand(name: string) {
  return ALL_COMMANDS.find((command) => command.name === name);
}
