/** GET /lms/now (spec §7), the panel's periodic ping (§4 step 8): the server time, no session. */
import { Type, type Static } from 'typebox';
import { defineCall } from './define.js';

/** The server time, in ms since the epoch. */
export const ServerTime = Type.Object({ now: Type.Number({ description: 'ms since the epoch' }) });
export type ServerTime = Static<typeof ServerTime>;

/** The ping of §7; it sits beside /api, not under it. */
export const nowCalls = {
  /** GET /now: the server time. */
  now: defineCall<ServerTime>()({ method: 'GET', route: '/now', path: () => '/now' }),
};

/** Route schemas of the ping (serialisation, OpenAPI). */
export const nowSchemas = {
  now: { summary: 'Server time (ping)', response: { 200: ServerTime } },
} satisfies Record<keyof typeof nowCalls, object>;
