import { memo } from 'react';
import { ProgressBar } from '@waypoint/ui/progress-bar';
import { Tooltip } from '@waypoint/ui/tooltip';
import {
  IconClassroom,
  IconLock,
  IconPlay,
  IconSmartphone,
} from '../../components/curricula-icons';
import { IconAlertCircle, IconWarning } from '../../components/icons';
import { OFFLINE_COMPLETION_HINT, REQUIRE_100_HINT, type LessonView } from './course-details-model';
import { LessonOffline } from './lesson-offline';
import { PrerequisitesHint, StatusIcon } from './status-icon';
import styles from './course-details.module.css';

export interface LessonRowProps {
  view: LessonView;
  lockMessage: string | null;
  onLaunch: (view: LessonView) => void;
  onLockedClick: (view: LessonView) => void;
}

function LessonProgress({ view }: { view: LessonView }) {
  const { bar, name } = view;
  if (bar.kind === 'hidden') return null;
  if (bar.kind === 'slider') {
    return (
      <div className={styles.slider} role="img" aria-label={`${name}: not attempted`}>
        <span className={styles.sliderKnob} />
      </div>
    );
  }
  const percent = bar.kind === 'fill' ? bar.percent : 0;
  return (
    <div className={styles.barWrap}>
      <ProgressBar
        value={percent}
        failed={bar.kind === 'fill' && bar.failed}
        label={`${name} progress`}
      />
      <span className={styles.percent}>{percent}%</span>
    </div>
  );
}

/** One lesson of an open topic (spec §2 Course details: lesson row). */
export const LessonRow = memo(function LessonRow({
  view,
  lockMessage,
  onLaunch,
  onLockedClick,
}: LessonRowProps) {
  const locked = view.courseLocked;
  // 'No attempts left' is already the row's attempts text (§8): that text then says why.
  const blockedByAttempts = view.blockedText !== null && view.blockedText === view.attemptsText;
  return (
    <li
      className={`${styles.lesson} ${locked ? styles.lessonLocked : ''}`}
      data-testid="lesson-row"
      data-lesson={view.name}
      data-status={view.status}
      onClick={locked ? () => onLockedClick(view) : undefined}
    >
      <StatusIcon status={view.status} />
      <div className={styles.lessonMain}>
        <div className={styles.lessonTitle}>
          <span className={styles.lessonName}>{view.name}</span>
          {view.modeBadge && (
            <span className={styles.modeBadge} data-mode={view.modeBadge} aria-hidden="true">
              {view.modeBadge}
            </span>
          )}
          {view.classroom && (
            <Tooltip content="Classroom lesson">
              <span className={styles.clas} tabIndex={0} aria-label="Classroom lesson">
                <IconClassroom size={16} />
                CLAS
              </span>
            </Tooltip>
          )}
          {view.require100 && (
            <Tooltip content={REQUIRE_100_HINT}>
              <span className={styles.require100} tabIndex={0}>
                Correct To 100%
              </span>
            </Tooltip>
          )}
        </div>
        <div className={styles.lessonMeta}>
          {view.modeLabel && <span className={styles.modeLabel}>{view.modeLabel}</span>}
          <span
            className={blockedByAttempts ? styles.blocked : undefined}
            data-testid={blockedByAttempts ? 'launch-blocked' : undefined}
          >
            {view.attemptsText}
          </span>
          <span>
            Score: <strong>{view.score}</strong>
          </span>
          {view.failureHint && (
            <Tooltip content={view.failureHint}>
              <span className={styles.failHint} tabIndex={0} data-testid="failure-hint">
                <IconWarning size={14} />
                Failed
              </span>
            </Tooltip>
          )}
          {view.blockedText && !blockedByAttempts && (
            // Why there is no play button, in words (§4; ADR 0010), not by colour alone.
            <span className={styles.blocked} data-testid="launch-blocked">
              <IconAlertCircle size={14} />
              {view.blockedText}
            </span>
          )}
          {view.completedOffline && (
            <Tooltip content={OFFLINE_COMPLETION_HINT}>
              <span className={styles.offline} tabIndex={0} data-testid="offline-completion">
                <IconSmartphone size={14} />
                Completed offline
              </span>
            </Tooltip>
          )}
        </div>
        <LessonOffline view={view} />
      </div>
      <div className={styles.lessonProgress}>
        <LessonProgress view={view} />
      </div>
      <div className={styles.lessonAction}>
        {locked ? (
          <button
            type="button"
            className={styles.lockButton}
            aria-label={`Locked. ${lockMessage ?? ''}`}
            onClick={(event) => {
              event.stopPropagation();
              onLockedClick(view);
            }}
          >
            <IconLock size={18} />
          </button>
        ) : view.missingPrerequisites.length > 0 ? (
          <PrerequisitesHint names={view.missingPrerequisites} />
        ) : view.launchable ? (
          <button
            type="button"
            className={styles.playButton}
            aria-label={`Play ${view.name}`}
            onClick={() => onLaunch(view)}
          >
            <IconPlay size={16} />
          </button>
        ) : null}
      </div>
    </li>
  );
});
