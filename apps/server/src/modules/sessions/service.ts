import type { FastifyInstance } from 'fastify';
import { userByKey, type UserRow } from '../users/service.js';

/** The user of a valid session (null if the row vanished meanwhile). */
export async function sessionUser(app: FastifyInstance, userKey: number): Promise<UserRow | null> {
  return (await userByKey(app, userKey)) ?? null;
}
