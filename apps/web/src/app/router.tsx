import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  useLocation,
  type RouteObject,
} from 'react-router';
import { Loading } from '@waypoint/ui/loading';
import { LoginPage } from '../features/login/login-page';
import { paths } from '../lib/paths';
import { progressReportQuery } from '../api/use-progress';
import { widgetsQuery } from '../api/use-widgets';
import { findSession, getState, setNavigator } from '../lib/store';
import { queryClient } from './providers';
import { RequireSession } from './require-session';
import { Root } from './root';

/** A lazily loaded page, with the load it shares with React so it can start before the render. */
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** A lazily loaded page: its own chunk, fetched when the route is first visited. */
function lazyPage<K extends string>(
  load: () => Promise<{ [P in K]: () => ReactNode }>,
  name: K,
): LazyPage {
  let loading: Promise<{ default: () => ReactNode }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(lazy(preload), { preload });
}

/** What a route object carries for preloadRoute (its `handle`). */
interface RouteHandle {
  /** The lazily loaded page or layout this route renders. */
  page?: LazyPage;
  /** The route's children need a session (spec §2 Guard). */
  guarded?: boolean;
}

// The signed-in layout is its own chunk too: the login route must stay light (its budget in
// bench/web-bundle.mjs).
const SignedInLayout = lazyPage(() => import('./layout/signed-in-layout'), 'SignedInLayout');
const MfaPage = lazyPage(() => import('../features/mfa/mfa-page'), 'MfaPage');
const SetPasswordPage = lazyPage(
  () => import('../features/set-password/set-password-page'),
  'SetPasswordPage',
);
const SsoCompletePage = lazyPage(
  () => import('../features/sso/sso-complete-page'),
  'SsoCompletePage',
);
const CommentsPage = lazyPage(() => import('../features/comments/comments-page'), 'CommentsPage');
const DashboardPage = lazyPage(
  () => import('../features/dashboard/dashboard-page'),
  'DashboardPage',
);
const AssignmentsPage = lazyPage(
  () => import('../features/assignments/assignments-page'),
  'AssignmentsPage',
);
const CourseDetailsPage = lazyPage(
  () => import('../features/course-details/course-details-page'),
  'CourseDetailsPage',
);
const ReportPage = lazyPage(() => import('../features/report/report-page'), 'ReportPage');
const EvaluationPage = lazyPage(
  () => import('../features/evaluation/evaluation-page'),
  'EvaluationPage',
);
const LibraryPage = lazyPage(() => import('../features/library/library-page'), 'LibraryPage');
const DraftsPage = lazyPage(() => import('../features/drafts/drafts-page'), 'DraftsPage');
const CertificatePage = lazyPage(
  () => import('../features/certificate/certificate-page'),
  'CertificatePage',
);

function page(Component: ComponentType): ReactNode {
  return (
    <Suspense fallback={<Loading label="Loading..." size="large" />}>
      <Component />
    </Suspense>
  );
}

/** A route that renders a lazily loaded page, which preloadRoute can start early. */
function lazyRoute(
  Component: LazyPage,
  { path, caseSensitive }: { path: string; caseSensitive?: boolean },
): RouteObject {
  const handle: RouteHandle = { page: Component };
  return { path, caseSensitive, element: page(Component), handle };
}

/** Keeps the query string when a route redirects to its canonical spelling. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      { path: 'login', element: <LoginPage /> },
      lazyRoute(MfaPage, { path: 'mfa' }),
      lazyRoute(SetPasswordPage, { path: 'ChangePassword', caseSensitive: true }),
      lazyRoute(SetPasswordPage, { path: 'Register', caseSensitive: true }),
      {
        path: 'changepassword',
        caseSensitive: true,
        element: <RedirectKeepingQuery to={paths.changePassword} />,
      },
      {
        path: 'register',
        caseSensitive: true,
        element: <RedirectKeepingQuery to={paths.register} />,
      },
      lazyRoute(SsoCompletePage, { path: 'sso/complete' }),
      lazyRoute(CommentsPage, { path: 'waypoint_comments' }),
      // Guarded by the page itself: it first takes the session id from its address (§2).
      lazyRoute(CertificatePage, { path: 'certificate' }),
      { path: 'waypoint_comments/*', element: <RedirectKeepingQuery to={paths.comments} /> },
      {
        element: <RequireSession />,
        handle: { guarded: true } satisfies RouteHandle,
        children: [
          {
            element: page(SignedInLayout),
            handle: { page: SignedInLayout } satisfies RouteHandle,
            children: [
              lazyRoute(DashboardPage, { path: 'dashboard' }),
              lazyRoute(CourseDetailsPage, { path: 'dashboard/course' }),
              lazyRoute(AssignmentsPage, { path: 'assignments' }),
              lazyRoute(CourseDetailsPage, { path: 'assignments/course' }),
              lazyRoute(ReportPage, { path: 'report' }),
              lazyRoute(EvaluationPage, { path: 'evaluation/:evaluationKey' }),
              lazyRoute(LibraryPage, { path: 'library' }),
              lazyRoute(DraftsPage, { path: 'drafts' }),
              lazyRoute(CourseDetailsPage, { path: 'drafts/course' }),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

/**
 * Starts loading the pages an address renders (the signed-in layout and the page, together rather
 * one after the other), as long as the guard will let them show. Resolves when they are in.
 */
export function preloadRoute(pathname: string, lmsData: Promise<void>): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const handle = route.handle as RouteHandle | undefined;
    if (handle?.guarded) {
      if (!findSession()) break;
      prefetchSignedInData(lmsData);
    }
    if (handle?.page) loads.push(handle.page.preload());
  }
  return Promise.all(loads);
}

/**
 * Asks for what every signed-in page shows (the progress report; the widget list when the LMS has
 * a dashboard, spec §2) beside the page chunks, instead of once the page has mounted: the queries
 * the pages then run find it on its way under the same keys.
 */
function prefetchSignedInData(lmsData: Promise<void>): void {
  const user = getState().currentUser;
  if (!user) return;
  void queryClient.prefetchQuery(progressReportQuery(user.lmsKey, user.userKey));
  void lmsData.then(() => {
    if ((getState().lmsInfo?.showDashboard ?? 0) > 0) {
      void queryClient.prefetchQuery(widgetsQuery(user.lmsKey, user.userKey));
    }
  });
}

/** Builds the browser router and lets logout() navigate through it. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to) => void router.navigate(to));
  return router;
}
