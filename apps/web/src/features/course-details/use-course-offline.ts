/**
 * Course details' offline lessons (docs/decisions/0024): each lesson's keys as its launch names
 * them, the state the lesson rows' offline lines read, where Play goes, and each curriculum's
 * 'Make all lessons available offline'.
 */
import { useCallback, useMemo } from 'react';
import type { OfflineAllControlProps } from '../../components/offline-lessons/offline-all-control';
import { playRoute, type PlayRoute } from '../../components/offline-lessons/offline-format';
import {
  useOfflineLessons,
  type OfflineTarget,
} from '../../components/offline-lessons/use-offline-lessons';
import { useOnline } from '../../lib/online';
import type { CurriculumView, LessonView } from './course-details-model';
import { offlineEligible, type LessonOfflineState } from './lesson-offline';

/** The id prefix of the curriculum a lesson id belongs to ('c0-1-2-3' -> 'c0'). */
const curriculumIdOf = (id: string) => id.split('-')[0] ?? '';

export function useCourseOffline(views: readonly CurriculumView[], drafts: boolean) {
  const online = useOnline();
  const offline = useOfflineLessons();
  const { stored, contentOrigin, tasks, makeAvailable, makeAllAvailable, remove, dismiss } =
    offline;

  /** A lesson's keys as its launch names them (§7 studentlaunch). */
  const targetOf = useCallback(
    (lesson: LessonView): OfflineTarget | null => {
      const curriculum = views.find((v) => v.id === curriculumIdOf(lesson.id))?.curriculum;
      if (!curriculum) return null;
      return {
        // "drafts use the lesson's own curriculum key" (§7).
        curriculumKey: drafts ? lesson.lesson.curriculumKey : curriculum.curriculumKey,
        assignmentKey: curriculum.elementAssignmentKey,
        lessonKey: lesson.lesson.elementKey,
        lessonName: lesson.name,
      };
    },
    [views, drafts],
  );

  /** Offline, a lesson stored on this device plays from it. */
  const routeOf = useCallback(
    (target: OfflineTarget): PlayRoute =>
      playRoute(online, stored.get(target.lessonKey), contentOrigin),
    [online, stored, contentOrigin],
  );

  const rows = useMemo(
    (): LessonOfflineState => ({
      online,
      stored,
      tasks,
      targetOf,
      makeAvailable: (target) => void makeAvailable(target),
      remove: (lesson) => void remove(lesson),
      dismiss,
    }),
    [online, stored, tasks, targetOf, makeAvailable, remove, dismiss],
  );

  /** Each curriculum's lessons that may be made available offline. */
  const targets = useMemo(() => {
    const byCurriculum = new Map<string, OfflineTarget[]>();
    for (const view of views) {
      const lessons = view.courses.flatMap((c) => c.topics.flatMap((t) => t.lessons));
      const found = lessons.filter(offlineEligible).map(targetOf);
      byCurriculum.set(
        view.id,
        found.filter((target): target is OfflineTarget => target !== null),
      );
    }
    return byCurriculum;
  }, [views, targetOf]);

  /** The 'Make all lessons available offline' bar of one curriculum. */
  const allOf = (curriculumId: string): OfflineAllControlProps => {
    const list = targets.get(curriculumId) ?? [];
    return {
      targets: list,
      storedCount: list.filter((t) => stored.has(t.lessonKey)).length,
      busy: list.some((t) => tasks.get(t.lessonKey)?.kind === 'storing'),
      online,
      onMakeAll: () => void makeAllAvailable(list),
    };
  };

  return { targetOf, routeOf, rows, allOf };
}
