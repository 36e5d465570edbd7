import {
  dashboardCurricula,
  dashboardCurriculumProgress,
  DASHBOARD_LIST_SIZE,
  formatDate,
  newAssignments,
  recentLessons,
  splitAssignments,
  upcomingDueCurricula,
  type ProgressElement,
} from '@waypoint/domain';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SERVICE_BASE } from '../../api/paths';
import { useProgressReport } from '../../api/use-progress';
import { useWidgets } from '../../api/use-widgets';
import type { Widget } from '../../api/widgets';
import {
  CurriculumList,
  upcomingDueItem,
  type CurriculumListItem,
} from '../../components/curriculum-list';
import { selectCurriculum } from '../../components/curriculum-selection';
import {
  IconCalendar,
  IconClockCircle,
  IconFlag,
  IconTarget,
} from '../../components/curricula-icons';
import { Loading } from '@waypoint/ui/loading';
import { paths } from '../../lib/paths';
import { localStore } from '../../lib/storage';
import { setSettingsMenuOpen } from '../../lib/store';
import { useAppState } from '../../lib/use-app-state';
import {
  CalendarWidget,
  calendarDataQuery,
  calendarMonthsQuery,
  type WidgetContext,
} from './calendar-widget';
import { activeWidgets, dashboardRedirects } from './dashboard-rules';
import styles from './dashboard-page.module.css';

/** The local entry that gets an empty list on the dashboard (§2). */
export const OLD_OPENED_TOPICS_KEY = 'oldOpenedTopics';

/**
 * The dashboard (spec §2): 'Loading Widgets...' until the widgets load, then the widgets panel
 * (calendar, upcoming due dates, recent lessons) with new assignments and curriculum progress.
 * Redirects to assignments when showDashboard is missing or 0 or less, or no widget is active.
 */
