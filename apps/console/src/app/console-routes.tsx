/**
 * The console's sections: the ONE list the side navigation, the router and the home page read.
 * A section is its address (below /console; the page is mounted at `${path}/*`, so it may have
 * addresses of its own beneath, with <Routes> inside the page), the navigation's label, the staff
 * action it needs (packages/domain staff/permissions.ts: shown and reachable only when allowed;
 * the server checks the same action on every call), and its page, loaded lazily (own chunk).
 *
 * Adding a section is one line here:
 *   { path: '/people', label: 'People', action: 'people.view',
 *     page: lazy(() => import('../features/people/people-page')) },
 * where the page module's default export is the page component (import `lazy` from 'react' here
 * with the first section).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffAction } from '@waypoint/domain/staff';

export interface ConsoleRoute {
  /** The section's address below /console, starting with '/': '/people'. */
  path: `/${string}`;
  /** Its name in the navigation and on the home page. */
  label: string;
  /** The staff action it needs: hidden and refused without it. */
  action: StaffAction;
  /** The page (a module whose default export is the component). */
  page: LazyExoticComponent<ComponentType>;
}

/** The sections, in the navigation's order. */
export const consoleRoutes: ConsoleRoute[] = [
  {
    path: '/people',
    label: 'People',
    action: 'people.view',
    page: lazy(() => import('../features/people/people-page')),
  },
  {
    path: '/programme',
    label: 'Training programme',
    action: 'programme.view',
    page: lazy(() => import('../features/programme/programme-page')),
  },
  {
    path: '/assignments',
    label: 'Assignments',
    action: 'assignments.view',
    page: lazy(() => import('../features/assignments/assignments-page')),
  },
  {
    path: '/staff',
    label: 'Staff and roles',
    action: 'staff.view',
    page: lazy(() => import('../features/staff/staff-page')),
  },
  {
    path: '/audit',
    label: 'Audit log',
    action: 'audit.view',
    page: lazy(() => import('../features/audit/audit-page')),
  },
  {
    path: '/compliance',
    label: 'Compliance',
    action: 'compliance.view',
    page: lazy(() => import('../features/compliance/compliance-page')),
  },
  {
    path: '/retention',
    label: 'Retention',
    action: 'records.retention',
    page: lazy(() => import('../features/retention/retention-page')),
  },
];
