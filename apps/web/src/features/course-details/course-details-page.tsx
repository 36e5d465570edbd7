import { isDraftCurriculum, needsLiveVerification, type ProgressElement } from '@waypoint/domain';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useProgressReport, useStudentParameters } from '../../api/use-progress';
import { selectedCurriculumKey } from '../../components/curriculum-selection';
import { IconChevronLeft } from '../../components/curricula-icons';
import { Loading } from '@waypoint/ui/loading';
import { OfflineAllControl } from '../../components/offline-lessons/offline-all-control';
import { NEEDS_CONNECTION } from '../../components/offline-lessons/offline-format';
import { paths } from '../../lib/paths';
import { useAppState } from '../../lib/use-app-state';
import { buildCurriculumView, type CurriculumView, type LessonView } from './course-details-model';
import { CourseSection } from './course-section';
import { CourseTable } from './course-table';
import { CurriculumSection } from './curriculum-section';
import { LaunchDialogs } from './launch-dialogs';
import { LessonOfflineContext } from './lesson-offline';
import { useCourseOffline } from './use-course-offline';
import { useLessonLaunch } from './use-lesson-launch';
import styles from './course-details.module.css';

/** "highlight animation lasts 2 seconds" (§2, §9). */
export const HIGHLIGHT_MS = 2000;

/** The id prefix of the course a lesson id belongs to ('c0-1-2-3' -> 'c0-1'). */
const courseIdOf = (lessonId: string) => lessonId.split('-').slice(0, 2).join('-');
const curriculumIdOf = (id: string) => id.split('-')[0] ?? '';

/** undefined: nothing chosen yet, so the first one is open; null: all closed. */
type OpenId = string | null | undefined;

function pick(open: OpenId, fallback: string | null): string | null {
  return open === undefined ? fallback : open;
}

/**
 * Course details (spec §2) at assignments/course, dashboard/course and drafts/course: the chosen
 * curriculum, or every draft curriculum under drafts. Report errors are only logged here (§8).
 */
