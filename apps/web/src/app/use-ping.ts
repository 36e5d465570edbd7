import { useEffect } from 'react';
import { OfflineError } from '../api/client';
import { ping } from '../api/public-info';
import { useAppState } from '../lib/use-app-state';

/** How often the signed-in panel pings the server. */
export const PING_INTERVAL_MS = 60_000;

/**
 * The periodic ping of spec §4 step 8: runs while a session exists; a failing ping stops it, and
 * so does a lost session (the Invalid Connection pop-up is open: nothing more is sent, §8).
 */
export function usePing(): void {
  const sessionId = useAppState((state) => state.sessionId);
  const sessionLost = useAppState((state) => state.invalidConnectionMessage !== '');
  useEffect(() => {
    if (!sessionId || sessionLost) return;
    const timer = window.setInterval(() => {
      ping()
        .then((result) => {
          if (!result.successfulApiCall) window.clearInterval(timer);
        })
        .catch((error: unknown) => {
          // Offline is no failing ping: it goes on once back online (ADR 0024 "Offline panel").
          if (!(error instanceof OfflineError)) window.clearInterval(timer);
        });
    }, PING_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [sessionId, sessionLost]);
}
