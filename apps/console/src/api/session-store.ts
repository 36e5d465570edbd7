/**
 * Where the console keeps its session id: sessionStorage (one tab's sign-in, gone when the tab
 * closes), sent as the sessionID header; the server also binds it to an HttpOnly cookie
 * (docs/decisions/0021). A listener hears when the session is set or cleared.
 */
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';

type Listener = (sessionId: string | null) => void;
const listeners = new Set<Listener>();

/** The signed-in session's id, or null. */
export function currentSessionId(): string | null {
  try {
    return window.sessionStorage.getItem(CONSOLE_SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the session id and tells the listeners. */
export function storeSessionId(sessionId: string | null): void {
  try {
    if (sessionId) window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, sessionId);
    else window.sessionStorage.removeItem(CONSOLE_SESSION_STORAGE_KEY);
  } catch {
    // Storage refused (private mode with storage off): the session lasts as long as the page.
  }
  for (const listener of [...listeners]) listener(sessionId);
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
