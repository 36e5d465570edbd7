import { clearRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import type { OperatorDeps } from './service.js';

// The auth and users modules are loaded on use, so the other CLI commands run under tsx even
// before the domain package (which those modules import) is built.

/** Emails a user the set-password (Register) invitation; the users module owns token and email. */
export async function sendInvitation(deps: OperatorDeps, userKey: number): Promise<void> {
  const { createRegisterInvitation } = await import('../users/password.service.js');
  await createRegisterInvitation(deps.db, deps, userKey);
}

/** Lifts a login lockout (the failed-login count of the auth module) after a password is set. */
export async function clearLoginLockout(
  deps: OperatorDeps,
  lmsKey: number,
  userId: string,
): Promise<void> {
  const { accountKeyOf } = await import('../auth/service.js');
  await clearRateLimit(deps.db, RATE_RULES.loginFailures, accountKeyOf(lmsKey, userId));
}
