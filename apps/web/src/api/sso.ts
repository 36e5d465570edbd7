/** The single sign-on hand-off (docs/decisions/0016). */
import { ssoCalls } from '@waypoint/domain/contract';
import { loginHeaders } from './auth';
import { send } from './client';

/** POST /api/sso/handoff: the one-time code from /sso/complete for the user details (or the MFA marker). */
export const ssoHandoff = (handoff: string) =>
  send(ssoCalls.handoff, [], { body: { handoff }, headers: loginHeaders(), credentialCheck: true });