export function DashboardPage() {
  const status = useAppState((state) => state.lmsInfoStatus);
  const showDashboard = useAppState((state) => state.lmsInfo?.showDashboard);
  const user = useAppState((state) => state.currentUser);
  const sessionId = useAppState((state) => state.sessionId);
  const lmsKey = user?.lmsKey ?? -1;
  const userKey = user?.userKey ?? -1;
  const enabled = user !== null && (showDashboard ?? 0) > 0;
  const widgets = useWidgets();
  const report = useProgressReport();
  const navigate = useNavigate();
  // The widgets panel appears whole, with the data of every widget in it: shown piece by piece,
  // the calendar's rows would push the lists below it down as they arrive (layout shift).
  const calendarShown = activeWidgets(widgets.data).some((w) => w.widgetType === 'calendar');
  const calendarMonths = useQuery({
    ...calendarMonthsQuery(lmsKey, userKey),
    enabled: enabled && calendarShown,
  });
  const calendarData = useQuery({
    ...calendarDataQuery(lmsKey, userKey, userKey),
    enabled: enabled && calendarShown,
  });
  const widgetDataPending =
    report.isPending || (calendarShown && (calendarMonths.isPending || calendarData.isPending));

  useEffect(() => {
    localStore.set(OLD_OPENED_TOPICS_KEY, JSON.stringify([]));
  }, []);

  // "Now" is when the report arrived: dates are judged against the data they describe.
  const nowMs = report.dataUpdatedAt;
  const lists = useMemo(() => {
    const curricula = report.data?.progressReport ?? [];
    return {
      upcoming: upcomingDueCurricula(curricula, nowMs),
      recent: recentLessons(curricula),
      fresh: newAssignments(curricula, nowMs),
      // Curricula still open, most advanced first ("draft curricula are hidden on the dashboard").
      progress: splitAssignments(dashboardCurricula(curricula), nowMs)
        .active.filter((c) => dashboardCurriculumProgress(c) < 100)
        .sort((a, b) => dashboardCurriculumProgress(b) - dashboardCurriculumProgress(a))
        .slice(0, DASHBOARD_LIST_SIZE),
    };
  }, [report.data, nowMs]);

  const active = activeWidgets(widgets.data);
  const loading =
    status === 'idle' ||
    status === 'loading' ||
    (enabled &&
      (widgets.isPending || (!widgets.isError && active.length > 0 && widgetDataPending)));
  // The panel is the page's one large render: once its data is in, React renders it in short
  // slices (a deferred value) rather than in one long task that holds up the page (ADR 0012).
  const settled = useDeferredValue(!loading);

  if (loading || !settled) return <Loading label="Loading Widgets..." />;
  if (!enabled) return <Navigate to={paths.assignments} replace />;
  if (widgets.isError || dashboardRedirects(showDashboard, widgets.data)) {
    return <Navigate to={paths.assignments} replace />;
  }

  const open = (curriculum: ProgressElement) => {
    selectCurriculum(curriculum.curriculumKey);
    void navigate(paths.dashboardCourse);
  };
  const context: WidgetContext = {
    sessionID: sessionId ?? '',
    lmsKey,
    userKey,
    serviceBase: SERVICE_BASE,
    userType: '0',
  };

  const upcomingItems = lists.upcoming.map((curriculum) =>
    upcomingDueItem(curriculum, nowMs, open),
  );
  const recentItems = lists.recent.map(({ lesson, curriculum }): CurriculumListItem => ({
    key: `${curriculum.elementAssignmentKey}-${lesson.elementKey}`,
    title: lesson.elementName,
    detail: `${curriculum.elementName} · ${formatDate(lesson.elementLastLaunchedInstant)}`,
    onSelect: () => open(curriculum),
  }));

  const renderWidget = (widget: Widget) => {
    switch (widget.widgetType) {
      case 'calendar':
        return (
          <div key={widget.widgetKey} className={styles.full}>
            <CalendarWidget context={context} title={widget.name || 'Calendar'} />
          </div>
        );
      case 'upcomingDueDates':
        return (
          <CurriculumList
            key={widget.widgetKey}
            title={widget.name || 'Upcoming Due Dates'}
            icon={<IconCalendar size={16} />}
            items={upcomingItems}
            empty="Nothing is due in the next 30 days."
            testId="widget-upcoming"
          />
        );
      case 'recentLessons':
        return (
          <CurriculumList
            key={widget.widgetKey}
            title={widget.name || 'Recent Lessons'}
            icon={<IconClockCircle size={16} />}
            items={recentItems}
            empty="You have not launched a lesson yet."
            testId="widget-recent"
          />
        );
      default:
        return null;
    }
  };

  return (
    // "A click on the page closes the settings menu" (§2).
    <div className={styles.page} onClick={() => setSettingsMenuOpen(false)}>
      <header className={styles.header}>
        <h1 className={styles.title}>Dashboard</h1>
        <p className={styles.lead}>
          {user?.nameOther ? `Welcome back, ${user.nameOther}.` : 'Welcome back.'} Here is what is
          coming up.
        </p>
      </header>
      <div className={styles.widgets} data-testid="widgets-panel">
        {active.map(renderWidget)}
        <CurriculumList
          title="New Assignments"
          icon={<IconFlag size={16} />}
          items={lists.fresh.map((curriculum) => ({
            key: String(curriculum.elementAssignmentKey),
            title: curriculum.elementName,
            detail: `Assigned ${formatDate(curriculum.elementAssignedDate)}`,
            aside: 'New',
            tone: 'success',
            onSelect: () => open(curriculum),
          }))}
          empty="No curriculum was assigned in the last 14 days."
          testId="widget-new"
        />
        <CurriculumList
          title="Curriculum Progress"
          icon={<IconTarget size={16} />}
          items={lists.progress.map((curriculum) => {
            const percent = dashboardCurriculumProgress(curriculum);
            return {
              key: String(curriculum.elementAssignmentKey),
              title: curriculum.elementName,
              detail: (
                <span className={styles.meter}>
                  <span style={{ width: `${percent}%` }} />
                </span>
              ),
              aside: `${percent}%`,
              onSelect: () => open(curriculum),
            };
          })}
          empty="Every curriculum is complete."
          testId="widget-progress"
        />
      </div>
    </div>
  );
}
