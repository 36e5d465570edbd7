import { useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../lib/use-idle';
import type { LiveBackgroundScene } from './live-background-scene';
import styles from './login-page.module.css';

/**
 * The live 3D background of the Waypoint-login option (§2 Login screen, ADR 0010), loaded in its
 * own chunk (three.js) only when the option is shown, with its control: the animation can be
 * paused and played again. People who prefer reduced motion get a still frame until they press
 * play; without WebGL nothing is drawn and the gradient behind the canvas remains. three.js is
 * fetched only once the page is up and the browser idle: the sign-in card is painted first and
 * never waits for it (ADR 0012).
 */
export function LiveBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<LiveBackgroundScene | null>(null);
  const [still] = useState(
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  );
  const [moving, setMoving] = useState(!still);
  // What the control last asked for, read when the scene has loaded.
  const wanted = useRef(!still);

  useEffect(() => {
    let cancelled = false;
    const start = () =>
      import('./live-background-scene')
        .then(({ startLiveBackground }) => {
          if (cancelled || !canvasRef.current) return;
          const css = getComputedStyle(document.documentElement);
          sceneRef.current = startLiveBackground(canvasRef.current, {
            still,
            color: css.getPropertyValue('--wp-color-on-brand').trim() || '#ffffff',
            accent: css.getPropertyValue('--wp-color-accent').trim() || '#f2a900',
          });
          // A press of the control before the scene loaded still counts.
          sceneRef.current.setMoving(wanted.current);
        })
        .catch(() => undefined);
    const cancelIdle = whenIdle(() => void start());
    return () => {
      cancelled = true;
      cancelIdle();
      sceneRef.current?.stop();
      sceneRef.current = null;
    };
  }, [still]);

  const toggle = () => {
    const next = !moving;
    wanted.current = next;
    setMoving(next);
    sceneRef.current?.setMoving(next);
  };

  return (
    <>
      <canvas ref={canvasRef} className={styles.liveBackground} aria-hidden="true" />
      <button
        type="button"
        className={styles.motionToggle}
        aria-pressed={!moving}
        onClick={toggle}
        data-testid="background-motion"
      >
        {moving ? 'Pause animation' : 'Play animation'}
      </button>
    </>
  );
}
