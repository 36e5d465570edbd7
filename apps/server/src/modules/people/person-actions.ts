/**
 * The console's account actions on one person (docs/decisions/0021): deactivate and reactivate,
 * a password-reset link, MFA reset, ending their sessions. Each checks the scope and the
 * staff-member rule on the locked row (service.ts lockForChange) and records its audit event in
 * the same transaction; emails go after the commit, as every sender's do.
 */
import type { MessageBody } from '@waypoint/domain/contract';
import type { PersonDetails } from '@waypoint/domain/console-contract';
import { HttpError } from '../../lib/http-error.js';
import { forgetDevices } from '../auth/mfa.service.js';
import { endUserSessions } from '../sessions/service.js';
import { sendPasswordResetLink } from '../users/password.service.js';
import * as repo from './repo.js';
import {
  changeWithAudit,
  findPersonDetails,
  lockForChange,
  personEvent,
  type PeopleActor,
  type PeopleDeps,
} from './service.js';

export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate yourself.';

/**
 * Deactivates a person: they cannot sign in, and every session of theirs ends at once, on every
 * instance (sessions/service.ts); their records are kept.
 */
export async function deactivatePerson(
  deps: PeopleDeps,
  actor: PeopleActor,
  userKey: number,
): Promise<PersonDetails> {
  if (userKey === actor.staff.userKey) throw new HttpError(400, SELF_DEACTIVATE_MESSAGE);
  await changeWithAudit(deps, actor, async (trx) => {
    const row = await lockForChange(trx, actor, userKey);
    await repo.setInactive(trx, userKey, true);
    await endUserSessions({ ...deps, db: trx }, userKey);
    const event = personEvent(
      actor.staff.lmsKey,
      row,
      'people.deactivate',
      `Deactivated ${row.userId} and ended their sessions`,
      { active: row.inactive === 0 },
      { active: false },
    );
    return { result: null, audit: [event] };
  });
  return findPersonDetails(deps, actor.staff, userKey);
}

/** Lets a deactivated person sign in again. */
export async function reactivatePerson(
  deps: PeopleDeps,
  actor: PeopleActor,
  userKey: number,
): Promise<PersonDetails> {
  await changeWithAudit(deps, actor, async (trx) => {
    const row = await lockForChange(trx, actor, userKey);
    await repo.setInactive(trx, userKey, false);
    const event = personEvent(
      actor.staff.lmsKey,
      row,
      'people.reactivate',
      `Reactivated ${row.userId}`,
      { active: row.inactive === 0 },
      { active: true },
    );
    return { result: null, audit: [event] };
  });
  return findPersonDetails(deps, actor.staff, userKey);
}

/** Emails a person a password-reset link, as the panel's forgot-password form does (valid 1 hour). */
export async function sendPasswordReset(
  deps: PeopleDeps,
  actor: PeopleActor,
  userKey: number,
): Promise<MessageBody> {
  const email = await changeWithAudit(deps, actor, async (trx) => {
    const row = await lockForChange(trx, actor, userKey);
    if (row.email === '') throw new HttpError(400, 'This person has no email address.');
    if (row.inactive !== 0) {
      throw new HttpError(400, 'This person is deactivated: reactivate them first.');
    }
    const event = personEvent(
      actor.staff.lmsKey,
      row,
      'people.password-reset',
      `Sent ${row.userId} a password-reset link at ${row.email}`,
    );
    return { result: row.email, audit: [event] };
  });
  await sendPasswordResetLink(deps, userKey);
  return { statusCode: 200, message: `A password-reset link was emailed to ${email}.` };
}

/** Forgets a person's remembered devices (MFA asks again everywhere), and turns MFA on or off. */
export async function resetMfa(
  deps: PeopleDeps,
  actor: PeopleActor,
  userKey: number,
  mfaEnabled: boolean,
): Promise<PersonDetails> {
  await changeWithAudit(deps, actor, async (trx) => {
    const row = await lockForChange(trx, actor, userKey);
    await forgetDevices({ db: trx }, userKey);
    await repo.setMfaEnabled(trx, userKey, mfaEnabled);
    const event = personEvent(
      actor.staff.lmsKey,
      row,
      'people.mfa-reset',
      `Reset MFA of ${row.userId}: remembered devices forgotten, MFA ${mfaEnabled ? 'on' : 'off'}`,
      { mfaEnabled: row.mfaEnabled },
      { mfaEnabled, rememberedDevices: 'forgotten' },
    );
    return { result: null, audit: [event] };
  });
  return findPersonDetails(deps, actor.staff, userKey);
}

/** Ends every session of a person's (panel and console), on every instance. */
export async function endSessions(
  deps: PeopleDeps,
  actor: PeopleActor,
  userKey: number,
): Promise<PersonDetails> {
  await changeWithAudit(deps, actor, async (trx) => {
    const row = await lockForChange(trx, actor, userKey);
    await endUserSessions({ ...deps, db: trx }, userKey);
    const event = personEvent(
      actor.staff.lmsKey,
      row,
      'people.sessions-end',
      `Ended every session of ${row.userId}`,
    );
    return { result: null, audit: [event] };
  });
  return findPersonDetails(deps, actor.staff, userKey);
}
