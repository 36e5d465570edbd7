/**
 * The single sign-on hand-off (docs/decisions/0016): after the identity provider asserted who the
 * person is, the server sends the browser to the panel's /sso/complete with a one-time hand-off
 * code in the address's fragment; the panel trades it here for the same User details a password
 * Login answers (a session, or the MFA marker), and continues the sign-in flow of spec §4.
 */
import { Type, type Static } from 'typebox';
import { defineCall } from './define.js';
import { ErrorBody, Text } from './common.js';
import { UserDetails } from './auth.js';

/** The hand-off code (43 base64url characters). */
export const SsoHandoffRequest = Type.Object({
  handoff: Text({ minLength: 1, maxLength: 100 }),
});
export type SsoHandoffRequest = Static<typeof SsoHandoffRequest>;

/** useCookie=1 binds the session to the HttpOnly cookie, as at Login (ADR 0002). */
export const SsoHandoffHeaders = Type.Object({
  usecookie: Type.Optional(Text({ maxLength: 10 })),
});

export const ssoCalls = {
  /** POST /api/sso/handoff: the hand-off code for the user details and a new session. */
  handoff: defineCall<UserDetails, SsoHandoffRequest>()({
    method: 'POST',
    route: '/api/sso/handoff',
    path: () => '/api/sso/handoff',
  }),
};

export const ssoSchemas = {
  handoff: {
    summary: 'Trade a single sign-on hand-off code for a session (or the MFA marker)',
    headers: SsoHandoffHeaders,
    body: SsoHandoffRequest,
    response: { 200: UserDetails, 400: ErrorBody, 403: ErrorBody },
  },
};
