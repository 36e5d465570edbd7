/**
 * What the panel does to its queries when the session is lost (spec §8: a 401 or status 0 fires
 * the session-invalidated signal and the error is rethrown, not retried).
 *
 * From the moment the Invalid Connection pop-up opens until the session changes (Re-login logs out;
 * a new sign-in), no query or mutation reaches the network: not a retry, not a refetch on mount,
 * focus, reconnect or interval. TanStack Query already holds every fetch while its online manager
 * says the app is offline (networkMode 'online', the default), so a lost session counts as offline
 * here, on top of the browser's own online/offline events. Without this a page whose query had
 * failed fetched it again each time a component using it mounted, and a page that shows its
 * loading state while that query is pending mounted it again at once: about 50 requests a second.
 *
 * When the session ends for good (logout) the cache is emptied before fetching resumes, so nothing
 * asked for under the old session is fetched again, or shown, under the next.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { isOffline, subscribeConnection } from '../api/connection';
import { resetSessionInvalidated } from '../api/session-events';
import { getState, subscribe } from '../lib/store';

let sessionLost = false;
let browserOnline = true;

// Offline (the browser's flag, or a server that gives no answer: api/connection.ts, ADR 0024) holds
// every query too, so the kept data shows without a retry storm and refetches once back online.
const update = () => onlineManager.setOnline(browserOnline && !sessionLost && !isOffline());

/**
 * Installs the hold on a query client: returns the function that removes it (tests). The online
 * manager is TanStack's one shared instance, so one client at a time.
 */
export function installSessionHold(queryClient: QueryClient): () => void {
  // The browser's online and offline events, as TanStack's own listener reads them.
  onlineManager.setEventListener(() => {
    const online = () => {
      browserOnline = true;
      update();
    };
    const offline = () => {
      browserOnline = false;
      update();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const unsubscribeConnection = subscribeConnection(update);
    update();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      unsubscribeConnection();
    };
  });

  let sessionId = getState().sessionId;
  const follow = () => {
    const state = getState();
    if (state.sessionId !== sessionId) {
      const loggedOut = state.sessionId === null;
      sessionId = state.sessionId;
      // A logout or a new sign-in: the next 401 or status 0 is about this session.
      resetSessionInvalidated();
      if (loggedOut) queryClient.clear();
    }
    const lost = state.invalidConnectionMessage !== '';
    if (lost === sessionLost) return;
    sessionLost = lost;
    update();
  };
  follow();
  const unsubscribe = subscribe(follow);
  return () => {
    unsubscribe();
    sessionLost = false;
    browserOnline = true;
    update();
    resetSessionInvalidated();
  };
}
