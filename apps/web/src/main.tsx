import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@waypoint/ui/tokens.css';
import { Providers } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { installPrompt } from './app/install-prompt';
import { registerServiceWorker } from './app/service-worker';
import { loadLmsData } from './app/use-lms-data';

/**
 * How long the first render waits for what it needs (ADR 0012): the LMS data, which index.html
 * preloads, and the address's page chunks, which start loading here together (with the data of a
 * signed-in page). Normally they are in before the script has run and the first render is the page
 * itself; when they are slow, the page shows its loading state after this long, as before.
 */
const FIRST_RENDER_WAIT_MS = 200;

/** Lets the browser run other work (paint, network) between start-up steps: short tasks. */
const yieldToBrowser = (ms = 0) => new Promise((resolve) => window.setTimeout(resolve, ms));

async function start(container: HTMLElement): Promise<void> {
  // Spec §4 step 7: every address needs the LMS data; it loads from here, before the first render.
  const lmsData = loadLmsData();
  await yieldToBrowser();
  const pages = preloadRoute(window.location.pathname, lmsData);
  await yieldToBrowser();
  const router = createAppRouter();
  await Promise.race([
    Promise.all([lmsData, pages]).catch(() => undefined),
    yieldToBrowser(FIRST_RENDER_WAIT_MS),
  ]);
  // A transition: React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (root) void start(root);
if (import.meta.env.PROD) registerServiceWorker();
// Listens for the browser's offer to install the panel before any screen could miss it.
installPrompt();
