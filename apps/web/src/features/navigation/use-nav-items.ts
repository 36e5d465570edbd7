import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  IconAssignments,
  IconDashboard,
  IconDrafts,
  IconLibrary,
  IconReport,
  type IconProps,
} from '../../components/icons';
import { paths } from '../../lib/paths';
import { useAppState } from '../../lib/use-app-state';
import { getProgressReportForDrafts, getWidgets, navigationKeys } from './navigation-api';
import { showDashboardLink, showDraftsLink } from './nav-rules';

/** One entry of the main navigation. */
export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
}

/** The navigation entries the signed-in user sees, in the spec's order (§1, §2). */
export function useNavItems(): NavItem[] {
  const lmsKey = useAppState((state) => state.currentUser?.lmsKey ?? null);
  const userKey = useAppState((state) => state.currentUser?.userKey ?? null);
  const showDashboard = useAppState((state) => state.lmsInfo?.showDashboard ?? null);
  const known = lmsKey !== null && userKey !== null;

  const widgets = useQuery({
    queryKey: navigationKeys.widgets(lmsKey ?? -1, userKey ?? -1),
    queryFn: () => getWidgets(lmsKey ?? -1, userKey ?? -1),
    enabled: known && (showDashboard ?? 0) > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const drafts = useQuery({
    queryKey: navigationKeys.drafts(lmsKey ?? -1, userKey ?? -1),
    queryFn: () => getProgressReportForDrafts(lmsKey ?? -1, userKey ?? -1),
    enabled: known,
    retry: false,
    staleTime: 5 * 60_000,
  });

  // A failed call leaves data undefined, which the rules read as "none".
  const items: NavItem[] = [];
  if (showDashboardLink(showDashboard, widgets.data)) {
    items.push({ to: paths.dashboard, label: 'Dashboard', Icon: IconDashboard });
  }
  items.push(
    { to: paths.assignments, label: 'Assignments', Icon: IconAssignments },
    { to: paths.report, label: 'Completion Report', Icon: IconReport },
    { to: paths.library, label: 'Library', Icon: IconLibrary },
  );
  if (showDraftsLink(drafts.data)) {
    items.push({ to: paths.drafts, label: 'Drafts', Icon: IconDrafts });
  }
  return items;
}
