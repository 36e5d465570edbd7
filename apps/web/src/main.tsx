import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/tokens.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { loadLmsData } from './app/use-lms-data';

/**
 * How long the first render waits for the LMS data (ADR 0012). index.html preloads it, so it is
 * normally in before the script has run and the first render is the page itself; on a slow answer
 * the page shows its loading state after this long, as before.
 */
const FIRST_RENDER_WAIT_MS = 200;

// Spec §4 step 7: every address needs the LMS data; it loads from here, before the first render.
const lmsData = loadLmsData();
const router = createAppRouter();
const root = document.getElementById('root');

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

if (root) {
  const wait = new Promise((resolve) => window.setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void Promise.race([lmsData, wait]).then(() => render(root));
}
