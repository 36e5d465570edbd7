import { useId, useState, type FormEvent } from 'react';
import { Button } from '../components/button';
import { neighbour } from './nav-request';
import styles from './player.module.css';
import type { PlayerSibling } from '@waypoint/domain/contract';

export interface LessonNavProps {
  siblings: PlayerSibling[];
  disabled: boolean;
  onGo: (sibling: PlayerSibling) => void;
}

/**
 * Multi-SCO navigation: Previous / Next and the list of the package's lessons.
 * The list opens a lesson with its Go button, not on change: changing a select must not move the
 * student to another page (WCAG 3.2.2).
 */
export function LessonNav({ siblings, disabled, onGo }: LessonNavProps) {
  const selectId = useId();
  const current = siblings.find((sibling) => sibling.current);
  const [chosen, setChosen] = useState<number | undefined>(current?.lessonKey);
  const previous = neighbour(siblings, -1);
  const next = neighbour(siblings, 1);
  const target = siblings.find((sibling) => sibling.lessonKey === chosen);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target && !target.current && target.launchable) onGo(target);
  };

  return (
    <nav aria-label="Lessons in this course" className={styles.nav}>
      <Button
        small
        disabled={disabled || !previous?.launchable}
        onClick={() => previous && onGo(previous)}
        title={previous ? previous.name : undefined}
      >
        <span aria-hidden="true">‹</span> Previous
      </Button>
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
          {siblings.map((sibling) => (
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
      <Button
        small
        disabled={disabled || !next?.launchable}
        onClick={() => next && onGo(next)}
        title={next ? next.name : undefined}
      >
        Next <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
