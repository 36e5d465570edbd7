/**
 * The operator's commands in the audit log (docs/decisions/0021): one event per successful command
 * that changes something, from the CLI or the operator API alike, with the actor "operator", the
 * LMS its `lms` code names (none: a server-wide event) and its input, secrets hidden, as `after`.
 * Read-only commands (`changes: false`) and those that record their own event are left out.
 */
import { operatorActor, recordAudit } from '../staff/audit.js';
import type { AreaCommand, OperatorDeps } from './area-command.js';
import { findLmsByCode } from './repo.js';

/** Whether a successful run of the command with this input is recorded here. */
export function isRecorded(command: AreaCommand, input: unknown): boolean {
  if (command.recordsOwnAudit) return false;
  const changes = command.changes ?? true;
  return typeof changes === 'function' ? changes(input as never) : changes;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** Records a successful command (its change is already committed by the command itself). */
export async function recordOperatorCommand(
  deps: Pick<OperatorDeps, 'db' | 'clock'>,
  command: AreaCommand,
  input: unknown,
  clientAddress: string,
): Promise<void> {
  if (!isRecorded(command, input)) return;
  const fields = (input ?? {}) as Record<string, unknown>;
  const code = text(fields.lms);
  const lms = code ? await findLmsByCode(deps.db, code) : undefined;
  const subject = text(fields.login) ?? text(fields.code) ?? text(fields.name);
  await recordAudit(deps.db, deps, operatorActor(clientAddress), [
    {
      lmsKey: lms?.lmsKey ?? null,
      action: `operator.${command.name}`,
      targetType: 'command',
      targetKey: command.name,
      summary: `Operator ran ${command.name}${subject ? ` (${subject})` : ''}`,
      after: input ?? null,
    },
  ]);
}
