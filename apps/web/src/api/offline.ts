/**
 * The offline lessons' panel calls (docs/decisions/0024, contract/offline.ts): making a lesson
 * available offline (the launch rules are checked by the server) and removing one. One call, one function, over the contract.
 */
import { offlineCalls, type OfflineGrantBody } from '@waypoint/domain/contract';
import { send } from './client';

export type { OfflineGrantAnswer, OfflineGrantBody } from '@waypoint/domain/contract';

/** POST /api/offline/{lmsKey}/{userKey}/lessons: a grant and its token, or the launch rules' refusal. */
export const grantOffline = (lmsKey: number, userKey: number, body: OfflineGrantBody) =>
  send(offlineCalls.grant, [lmsKey, userKey], { body });

/** DELETE /api/offline/{lmsKey}/{userKey}/lessons/{grantId}. */
export const removeOfflineGrant = (lmsKey: number, userKey: number, grantId: string) =>
  send(offlineCalls.remove, [lmsKey, userKey, grantId]);
