import { useId, useState, type FormEvent } from 'react';
import { Button } from '../components/button';
import { neighbour } from './nav-request';
import styles from './player.module.css';
import type { PlayerSequencing, PlayerSibling } from '@waypoint/domain/contract';

export interface LessonNavProps {
  siblings: PlayerSibling[];
  /** A sequenced package (SCORM 2004 SN): what its sequencer allows now. */
  sequencing?: PlayerSequencing;
  disabled: boolean;
  /** request: a sequenced package's navigation request ('continue', 'previous'). */
  onGo: (sibling: PlayerSibling, request?: string) => void;
}

/**
 * Multi-SCO navigation: Previous / Next and the list of the package's lessons.
 * The list opens a lesson with its Go button, not on change: changing a select must not move the
 * student to another page (WCAG 3.2.2). In a sequenced package, Previous and Next are the
 * sequencer's previous and continue requests, offered only when it would deliver something; the
 * list holds only the lessons it does not hide, those it would not deliver disabled, and a
 * flow-only package (no choice anywhere) has no list.
 */
export function LessonNav({ siblings, sequencing, disabled, onGo }: LessonNavProps) {
  const selectId = useId();
  const current = siblings.find((sibling) => sibling.current);
  const [chosen, setChosen] = useState<number | undefined>(current?.lessonKey);
  const listed = sequencing ? siblings.filter((sibling) => !sibling.hidden) : siblings;
  const showList = !sequencing || sequencing.choice;
  const previous = sequencing
    ? sequencing.previous
      ? current
      : undefined
    : neighbour(siblings, -1);
  const next = sequencing ? (sequencing.continue ? current : undefined) : neighbour(siblings, 1);
  const previousAllowed = sequencing ? previous !== undefined : previous?.launchable === true;
  const nextAllowed = sequencing ? next !== undefined : next?.launchable === true;
  const target = listed.find((sibling) => sibling.lessonKey === chosen);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target && !target.current && target.launchable) onGo(target);
  };

  return (
    <nav aria-label="Lessons in this course" className={styles.nav}>
      <Button
        small
        disabled={disabled || !previousAllowed}
        onClick={() => previous && onGo(previous, sequencing ? 'previous' : undefined)}
        title={previous && !sequencing ? previous.name : undefined}
      >
        <span aria-hidden="true">‹</span> Previous
      </Button>
      {showList && (
        <form className={styles.navForm} onSubmit={submit}>
          <label htmlFor={selectId} className="wp-visually-hidden">
            Lesson
          </label>
          <select
            id={selectId}
            className={styles.navSelect}
            value={chosen ?? ''}
            disabled={disabled}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {listed.map((sibling) => (
              <option
                key={sibling.lessonKey}
                value={sibling.lessonKey}
                disabled={!sibling.launchable && !sibling.current}
              >
                {sibling.name}
                {sibling.current ? ' (this lesson)' : ''}
              </option>
            ))}
          </select>
          <Button
            small
            type="submit"
            disabled={disabled || !target || target.current || !target.launchable}
          >
            Go
          </Button>
        </form>
      )}
      <Button
        small
        disabled={disabled || !nextAllowed}
        onClick={() => next && onGo(next, sequencing ? 'continue' : undefined)}
        title={next && !sequencing ? next.name : undefined}
      >
        Next <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
