import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@waypoint/ui/button';
import { neighbour } from './nav-request';
import styles from './player.module.css';
import type {
  LmsUiControl,
  PlayerNavigation,
  PlayerSequencing,
  PlayerSibling,
} from '@waypoint/domain/contract';

export interface LessonNavProps {
  siblings: PlayerSibling[];
  /** A sequenced package (SCORM 2004 SN): what its sequencer allows now. */
  sequencing?: PlayerSequencing;
  /**
   * A sequenced package: Previous / Next as the sequencer last answered (after the launch, each
   * commit it reads); defaults to `sequencing`'s.
   */
  navigation?: PlayerNavigation | null;
  /** The LMS controls the lesson hides (hideLMSUI): 'previous' and 'continue' hide the buttons. */
  hidden?: readonly LmsUiControl[];
  disabled: boolean;
  /** request: a sequenced package's navigation request ('continue', 'previous'). */
  onGo: (sibling: PlayerSibling, request?: string) => void;
}

/** Why Previous / Next of a package without sequencing cannot be used. */
function siblingRefusal(sibling: PlayerSibling | undefined, step: -1 | 1): string | undefined {
  if (!sibling) {
    return step < 0
      ? 'This is the first lesson of the course: there is no previous lesson.'
      : 'This is the last lesson of the course: there is no next lesson.';
  }
  return sibling.launchable ? undefined : `${sibling.name} cannot be opened now.`;
}

/**
 * Multi-SCO navigation: Previous / Next and the list of the package's lessons.
 * The list opens a lesson with its Go button, not on change: changing a select must not move the
 * student to another page (WCAG 3.2.2). In a sequenced package, Previous and Next are the
 * sequencer's previous and continue requests, enabled only when it would deliver a lesson (SN
 * NB.2.1: the LMS offers only what it would honour); a disabled one says why (its description,
 * shown on hover). The list holds only the lessons it does not hide, those it would not deliver
 * disabled, and a flow-only package (no choice anywhere) has no list. A control the lesson hides
 * (CAM hideLMSUI) is not shown: the content brings its own.
 */
export function LessonNav({
  siblings,
  sequencing,
  navigation,
  hidden = [],
  disabled,
  onGo,
}: LessonNavProps) {
  const selectId = useId();
  const reasonId = useId();
  const current = siblings.find((sibling) => sibling.current);
  const [chosen, setChosen] = useState<number | undefined>(current?.lessonKey);
  const listed = sequencing ? siblings.filter((sibling) => !sibling.hidden) : siblings;
  const showList = !sequencing || sequencing.choice;
  const target = listed.find((sibling) => sibling.lessonKey === chosen);
  const flow = navigation ?? sequencing;

  const step = (direction: -1 | 1) => {
    if (flow) {
      const allowed = direction < 0 ? flow.previous : flow.continue;
      const refusal = direction < 0 ? flow.previousRefused : flow.continueRefused;
      return {
        go:
          allowed && current ? () => onGo(current, direction < 0 ? 'previous' : 'continue') : null,
        title: undefined,
        // The server's reason, or a plain one should an older server send none.
        refusal: allowed
          ? undefined
          : (refusal ?? "This course's sequencing does not allow this now."),
      };
    }
    const sibling = neighbour(siblings, direction);
    const refusal = siblingRefusal(sibling, direction);
    return {
      go: sibling && !refusal ? () => onGo(sibling) : null,
      title: sibling && !refusal ? sibling.name : undefined,
      refusal,
    };
  };
  const previous = hidden.includes('previous') ? null : step(-1);
  const next = hidden.includes('continue') ? null : step(1);
  if (!previous && !next && !showList) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target && !target.current && target.launchable) onGo(target);
  };
  const button = (
    control: NonNullable<typeof previous>,
    which: 'previous' | 'next',
    label: ReactNode,
  ) => (
    <span className={`${styles.navStep} ${which === 'next' ? styles.navStepNext : ''}`}>
      <Button
        small
        disabled={disabled || !control.go}
        onClick={() => control.go?.()}
        title={control.title}
        aria-describedby={control.refusal ? `${reasonId}-${which}` : undefined}
      >
        {label}
      </Button>
      {/* Why it is off: shown on hover, and the button's description for assistive technology. */}
      {control.refusal && (
        <span id={`${reasonId}-${which}`} role="tooltip" className={styles.navReason}>
          {control.refusal}
        </span>
      )}
    </span>
  );

  return (
    <nav aria-label="Lessons in this course" className={styles.nav}>
      {previous &&
        button(
          previous,
          'previous',
          <>
            <span aria-hidden="true">‹</span> Previous
          </>,
        )}
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
      {next &&
        button(
          next,
          'next',
          <>
            Next <span aria-hidden="true">›</span>
          </>,
        )}
    </nav>
  );
}
