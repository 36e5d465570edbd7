/**
 * Who a transaction's training events name as their actor (docs/decisions/0023 "Training
 * events"). Migration 0028's triggers read it when they append; a transaction that names none
 * gets each event's default: 'learner' for what a student's own requests do (launches, attempts,
 * documents), else 'system'. Staff are named by their pseudonymous subject id, made by the
 * trigger under the chain's lock.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { setEventActor } from './repo.js';

/** A staff member by user key, the operator (CLI or operator API), or the system (jobs). */
export type EventActor = { staffUserKey: number } | 'operator' | 'system';

/**
 * The actor of an audit log entry's actor (staff/audit.ts's shape): a staff member when it has a
 * user key, else the operator.
 */
export function eventActorOf(audit: { userKey: number | null }): EventActor {
  return audit.userKey === null ? 'operator' : { staffUserKey: audit.userKey };
}

/**
 * Names the actor of the training events this transaction appends (all of them: the triggers run
 * at commit). Call it inside the transaction that makes the change.
 */
export async function withEventActor(trx: Transaction<Database>, actor: EventActor): Promise<void> {
  const setting = typeof actor === 'string' ? actor : `staff-user:${actor.staffUserKey}`;
  await setEventActor(trx, setting);
}
