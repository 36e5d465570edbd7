import { lazy, Suspense } from 'react';
import { createBrowserRouter, Link, Outlet, type RouteObject } from 'react-router';
import { allows } from '@waypoint/domain/staff';
import { Loading } from '@waypoint/ui';
import { useStaff } from '../api/session';
import { EmptyState } from '../components/states';
import { LoginPage } from '../features/login/login-page';
import { SsoPage } from '../features/login/sso-page';
import { CONSOLE_BASE, paths } from '../lib/paths';
import { consoleRoutes, type ConsoleRoute } from './console-routes';
import { ConsoleLayout } from './layout/console-layout';
import { SessionEndedListener, SessionGuard } from './session-guard';

// The home page is its own chunk: the sign-in page loads only what it needs.
const HomePage = lazy(() => import('../features/home/home-page'));
// An external inspector's page (docs/decisions/0022): signed out, its own chunk.
const InspectionPage = lazy(() => import('../features/inspection/inspection-page'));
// A scheduled report's unsubscribe link (docs/decisions/0022): signed out, its own chunk.
const UnsubscribePage = lazy(() => import('../features/unsubscribe/unsubscribe-page'));

/** The sections the signed-in person may use (their role's §3 Permissions allow the action). */
function useAllowedSections(): ConsoleRoute[] {
  const { permissions } = useStaff();
  return consoleRoutes.filter((section) => allows(permissions, section.action));
}

/** The signed-in shell: the layout with the allowed sections, and the page. */
function SignedIn() {
  return (
    <SessionGuard>
      <SignedInShell />
    </SessionGuard>
  );
}

function SignedInShell() {
  const sections = useAllowedSections();
  return (
    <ConsoleLayout sections={sections}>
      <Outlet />
    </ConsoleLayout>
  );
}

function Home() {
  return <HomePage sections={useAllowedSections()} />;
}

/** A section's page, or a refusal when the role does not allow it (the server refuses too). */
function Section({ section }: { section: ConsoleRoute }) {
  const { permissions } = useStaff();
  if (!allows(permissions, section.action)) return <NotAllowed />;
  const Page = section.page;
  return <Page />;
}

function NotAllowed() {
  return (
    <EmptyState title="You do not have permission to see this page.">
      <Link to={paths.home}>Go to the console's home page</Link>
    </EmptyState>
  );
}

function NotFound() {
  return (
    <EmptyState title="There is no page at this address.">
      <Link to={paths.home}>Go to the console's home page</Link>
    </EmptyState>
  );
}

/** The root: hears a session that ended on any call, and renders the address's route. */
function Root() {
  return (
    <>
      <SessionEndedListener />
      <Outlet />
    </>
  );
}

/** The console's routes, below the basename /console. */
export function consoleRouteObjects(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { path: paths.login, element: <LoginPage /> },
        { path: paths.sso, element: <SsoPage /> },
        {
          path: '/unsubscribe',
          element: (
            <Suspense fallback={<Loading label="Loading..." size="large" />}>
              <UnsubscribePage />
            </Suspense>
          ),
        },
        {
          path: '/inspect/:token',
          element: (
            <Suspense fallback={<Loading label="Loading..." size="large" />}>
              <InspectionPage />
            </Suspense>
          ),
        },
        {
          element: <SignedIn />,
          children: [
            {
              index: true,
              element: (
                <Suspense fallback={<Loading label="Loading..." size="large" />}>
                  <Home />
                </Suspense>
              ),
            },
            ...consoleRoutes.map((section) => ({
              path: `${section.path}/*`,
              element: <Section section={section} />,
            })),
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}

/** The browser router of the console at /console. */
export function createConsoleRouter() {
  return createBrowserRouter(consoleRouteObjects(), { basename: CONSOLE_BASE });
}
