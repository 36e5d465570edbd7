import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { consoleRouteObjects } from '../app/router';
import { CONSOLE_BASE } from '../lib/paths';

/** Renders the whole console at an address below /console (its real routes, a memory history). */
export function renderConsole(address: string) {
  const router = createMemoryRouter(consoleRouteObjects(), {
    initialEntries: [`${CONSOLE_BASE}${address}`],
    basename: CONSOLE_BASE,
  });
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, client };
}

/** How long a test waits for a lazily loaded page (its module is transformed on first use). */
export const LAZY_PAGE = { timeout: 5000 };
