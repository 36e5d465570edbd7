import type { ComponentType } from 'react';
import {
  IconAssignments,
  IconDashboard,
  IconDrafts,
  IconLibrary,
  IconReport,
  type IconProps,
} from '../../components/icons';
import { useProgressReport } from '../../api/use-progress';
import { useWidgets } from '../../api/use-widgets';
import { paths } from '../../lib/paths';
import { useAppState } from '../../lib/use-app-state';
import { showDashboardLink, showDraftsLink } from './nav-rules';

/** One entry of the main navigation. */
export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
}

/**
 * The navigation entries the signed-in user sees, in the spec's order (§1, §2). The widgets and
 * the progress report are the pages' own queries (one request each), so the Drafts link follows
 * every progress reload.
 */
export function useNavItems(): NavItem[] {
  const showDashboard = useAppState((state) => state.lmsInfo?.showDashboard ?? null);
  const widgets = useWidgets();
  const report = useProgressReport();

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
  if (showDraftsLink(report.data?.progressReport)) {
    items.push({ to: paths.drafts, label: 'Drafts', Icon: IconDrafts });
  }
  return items;
}
