/**
 * The course-details side of offline lessons (docs/decisions/0024): which lesson rows may be made
 * available offline, and each row's offline line, fed by one context so the lesson rows and the
 * sections between them keep their props (and their memo).
 */
import { PLAY_MODE } from '@waypoint/domain';
import { createContext, useContext } from 'react';
import { OfflineLessonControl } from '../../components/offline-lessons/offline-lesson-control';
import type { OfflineTask } from '../../components/offline-lessons/offline-tasks';
import type { OfflineTarget } from '../../components/offline-lessons/use-offline-lessons';
import type { StoredLesson } from '../../offline/bridge-protocol';
import type { LessonView } from './course-details-model';

/**
 * A lesson that can be launched now may be made available; Browse (play mode 2) records nothing,
 * so the server refuses it offline and the panel does not offer it. The server checks the launch
 * rules again (§4) when it grants, and at sync.
 */
export function offlineEligible(view: LessonView): boolean {
  return (
    view.launchable &&
    !view.courseLocked &&
    !view.classroom &&
    view.missingPrerequisites.length === 0 &&
    view.lesson.elementPlayMode !== PLAY_MODE.browse
  );
}

export interface LessonOfflineState {
  online: boolean;
  stored: ReadonlyMap<number, StoredLesson>;
  tasks: ReadonlyMap<number, OfflineTask>;
  targetOf: (view: LessonView) => OfflineTarget | null;
  makeAvailable: (target: OfflineTarget) => void;
  remove: (lesson: StoredLesson) => void;
  dismiss: (lessonKey: number) => void;
}

export const LessonOfflineContext = createContext<LessonOfflineState | null>(null);

/** A lesson row's offline line; nothing outside a course-details page that provides the state. */
export function LessonOffline({ view }: { view: LessonView }) {
  const state = useContext(LessonOfflineContext);
  if (!state) return null;
  const lessonKey = view.lesson.elementKey;
  const target = state.targetOf(view);
  return (
    <OfflineLessonControl
      lessonName={view.name}
      eligible={target !== null && offlineEligible(view)}
      online={state.online}
      stored={state.stored.get(lessonKey)}
      task={state.tasks.get(lessonKey)}
      onMake={() => target && state.makeAvailable(target)}
      onRemove={state.remove}
      onDismiss={() => state.dismiss(lessonKey)}
    />
  );
}
