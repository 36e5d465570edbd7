import { findOperatorCommand } from '../modules/operator/service.js';

/**
 * Plain-text output of an operator command: its own `format` (declared with the command), else
 * its result as JSON. The --json flag prints the result as it is.
 */
export function formatResult(command: string, result: unknown): string {
  const format = findOperatorCommand(command)?.format;
  return format ? format(result) : JSON.stringify(result, null, 2);
}
