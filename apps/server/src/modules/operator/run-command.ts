import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { HttpError } from '../../lib/http-error.js';
import type { AreaCommand, CommandUpload, OperatorDeps } from './area-command.js';
import { recordOperatorCommand } from './command-audit.js';

/**
 * Runs one operator command of `commands` by name with an input of unknown shape: what the CLI
 * (own database) and the operator API both call, so both give the same results and errors. The
 * input is checked against the command's schema first (400 listing what is wrong); a command that
 * carries a file is refused without one (400); an unknown name is a 404. A successful command that
 * changes something is recorded in the audit log as the operator's (command-audit.ts).
 */
export async function runCommand(
  commands: readonly AreaCommand[],
  deps: OperatorDeps,
  name: string,
  input: unknown,
  upload?: CommandUpload,
  /** Where the command came from: the operator API's caller; '' for the CLI on the server. */
  clientAddress = '',
): Promise<unknown> {
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new HttpError(404, `Unknown operator command '${name}'.`);
  checkInput(name, command.input, input);
  if (command.upload && upload === undefined) {
    throw new HttpError(400, `${name} needs ${command.upload.what}.`);
  }
  const result = await command.run(deps, input as never, upload);
  await recordOperatorCommand(deps, command, input, clientAddress);
  return result;
}

/** Throws a 400 listing what is wrong when the input does not have the command's shape. */
function checkInput(name: string, schema: TSchema, input: unknown): void {
  if (Value.Check(schema, input)) return;
  const problems = [...Value.Errors(schema, input)]
    .filter((error) => error.keyword !== 'boolean')
    .map((error) => `${error.instancePath.slice(1) || 'input'} ${error.message}`);
  throw new HttpError(400, `Invalid input for ${name}: ${problems.join('; ')}`);
}
