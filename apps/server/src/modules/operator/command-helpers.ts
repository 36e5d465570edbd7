import { HttpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/password.js';
import { checkPasswordRules } from '../../lib/password-rules.js';
import type { OperatorDeps } from './area-command.js';
import * as repo from './repo.js';

// What the LMS, user and assignment commands share. 400: bad input (the CLI exits 2, a usage
// error); 404/409/422: the command failed (exit 1).

export const badInput = (message: string) => new HttpError(400, message);

/** Throws one 400 listing every problem found (nulls are checks that passed). */
export const failIf = (problems: (string | null)[]) => {
  const found = problems.filter((problem): problem is string => problem !== null);
  if (found.length > 0) throw badInput(found.join('\n'));
};

/** Runs an insert; a unique-key clash (another operator was quicker) becomes a clear 409. */
export async function uniquely<T>(insert: Promise<T>, message: string): Promise<T> {
  try {
    return await insert;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new HttpError(409, message);
    throw error;
  }
}

/** The LMS with this code, or a 404 that says where the codes are. */
export async function lmsByCode(deps: Pick<OperatorDeps, 'db'>, code: string) {
  const lms = await repo.findLmsByCode(deps.db, code);
  if (!lms) throw new HttpError(404, `No LMS with code '${code}' (see list-lms).`);
  return lms;
}

/** The LMS and the user with this login in it, or a 404. */
export async function userByLogin(deps: Pick<OperatorDeps, 'db'>, lmsCode: string, login: string) {
  const lms = await lmsByCode(deps, lmsCode);
  const user = await repo.findUser(deps.db, lms.lmsKey, login);
  if (!user) throw new HttpError(404, `No user '${login}' in LMS '${lmsCode}'.`);
  return { lms, user };
}

/** The hash of a password that keeps the password rules, else a 400 listing the rules it breaks. */
export async function checkedPasswordHash(
  password: string,
  user: { userId: string; email: string },
) {
  const problems = await checkPasswordRules(password, { ...user, currentHash: null });
  if (problems.length > 0) throw badInput(problems.join('\n'));
  return hashPassword(password);
}
