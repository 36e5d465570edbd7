/**
 * The lesson player page (ADR 0007), a second Vite entry (player.html), served at
 * `/player/{launchId}#{token}` on the content origin. It must stay small: it imports nothing of the
 * panel's router, app shell or store.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@waypoint/ui/tokens.css';
import { bootPlayer } from './boot';
import { takeLaunchFromLocation } from './launch-location';
import { PlayerApp } from './player-app';

// bootPlayer first cuts window.opener, then reads the state and puts the API on the window.
const boot = bootPlayer({ launch: takeLaunchFromLocation(window) });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlayerApp boot={boot} />
    </StrictMode>,
  );
}
