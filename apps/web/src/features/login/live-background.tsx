import { useEffect, useRef } from 'react';
import styles from './login-page.module.css';

/**
 * The live 3D background, loaded in its own chunk (three.js) only when the LMS enables it. A still
 * frame is drawn for people who prefer reduced motion; without WebGL nothing is drawn and the
 * gradient behind the canvas remains.
 */
export function LiveBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    import('./live-background-scene')
      .then(({ startLiveBackground }) => {
        if (cancelled || !canvasRef.current) return;
        const css = getComputedStyle(document.documentElement);
        stop = startLiveBackground(canvasRef.current, {
          still,
          color: css.getPropertyValue('--wp-color-on-brand').trim() || '#ffffff',
          accent: css.getPropertyValue('--wp-color-accent').trim() || '#f2a900',
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return <canvas ref={canvasRef} className={styles.liveBackground} aria-hidden="true" />;
}
