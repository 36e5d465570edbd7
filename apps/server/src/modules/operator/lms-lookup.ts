import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { findLmsByCode } from './repo.js';

/** The LMS an operator command names by its code, or a 404 that says where the codes are. */
export async function operatorLms(db: Db, code: string) {
  const lms = await findLmsByCode(db, code.trim());
  if (!lms) throw new HttpError(404, `No LMS with code '${code}' (see list-lms).`);
  return lms;
}
