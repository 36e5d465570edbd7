/**
 * The audit log (docs/decisions/0021): every staff action and every operator command appends one
 * event (who, when, from which address, what, before and after) to the append-only table
 * audit_event, in the same transaction as the change it records, so that a change is never
 * without its record nor a record without its change.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { insertAuditEvents } from './repo.js';

/** Who acted: a staff member (their user key and login) or the operator (CLI or operator API). */
export interface AuditActor {
  userKey: number | null;
  label: string;
  clientAddress: string;
}

/** The operator's actor: the CLI on the server, or the operator API's caller. */
export const operatorActor = (clientAddress = ''): AuditActor => ({
  userKey: null,
  label: 'operator',
  clientAddress,
});

/** One thing that happened, as the audit log keeps it. */
export interface AuditEntry {
  lmsKey: number | null;
  /** Dotted, area first: 'people.deactivate', 'programme.lesson.update', 'operator.add-user'. */
  action: string;
  /** What was acted on: 'user', 'curriculum', 'lesson', 'assignment', 'role', ... */
  targetType: string;
  targetKey: string | number;
  /** One line a person reads in the log ("Deactivated jsmith"). */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** The actor of a console request (request.staff, set by requireStaff). */
export function actorOf(request: FastifyRequest): AuditActor {
  const staff = request.staff;
  if (!staff) throw new Error('actorOf needs a route guarded by requireStaff');
  return { userKey: staff.userKey, label: staff.userId, clientAddress: request.ip };
}

// Values that never go into the log, at any depth: the log is read by auditors, not by attackers.
const SECRET_KEY = /password|secret|token|hash|^code$|verificationCode|binding/i;

/** A copy of a value with secrets replaced by '[hidden]'. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) ? '[hidden]' : withoutSecrets(inner),
      ]),
    );
  }
  return value;
}

/** Appends events to the audit log; pass the transaction that makes the change. */
export async function recordAudit(
  db: Db | Transaction<Database>,
  deps: { clock: { now(): Date } },
  actor: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  const at = deps.clock.now();
  await insertAuditEvents(
    db,
    entries.map((entry) => ({
      lmsKey: entry.lmsKey,
      at,
      actorUserKey: actor.userKey,
      actorLabel: actor.label,
      clientAddress: actor.clientAddress,
      action: entry.action,
      targetType: entry.targetType,
      targetKey: String(entry.targetKey),
      summary: entry.summary,
      before: entry.before === undefined ? null : withoutSecrets(entry.before),
      after: entry.after === undefined ? null : withoutSecrets(entry.after),
    })),
  );
}
