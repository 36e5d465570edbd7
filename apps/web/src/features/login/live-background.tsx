import { useEffect, useRef, useState } from 'react';
import type { LiveBackgroundScene } from './live-background-scene';
import styles from './login-page.module.css';

/**
 * The live 3D background of the Waypoint-login option (§2 Login screen, ADR 0010), loaded in its
 * own chunk (three.js) only when the option is shown, with its control: the animation can be
 * paused and played again. People who prefer reduced motion get a still frame until they press
 * play; without WebGL nothing is drawn and the gradient behind the canvas remains.
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
    return () => {
      cancelled = true;
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
