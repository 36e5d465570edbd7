import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../app-deps.js';
import { HttpError } from '../../lib/http-error.js';
import { tooManyAttempts } from '../../lib/rate-limit.js';
import { enforcePeek, recordFailure } from '../rate-limits/service.js';

/** Wrong operator tokens allowed per client address per 15 minutes before answering 429. */
export const OPERATOR_TOKEN_RULE = {
  name: 'operator-token-address',
  limit: 10,
  windowMs: 15 * 60_000,
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison: both sides are hashed first, so neither content nor length leaks. */
export function operatorTokenMatches(expected: string, presented: string): boolean {
  return timingSafeEqual(digest(expected), digest(presented));
}

/**
 * Checks `Authorization: Bearer <operator token>`; throws 401 (and counts the failure per client
 * address) when it is missing or wrong, 429 once an address has failed too often. The right token
 * is always accepted: a 256-bit token cannot be guessed, so wrong ones only slow the guesser and
 * never lock the operator's own CLI out (ADR 0009).
 */
export async function checkOperatorToken(
  deps: Pick<Required<AppDeps>, 'db' | 'clock'>,
  token: string,
  authorization: string | undefined,
  clientAddress: string,
): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match && operatorTokenMatches(token, match[1]!)) return;
  const now = deps.clock.now();
  await enforcePeek(deps.db, OPERATOR_TOKEN_RULE, clientAddress, now);
  const state = await recordFailure(deps.db, OPERATOR_TOKEN_RULE, clientAddress, now);
  if (!state.allowed) throw tooManyAttempts(state);
  throw new HttpError(401, 'The operator API needs the operator token (Authorization: Bearer).');
}
