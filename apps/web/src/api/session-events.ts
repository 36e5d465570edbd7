/**
 * The session-invalidated signal (spec §8): any call answered 401 or status 0 fires it; the app
 * shows the Invalid Connection pop-up in response.
 */

export interface SessionInvalidatedDetail {
  statusCode: number;
  path: string;
}

type Listener = (detail: SessionInvalidatedDetail) => void;
const listeners = new Set<Listener>();

/** Subscribes to the session-invalidated signal; returns the unsubscribe function. */
export function onSessionInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fires the session-invalidated signal. */
export function emitSessionInvalidated(detail: SessionInvalidatedDetail): void {
  for (const listener of [...listeners]) listener(detail);
}
