import type { Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';

/** The only SQL on report_subscription, report_delivery and reminder_lms_setting.copy_managers. */

type Executor = Db | Transaction<Database>;

export type Frequency = 'daily' | 'weekly' | 'monthly';

/** A staff member's subscription with the address its emails go to (null: none). */
export function selectSubscription(db: Executor, userKey: number) {
  return db
    .selectFrom('reportSubscription as s')
    .innerJoin('appUser as u', 'u.userKey', 's.userKey')
    .select(['s.subscriptionKey', 's.frequency', 's.expiringDays', 's.createdAt', 'u.email'])
    .where('s.userKey', '=', userKey)
    .executeTakeFirst();
}

/**
 * Subscribes (or changes the subscription of) a staff member, with a new unsubscribe token's
 * hash: the link of an earlier email stops working. Returns the row as it was before, if any.
 */
export async function upsertSubscription(
  trx: Executor,
  row: {
    lmsKey: number;
    userKey: number;
    frequency: Frequency;
    expiringDays: number;
    tokenHash: string;
    now: Date;
  },
) {
  const before = await trx
    .selectFrom('reportSubscription')
    .select(['frequency', 'expiringDays'])
    .where('userKey', '=', row.userKey)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto('reportSubscription')
    .values({
      lmsKey: row.lmsKey,
      userKey: row.userKey,
      frequency: row.frequency,
      expiringDays: row.expiringDays,
      unsubscribeTokenHash: row.tokenHash,
      createdAt: row.now,
    })
    .onConflict((conflict) =>
      conflict.column('userKey').doUpdateSet({
        lmsKey: row.lmsKey,
        frequency: row.frequency,
        expiringDays: row.expiringDays,
        unsubscribeTokenHash: row.tokenHash,
      }),
    )
    .execute();
  return before ?? null;
}

/** Ends a staff member's subscription; the row as it was, or null when there was none. */
export function deleteSubscriptionOf(trx: Executor, userKey: number) {
  return trx
    .deleteFrom('reportSubscription')
    .where('userKey', '=', userKey)
    .returning(['subscriptionKey', 'lmsKey', 'userKey', 'frequency', 'expiringDays'])
    .executeTakeFirst();
}

/**
 * Ends the subscription an unsubscribe token belongs to (the token of any of its emails); null
 * when none has it. Its deliveries, and so every other email's token, go with it.
 */
export function deleteSubscriptionByToken(trx: Executor, tokenHash: string) {
  return trx
    .deleteFrom('reportSubscription')
    .where((eb) =>
      eb.or([
        eb('unsubscribeTokenHash', '=', tokenHash),
        eb(
          'subscriptionKey',
          'in',
          eb
            .selectFrom('reportDelivery')
            .select('reportDelivery.subscriptionKey')
            .where('reportDelivery.unsubscribeTokenHash', '=', tokenHash),
        ),
      ]),
    )
    .returning(['subscriptionKey', 'lmsKey', 'userKey', 'frequency', 'expiringDays'])
    .executeTakeFirst();
}

/** Ends a subscription by key (its owner is no longer staff allowed to see the lists). */
export async function deleteSubscription(trx: Executor, subscriptionKey: number): Promise<void> {
  await trx
    .deleteFrom('reportSubscription')
    .where('subscriptionKey', '=', subscriptionKey)
    .execute();
}

/** The login of a user (the audit line of an unsubscribe by email link). */
export function selectUserLogin(db: Executor, userKey: number) {
  return db
    .selectFrom('appUser')
    .select(['userId'])
    .where('userKey', '=', userKey)
    .executeTakeFirst();
}

// ---- the sending pass ------------------------------------------------------------------------------

/**
 * Every subscription with what the pass checks at send time: the subscriber's account, their
 * staff role (null: no longer staff) and scope, and the LMS's name and reminder time zone.
 */
export function selectSubscriptionsToSend(db: Executor) {
  return db
    .selectFrom('reportSubscription as s')
    .innerJoin('appUser as u', 'u.userKey', 's.userKey')
    .innerJoin('lms', 'lms.lmsKey', 's.lmsKey')
    .leftJoin('staffMember as m', 'm.userKey', 's.userKey')
    .leftJoin('staffRole as r', 'r.roleKey', 'm.roleKey')
    .leftJoin('reminderLmsSetting as setting', 'setting.lmsKey', 's.lmsKey')
    .select([
      's.subscriptionKey',
      's.lmsKey',
      's.userKey',
      's.frequency',
      's.expiringDays',
      'u.userId',
      'u.email',
      'u.displayName',
      'u.inactive',
      'u.lmsKey as userLmsKey',
      'lms.lmsCode',
      'lms.lmsDisplayName',
      'm.restrictionGroups',
      'r.builtIn',
      'r.permissions',
      'r.lmsKey as roleLmsKey',
      'setting.timeZone',
    ])
    .orderBy('s.subscriptionKey')
    .execute();
}

export type SubscriptionToSend = Awaited<ReturnType<typeof selectSubscriptionsToSend>>[number];

/** Whether a subscription's period has been claimed already (by any instance). */
export async function isDelivered(
  db: Executor,
  subscriptionKey: number,
  period: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('reportDelivery')
    .select('subscriptionKey')
    .where('subscriptionKey', '=', subscriptionKey)
    .where('period', '=', period)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims a subscription's period: INSERT ... ON CONFLICT DO NOTHING, so of every pass on every
 * instance exactly one gets the row back (a concurrent one waits for the first's outcome).
 */
export async function claimDelivery(
  trx: Executor,
  subscriptionKey: number,
  period: string,
  now: Date,
): Promise<boolean> {
  const rows = await trx
    .insertInto('reportDelivery')
    .values({ subscriptionKey, period, claimedAt: now })
    .onConflict((conflict) => conflict.columns(['subscriptionKey', 'period']).doNothing())
    .returning('subscriptionKey')
    .execute();
  return rows.length === 1;
}

/** Ties a claimed delivery to the email recorded for it and the hash of its unsubscribe token. */
export async function setDeliveryEmail(
  trx: Executor,
  subscriptionKey: number,
  period: string,
  emailKey: number,
  unsubscribeTokenHash: string,
): Promise<void> {
  await trx
    .updateTable('reportDelivery')
    .set({ emailKey, unsubscribeTokenHash })
    .where('subscriptionKey', '=', subscriptionKey)
    .where('period', '=', period)
    .execute();
}

// ---- settings ----------------------------------------------------------------------------------------

/** Whether reminders about an overdue curriculum copy the managers (no row: off). */
export async function selectCopyManagers(db: Executor, lmsKey: number): Promise<boolean> {
  const row = await db
    .selectFrom('reminderLmsSetting')
    .select('copyManagers')
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
  return row?.copyManagers ?? false;
}

/** Writes the LMS's copy-managers setting (the other reminder settings keep their values). */
export async function upsertCopyManagers(
  trx: Executor,
  lmsKey: number,
  copyManagers: boolean,
): Promise<void> {
  await trx
    .insertInto('reminderLmsSetting')
    .values({ lmsKey, copyManagers })
    .onConflict((conflict) => conflict.column('lmsKey').doUpdateSet({ copyManagers }))
    .execute();
}
