/**
 * The lesson player page (ADR 0007), a second Vite entry (player.html), served at
 * `/player/{launchId}#{token}` on the content origin, and at `/player/offline/play#{grantId}` for a
 * lesson stored on this device (docs/decisions/0024). It must stay small: it imports nothing of
 * the panel's router, app shell or store; the offline store loads only for an offline lesson.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@waypoint/ui/tokens.css';
import { offlinePlayPath } from '../offline/bridge-protocol';
import { bootOfflinePlayer, bootPlayer } from './boot';
import { takeLaunchFromLocation } from './launch-location';
import { PlayerApp } from './player-app';

const GRANT_ID = /^[A-Za-z0-9_-]{43}$/;

function offlineGrantOf(win: Window): string | null {
  const grantId = win.location.hash.replace(/^#/, '');
  return GRANT_ID.test(grantId) ? grantId : null;
}

// Both boots first cut window.opener, then read the state and put the API on the window.
const offline = window.location.pathname.replace(/\/$/, '') === offlinePlayPath;
const boot = offline
  ? bootOfflinePlayer({
      grantId: offlineGrantOf(window),
      afterOpen: (grantId) => {
        if (!navigator.onLine) return;
        void import('../offline/player-sync')
          .then(({ syncFromPlayer }) => syncFromPlayer(grantId))
          .catch((error: unknown) => console.error('Waypoint offline: sync failed.', error));
      },
    })
  : bootPlayer({ launch: takeLaunchFromLocation(window) });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlayerApp boot={boot} />
    </StrictMode>,
  );
}
