import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { LoginPage } from '../features/login/login-page';
import { paths } from '../lib/paths';
import { setNavigator } from '../lib/store';
import { RequireSession } from './require-session';
import { Root } from './root';

/** A lazily loaded page: its own chunk, fetched when the route is first visited. */
function lazyPage<K extends string>(
  load: () => Promise<{ [P in K]: () => ReactNode }>,
  name: K,
): ComponentType {
  return lazy(async () => {
    const Page: () => ReactNode = (await load())[name];
    return { default: Page };
  });
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
      { path: 'mfa', element: page(MfaPage) },
      { path: 'ChangePassword', caseSensitive: true, element: page(SetPasswordPage) },
      { path: 'Register', caseSensitive: true, element: page(SetPasswordPage) },
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
      { path: 'sso/complete', element: page(SsoCompletePage) },
      { path: 'waypoint_comments', element: page(CommentsPage) },
      // Guarded by the page itself: it first takes the session id from its address (§2).
      { path: 'certificate', element: page(CertificatePage) },
      { path: 'waypoint_comments/*', element: <RedirectKeepingQuery to={paths.comments} /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: page(SignedInLayout),
            children: [
              { path: 'dashboard', element: page(DashboardPage) },
              { path: 'dashboard/course', element: page(CourseDetailsPage) },
              { path: 'assignments', element: page(AssignmentsPage) },
              { path: 'assignments/course', element: page(CourseDetailsPage) },
              { path: 'report', element: page(ReportPage) },
              { path: 'evaluation/:evaluationKey', element: page(EvaluationPage) },
              { path: 'library', element: page(LibraryPage) },
              { path: 'drafts', element: page(DraftsPage) },
              { path: 'drafts/course', element: page(CourseDetailsPage) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

/** Builds the browser router and lets logout() navigate through it. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to) => void router.navigate(to));
  return router;
}
