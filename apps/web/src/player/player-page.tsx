import { courseDisplayName } from '@waypoint/domain';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Button } from '@waypoint/ui/button';
import { LessonNav } from './lesson-nav';
import type { PlayerSession, SessionPhase } from './player-session';
import styles from './player.module.css';
import { SaveIndicator } from './save-indicator';

export const CLOSE_WINDOW_TEXT = 'You can close this window.';

/** The player window: a slim bar (lesson, navigation, save state, Exit) over the SCO's frame. */
export function PlayerPage({ session }: { session: PlayerSession }) {
  const { state } = session;
  const { phase, save, navigation } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const hidden = state.hideLmsUi ?? [];
  // Exit lesson ends the lesson and leaves the window: the exit and exitAll of SCORM's controls
  // (CAM hideLMSUI). A lesson that hides either brings its own; closing the window still saves.
  const showExit = !hidden.includes('exit') && !hidden.includes('exitAll');
  const stageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = `${state.lessonName} - Waypoint`;
  }, [state.lessonName]);

  // The frame is created only now, after boot put the SCORM API on the window.
  useLayoutEffect(() => {
    if (phase.kind === 'running' && stageRef.current) session.attachFrame(stageRef.current);
  }, [session, phase.kind]);

  const busy = phase.kind === 'leaving';
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <div className={styles.titles}>
          <h1 className={styles.lessonName}>{state.lessonName}</h1>
          {state.courseName && (
            // A recurrent course shows the period it covers (§4 Drafts and lists).
            <p className={styles.courseName}>{courseDisplayName(state.courseName)}</p>
          )}
        </div>
        {state.siblings.length > 1 && (
          <LessonNav
            siblings={state.siblings}
            sequencing={state.sequencing}
            navigation={navigation}
            hidden={hidden}
            disabled={busy || phase.kind === 'closed'}
            onGo={(sibling, request) => void session.goTo(sibling, request)}
          />
        )}
        <SaveIndicator status={save} preview={state.preview} offline={session.offline} />
        {state.commentsUrl && (
          <Button
            small
            className={styles.comments}
            onClick={() => {
              const url = session.commentsUrl();
              // A window of its own on the panel's origin; it gets no handle on this one.
              if (url) window.open(url, 'waypoint-comments', 'noopener');
            }}
          >
            Comments
          </Button>
        )}
        {showExit && (
          <Button
            variant="primary"
            small
            className={styles.exit}
            busy={busy && phase.to === 'exit'}
            disabled={busy || phase.kind === 'closed'}
            onClick={() => void session.exit()}
          >
            Exit lesson
          </Button>
        )}
      </header>
      <main className={styles.stage}>
        {/* The session appends the frame here; React never renders inside this element. */}
        <div className={styles.frameHolder} ref={stageRef} />
        {phase.kind !== 'running' && (
          <PhaseMessage
            phase={phase}
            canChoose={state.siblings.length > 1 && (state.sequencing?.choice ?? true)}
            canExit={showExit}
          />
        )}
      </main>
    </div>
  );
}

/** What the learner can do after a refused navigation, with the controls the bar shows. */
function nextStep(canChoose: boolean, canExit: boolean): string {
  if (canChoose) {
    return canExit
      ? 'Choose another lesson above, or exit the lesson.'
      : 'Choose another lesson above, or close this window.';
  }
  return canExit ? 'Exit the lesson to return to Waypoint.' : CLOSE_WINDOW_TEXT;
}

function PhaseMessage({
  phase,
  canChoose,
  canExit,
}: {
  phase: Exclude<SessionPhase, { kind: 'running' }>;
  /** The bar lists the package's lessons (several, and choice allowed). */
  canChoose: boolean;
  /** Exit lesson is shown (the lesson does not hide it). */
  canExit: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The frame that had focus is gone: move focus to what replaced it.
  useEffect(() => {
    if (phase.kind !== 'leaving') ref.current?.focus();
  }, [phase.kind]);
  return (
    <div className={styles.message} ref={ref} tabIndex={-1}>
      {phase.kind === 'leaving' && (
        <p>
          {phase.to === 'exit'
            ? 'Saving your progress...'
            : 'Saving your progress and opening the lesson...'}
        </p>
      )}
      {phase.kind === 'closed' && <p className={styles.messageTitle}>{CLOSE_WINDOW_TEXT}</p>}
      {phase.kind === 'navigation-failed' && (
        <>
          {/* Polite: focus is already here, and the reason is what the learner asked about. */}
          <p className={styles.messageError} role="status">
            {phase.message}
          </p>
          <p>{nextStep(canChoose, canExit)}</p>
        </>
      )}
    </div>
  );
}
