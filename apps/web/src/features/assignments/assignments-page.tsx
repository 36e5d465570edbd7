import {
  formatDate,
  newAssignments,
  splitAssignments,
  upcomingDueCurricula,
  type ProgressElement,
} from '@waypoint/domain';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, OfflineError } from '../../api/client';
import { progressReportErrorText } from '../../api/progress';
import { useProgressReport } from '../../api/use-progress';
import { AppDownloadPrompt, showsAppDownloadPrompt } from '../../components/app-download-prompt';
import { CurriculumCard } from '../../components/curriculum-card';
import { CurriculumList, upcomingDueItem } from '../../components/curriculum-list';
import { selectCurriculum } from '../../components/curriculum-selection';
import { IconCalendar, IconFlag } from '../../components/curricula-icons';
import { Loading } from '@waypoint/ui/loading';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/store';
import { useAppState } from '../../lib/use-app-state';
import styles from './assignments-page.module.css';

type Tab = 'active' | 'expired';

/**
 * The Assignments screen (spec §2): Upcoming Due Dates, New Assignments, and the tabbed list
 * (Active Assignments / Expired Assignments) under 'Items in Curriculum {count}'. Shown only after
 * the LMS data has loaded; selecting a curriculum opens assignments/course. Without a dashboard
 * (flag absent or 0 or less) it also carries the dashboard's app-download prompt (ADR 0010).
 */
export function AssignmentsPage() {
  const lmsStatus = useAppState((state) => state.lmsInfoStatus);
  const showDashboard = useAppState((state) => state.lmsInfo?.showDashboard);
  const report = useProgressReport();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('active');
  // "Now" is when the report arrived: dates are judged against the data they describe.
  const nowMs = report.dataUpdatedAt;

  const status =
    report.error instanceof ApiError && !(report.error instanceof OfflineError)
      ? report.error.statusCode
      : null;
  useEffect(() => {
    // §8: status 0 logs out; offline it is the network, not the session (ADR 0024).
    if (status === 0) void logout();
  }, [status]);

  const lists = useMemo(() => {
    const curricula = report.data?.progressReport ?? [];
    return {
      ...splitAssignments(curricula, nowMs),
      upcoming: upcomingDueCurricula(curricula, nowMs),
      fresh: newAssignments(curricula, nowMs),
    };
  }, [report.data, nowMs]);

  if (lmsStatus === 'idle' || lmsStatus === 'loading' || report.isPending) {
    return <Loading label="Loading..." />;
  }

  const open = (curriculum: ProgressElement) => {
    selectCurriculum(curriculum.curriculumKey);
    void navigate(paths.assignmentsCourse);
  };

  const shown = tab === 'active' ? lists.active : lists.expired;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Assignments</h1>
        <p className={styles.lead}>Your assigned curricula, what is due and what is new.</p>
      </header>
      {report.isError ? (
        <p className={styles.error} role="alert">
          {progressReportErrorText(status ?? 500)}
        </p>
      ) : (
        <>
          <div className={styles.blocks}>
            <CurriculumList
              title="Upcoming Due Dates"
              icon={<IconCalendar size={16} />}
              testId="upcoming-due-dates"
              empty="Nothing is due in the next 30 days."
              items={lists.upcoming.map((curriculum) => upcomingDueItem(curriculum, nowMs, open))}
            />
            <CurriculumList
              title="New Assignments"
              icon={<IconFlag size={16} />}
              testId="new-assignments"
              empty="No curriculum was assigned in the last 14 days."
              items={lists.fresh.map((curriculum) => ({
                key: String(curriculum.elementAssignmentKey),
                title: curriculum.elementName,
                detail: `Assigned ${formatDate(curriculum.elementAssignedDate)}`,
                aside: 'New',
                tone: 'success',
                onSelect: () => open(curriculum),
              }))}
            />
          </div>
          <section className={styles.listPanel}>
            <div className={styles.tabs} role="tablist" aria-label="Assignments">
              {(
                [
                  ['active', 'Active Assignments', lists.active.length],
                  ['expired', 'Expired Assignments', lists.expired.length],
                ] as const
              ).map(([id, label, count]) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  id={`tab-${id}`}
                  aria-selected={tab === id}
                  aria-controls="assignments-tabpanel"
                  className={`${styles.tab} ${tab === id ? styles.tabActive : ''}`}
                  onClick={() => setTab(id)}
                >
                  {label}
                  <span className={styles.tabCount}>{count}</span>
                </button>
              ))}
            </div>
            <div
              id="assignments-tabpanel"
              role="tabpanel"
              aria-labelledby={`tab-${tab}`}
              className={styles.tabPanel}
            >
              <h2 className={styles.itemsHeading}>Items in Curriculum {shown.length}</h2>
              {shown.length === 0 ? (
                <p className={styles.empty}>
                  {tab === 'active'
                    ? 'You have no active assignments.'
                    : 'No assignment expired in the last 90 days.'}
                </p>
              ) : (
                <div className={styles.grid}>
                  {shown.map((curriculum) => (
                    <CurriculumCard
                      key={curriculum.elementAssignmentKey}
                      curriculum={curriculum}
                      nowMs={nowMs}
                      onSelect={open}
                    />
                  ))}
                </div>
              )}
            </div>
          </section>
        </>
      )}
      {showsAppDownloadPrompt(showDashboard) && <AppDownloadPrompt />}
    </div>
  );
}