export function CourseDetailsPage() {
  const { pathname } = useLocation();
  const drafts = pathname.startsWith(paths.drafts);
  const report = useProgressReport();
  const parameters = useStudentParameters();
  const storeKey = useAppState((state) => state.curriculumKey);
  const curriculumKey = storeKey ?? selectedCurriculumKey();
  const rebrand = useAppState((state) => (state.lmsInfo?.rebrand2021 ?? 0) > 0);
  const enforce = useAppState((state) =>
    Number(state.lmsInfo?.enforceCurriculumPrerequisitesToggle ?? 0),
  );
  const launch = useLessonLaunch();

  useEffect(() => {
    if (report.error) console.error('Progress report failed to load', report.error);
  }, [report.error]);

  const data = report.data;
  const allowExpired = parameters.data?.allowExpiredAssignmentsToBeCompleted ?? 0;
  const views = useMemo((): CurriculumView[] => {
    if (!data) return [];
    const curricula: ProgressElement[] = drafts
      ? data.progressReport.filter(isDraftCurriculum)
      : data.progressReport.filter((c) => c.curriculumKey === curriculumKey).slice(0, 1);
    const context = {
      nowMs: report.dataUpdatedAt,
      prerequisiteTypes: data.prerequisiteTypes,
      flaggedLeafAssignments: data.flaggedLeafAssignments ?? [],
      enforceCurriculumPrerequisitesToggle: enforce,
      allowExpiredAssignmentsToBeCompleted: allowExpired,
    };
    return curricula.map((curriculum, index) => buildCurriculumView(curriculum, index, context));
  }, [data, drafts, curriculumKey, enforce, allowExpired, report.dataUpdatedAt]);

  const [openCurriculum, setOpenCurriculum] = useState<OpenId>(undefined);
  const [openCourse, setOpenCourse] = useState<OpenId>(undefined);
  const [openTopic, setOpenTopic] = useState<OpenId>(undefined);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const courseRefs = useRef(new Map<string, HTMLElement>());

  const registerCourse = useCallback((id: string, element: HTMLElement | null) => {
    if (element) courseRefs.current.set(id, element);
    else courseRefs.current.delete(id);
  }, []);

  const curriculumId = pick(openCurriculum, views[0]?.id ?? null);
  const currentCurriculum = views.find((v) => v.id === curriculumId);
  const courseId = pick(openCourse, currentCurriculum?.courses[0]?.id ?? null);
  const currentCourse = currentCurriculum?.courses.find((c) => c.id === courseId);
  const topicId = pick(openTopic, currentCourse?.topics[0]?.id ?? null);

  // Opening one closes its siblings of the same type (§2): one open id per level.
  const toggleCurriculum = useCallback(
    (id: string) => {
      setOpenCurriculum(id === curriculumId ? null : id);
      setOpenCourse(undefined);
      setOpenTopic(undefined);
    },
    [curriculumId],
  );
  const toggleCourse = useCallback(
    (id: string) => {
      setOpenCourse(id === courseId ? null : id);
      setOpenTopic(undefined);
    },
    [courseId],
  );
  const toggleTopic = useCallback(
    (id: string) => setOpenTopic(id === topicId ? null : id),
    [topicId],
  );

  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  // "Clicking a locked lesson scrolls to and highlights the previous course" (§4).
  const onLockedClick = useCallback(
    (lesson: LessonView) => {
      const curriculum = views.find((v) => v.id === curriculumIdOf(lesson.id));
      const course = curriculum?.courses.find((c) => c.id === courseIdOf(lesson.id));
      const target = course?.previousCourseId;
      if (!target) return;
      courseRefs.current.get(target)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
      setHighlighted(null);
      window.requestAnimationFrame(() => setHighlighted(target));
    },
    [views],
  );

  const offline = useCourseOffline(views, drafts);
  const { targetOf, routeOf } = offline;

  const { launch: startLaunch, openOffline, showMessage } = launch;
  const onLaunch = useCallback(
    (lesson: LessonView) => {
      const target = targetOf(lesson);
      if (!target) return;
      // Offline, a lesson stored on this device plays from it (docs/decisions/0024).
      const route = routeOf(target);
      if (route.kind === 'offline') return openOffline(route.url);
      if (route.kind === 'needs-connection') return showMessage(NEEDS_CONNECTION);
      startLaunch({
        curriculumKey: target.curriculumKey,
        elementKey: target.lessonKey,
        assignmentKey: target.assignmentKey,
        // The page cannot know the last verification, so it asks; the server decides (24 h rule).
        liveVerification: needsLiveVerification(lesson.lesson, 0, Date.now()),
      });
    },
    [targetOf, routeOf, openOffline, showMessage, startLaunch],
  );

  // The student parameters decide which lessons can be played: the rows wait for their first
  // answer too, so that they do not change under the reader when it lands (no layout shift). Only
  // the first: once it has failed, a fetch again (a certificate link mounting asks for it) must not
  // swap the rows for the loading state, or the links unmount, mount and ask again, in a loop.
  // Offline with no parameters kept (docs/decisions/0024), their fetch is paused: the rows show.
  const loading =
    report.isPending ||
    (parameters.isPending &&
      parameters.fetchStatus !== 'paused' &&
      parameters.failureCount === 0 &&
      parameters.errorUpdateCount === 0);
  // The rows are the page's one large render: once their data is in, React renders them in short
  // slices (a deferred value) rather than in one long task that holds up the page (ADR 0012).
  const settled = useDeferredValue(!loading);

  if (!drafts && curriculumKey === null) return <Navigate to={paths.assignments} replace />;

  const breadcrumb = pathname.includes('/assignments') && (
    <Link to={paths.assignments} className={styles.breadcrumb}>
      <IconChevronLeft size={16} />
      Back to Assignments
    </Link>
  );

  let content;
  if (loading || !settled) {
    content = <Loading label="Loading..." />;
  } else if (views.length === 0) {
    content = (
      <div className={styles.empty}>
        {drafts ? 'There are no draft curricula to preview.' : 'This curriculum is not available.'}
      </div>
    );
  } else {
    content = views.map((view) => (
      <CurriculumSection
        key={view.id}
        view={view}
        rebrand={rebrand}
        collapsible={drafts}
        open={view.id === curriculumId}
        onToggle={toggleCurriculum}
      >
        <OfflineAllControl {...offline.allOf(view.id)} />
        <CourseTable>
          {view.courses.map((course) => (
            <CourseSection
              key={course.id}
              view={course}
              open={course.id === courseId}
              openTopicId={topicId}
              highlighted={highlighted === course.id}
              onRegister={registerCourse}
              onToggleCourse={toggleCourse}
              onToggleTopic={toggleTopic}
              onLaunch={onLaunch}
              onLockedClick={onLockedClick}
            />
          ))}
        </CourseTable>
      </CurriculumSection>
    ));
  }

  return (
    <LessonOfflineContext.Provider value={offline.rows}>
      <div className={styles.page} data-testid="course-details">
        {breadcrumb}
        {drafts && (
          <header className={styles.draftsHeader}>
            <h1 className={styles.draftsTitle}>Drafts</h1>
            <p className={styles.draftsLead}>
              Preview of curricula that contain draft courses. Drafts are not locked by
              prerequisites.
            </p>
          </header>
        )}
        {content}
        <LaunchDialogs
          dialog={launch.dialog}
          launching={launch.launching}
          loadingModule={launch.loadingModule}
          onClose={launch.closeDialog}
          onConfirmMultiple={launch.confirmMultiple}
          plainFormRef={launch.plainFormRef}
          liveVerificationFormRef={launch.liveVerificationFormRef}
        />
      </div>
    </LessonOfflineContext.Provider>
  );
}
