import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError, unwrap } from '../../api/client';
import { getStudentEvaluations } from '../../api/evaluations';
import { queryKeys } from '../../api/query-keys';
import {
  getCompletionProgressReport,
  getCourseCompletion,
  getOrganization,
  trainingRecordUrl,
  type OrganizationData,
} from '../../api/reports';
import { CURRICULA_REPORT_OPTIONS, useUserKeys } from '../../api/use-progress';
import { Loading } from '@waypoint/ui/loading';
import { refuseOfflineClick } from '../../lib/online';
import { setSettingsMenuOpen } from '../../lib/store';
import { CurriculumSections } from './curriculum-sections';
import { EvaluationsTable } from './evaluations-table';
import { MostRecentTable } from './most-recent-table';
import { mostRecentRows } from './report-model';
import styles from './report.module.css';

/** 'Nothing to report.' (404) is an empty report, not a failure (§8). */
async function orEmpty<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return empty;
    throw error;
  }
}

function StudentCard({ organization }: { organization: OrganizationData }) {
  const name =
    `${organization.nameOther} ${organization.nameCollated}`.trim() || organization.userID;
  const details: [string, string][] = [
    ['Employee ID', organization.employeeID],
    ['Base', organization.base],
    ['Fleet', organization.fleet],
    ['Position', organization.position],
  ];
  return (
    <dl className={styles.student} data-testid="student-card">
      <div>
        <dt>Student</dt>
        <dd>{name}</dd>
      </div>
      {details.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Completion Report (spec §2): 'Most Recent', the evaluations, the 'Open Curriculum' and
 * 'Closed Curriculum' sections, and the training record downloads. Report errors are only logged
 * (§8); a click on the page closes the settings menu.
 */
export function ReportPage() {
  const { lmsKey, userKey, known } = useUserKeys();
  const rows = useQuery({
    queryKey: queryKeys.reports.courseCompletion(lmsKey, userKey),
    queryFn: () => orEmpty(async () => unwrap(await getCourseCompletion(lmsKey, userKey)), []),
    enabled: known,
  });
  const trees = useQuery({
    queryKey: queryKeys.reports.completionTrees(lmsKey, userKey),
    queryFn: () =>
      orEmpty(
        async () =>
          unwrap(await getCompletionProgressReport(lmsKey, userKey, CURRICULA_REPORT_OPTIONS))
            .progressReport,
        [],
      ),
    enabled: known,
  });
  const organization = useQuery({
    queryKey: queryKeys.reports.organization(lmsKey, userKey),
    queryFn: async () => unwrap(await getOrganization(lmsKey, userKey)),
    enabled: known,
    staleTime: 5 * 60_000,
  });
  const evaluations = useQuery({
    queryKey: queryKeys.evaluations.list(lmsKey, userKey, 'report'),
    queryFn: () => orEmpty(async () => unwrap(await getStudentEvaluations(lmsKey, userKey)), []),
    enabled: known,
  });

  useEffect(() => {
    for (const failed of [rows.error, trees.error, organization.error, evaluations.error]) {
      if (failed) console.error('Completion report failed to load', failed);
    }
  }, [rows.error, trees.error, organization.error, evaluations.error]);

  const view = useMemo(() => mostRecentRows(rows.data ?? []), [rows.data]);
  const loading = !known || rows.isPending || trees.isPending;

  return (
    // "A click closes the settings menu" (§2).
    <div className={styles.page} onClick={() => setSettingsMenuOpen(false)}>
      <header className={styles.header}>
        <div>
          <h1 id="page-heading" className={styles.title}>
            Most Recent
          </h1>
          <p className={styles.lead}>
            Your training record: what you completed, when, with which score and time.
          </p>
        </div>
        {known ? (
          <div className={styles.downloads} aria-label="Download your training record" role="group">
            <a
              className={styles.download}
              href={trainingRecordUrl(lmsKey, userKey, 'csv')}
              download
              onClick={refuseOfflineClick}
            >
              Download CSV
            </a>
            <a
              className={styles.download}
              href={trainingRecordUrl(lmsKey, userKey, 'pdf')}
              download
              onClick={refuseOfflineClick}
            >
              Download PDF
            </a>
          </div>
        ) : null}
      </header>
      {loading ? (
        <Loading label="Loading..." size="large" />
      ) : (
        <>
          {organization.data ? <StudentCard organization={organization.data} /> : null}
          <section className={styles.card} aria-labelledby="page-heading">
            <MostRecentTable rows={view} />
          </section>
          <EvaluationsTable items={evaluations.data ?? []} />
          <CurriculumSections curricula={trees.data ?? []} nowMs={trees.dataUpdatedAt} />
        </>
      )}
    </div>
  );
}
