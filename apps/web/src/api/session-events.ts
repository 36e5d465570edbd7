/**
 * The session-invalidated signal (spec §8): any call answered 401 or status 0 fires it; the app
 * shows the Invalid Connection pop-up in response.
 *
 * It fires once per lost session: the calls already on their way when the session ends come back
 * 401 too, and each must not announce it again (the app resets the signal when the session
 * changes: a logout or a new sign-in).
 */

export interface SessionInvalidatedDetail {
  statusCode: number;
  path: string;
}

type Listener = (detail: SessionInvalidatedDetail) => void;
const listeners = new Set<Listener>();
let fired = false;

/** Subscribes to the session-invalidated signal; returns the unsubscribe function. */
export function onSessionInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fires the session-invalidated signal, unless it already fired for this session. */
export function emitSessionInvalidated(detail: SessionInvalidatedDetail): void {
  if (fired) return;
  fired = true;
  for (const listener of [...listeners]) listener(detail);
}

/** Arms the signal again (a logout or a new sign-in: the next 401 or status 0 is news). */
export function resetSessionInvalidated(): void {
  fired = false;
}
