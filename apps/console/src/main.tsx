import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@waypoint/ui/tokens.css';
import { createQueryClient, Providers } from './app/providers';
import { createConsoleRouter } from './app/router';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <RouterProvider router={createConsoleRouter()} />
      </Providers>
    </StrictMode>,
  );
