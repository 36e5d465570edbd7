import { memo } from 'react';
import { IconLock } from '../../components/curricula-icons';
import { IconChevronDown } from '../../components/icons';
import { Tooltip } from '@waypoint/ui/tooltip';
import {
  DRAFT_HINT,
  type CourseView,
  type LessonView,
  type TopicView,
} from './course-details-model';
import { lessonsText } from './lesson-count';
import { LessonRow } from './lesson-row';
import { PrerequisitesHint, StatusIcon } from './status-icon';
import styles from './course-details.module.css';

export interface CourseSectionProps {
  view: CourseView;
  open: boolean;
  openTopicId: string | null;
  highlighted: boolean;
  onRegister: (id: string, element: HTMLElement | null) => void;
  onToggleCourse: (id: string) => void;
  onToggleTopic: (id: string) => void;
  onLaunch: (view: LessonView) => void;
  onLockedClick: (view: LessonView) => void;
}

const STATUS_CLASS = {
  Complete: styles.chipComplete,
  Failing: styles.chipFailing,
  Incomplete: styles.chipIncomplete,
} as const;

interface TopicBlockProps {
  topic: TopicView;
  open: boolean;
  lockMessage: string | null;
  onToggle: (id: string) => void;
  onLaunch: (view: LessonView) => void;
  onLockedClick: (view: LessonView) => void;
}

const TopicBlock = memo(function TopicBlock({
  topic,
  open,
  lockMessage,
  onToggle,
  onLaunch,
  onLockedClick,
}: TopicBlockProps) {
  return (
    <div className={styles.topic} data-testid="topic" data-topic={topic.name}>
      <div className={styles.topicHeader}>
        <button
          type="button"
          className={styles.topicToggle}
          aria-expanded={open}
          onClick={() => onToggle(topic.id)}
        >
          <IconChevronDown
            size={16}
            className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}
          />
          <StatusIcon status={topic.status} />
          <span className={styles.topicName}>{topic.name}</span>
          <span className={styles.topicCount}>{topic.lessons.length}</span>
        </button>
        {topic.missingPrerequisites.length > 0 && (
          <PrerequisitesHint names={topic.missingPrerequisites} />
        )}
      </div>
      {/* Closed topics render no rows: a 500-lesson course stays light (bench:course-details). */}
      {open && (
        <ul className={styles.lessons}>
          {topic.lessons.map((lesson) => (
            <LessonRow
              key={lesson.id}
              view={lesson}
              lockMessage={lockMessage}
              onLaunch={onLaunch}
              onLockedClick={onLockedClick}
            />
          ))}
        </ul>
      )}
    </div>
  );
});

/** One course of a curriculum: 'Course: {name}' with '(n Lessons)', its lock and its topics. */
export const CourseSection = memo(function CourseSection({
  view,
  open,
  openTopicId,
  highlighted,
  onRegister,
  onToggleCourse,
  onToggleTopic,
  onLaunch,
  onLockedClick,
}: CourseSectionProps) {
  const classes = [
    styles.course,
    view.lockMessage ? styles.courseLocked : '',
    highlighted ? styles.highlight : '',
  ];
  return (
    <section
      ref={(element) => onRegister(view.id, element)}
      className={classes.join(' ')}
      data-testid="course"
      data-course={view.name}
      data-highlighted={highlighted || undefined}
    >
      <div className={styles.courseHeader}>
        <button
          type="button"
          className={styles.courseToggle}
          aria-expanded={open}
          onClick={() => onToggleCourse(view.id)}
        >
          <IconChevronDown
            size={18}
            className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}
          />
          <span className={styles.courseTitle}>
            Course: {view.name}
            <span className={styles.courseCount}> ({lessonsText(view.lessonCount)})</span>
          </span>
        </button>
        <div className={styles.courseBadges}>
          {view.draft && (
            <Tooltip content={DRAFT_HINT}>
              <span className={styles.draftBadge} tabIndex={0}>
                Draft
              </span>
            </Tooltip>
          )}
          <span className={`${styles.chip} ${STATUS_CLASS[view.status]}`}>{view.status}</span>
        </div>
      </div>
      {view.lockMessage && (
        <p className={styles.lockMessage} data-testid="course-lock">
          <IconLock size={15} />
          {view.lockMessage}
        </p>
      )}
      {open && (
        <div className={styles.courseBody}>
          {view.topics.map((topic) => (
            <TopicBlock
              key={topic.id}
              topic={topic}
              open={openTopicId === topic.id}
              lockMessage={view.lockMessage}
              onToggle={onToggleTopic}
              onLaunch={onLaunch}
              onLockedClick={onLockedClick}
            />
          ))}
        </div>
      )}
    </section>
  );
});
