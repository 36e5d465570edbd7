import { useEffect, useState } from 'react';
import type { BootResult } from './boot';
import { PlayerPage } from './player-page';
import styles from './player.module.css';

/** The player window from boot to lesson: loading, a launch that cannot start, or the lesson. */
export function PlayerApp({ boot }: { boot: Promise<BootResult> }) {
  const [result, setResult] = useState<BootResult | null>(null);
  useEffect(() => {
    let current = true;
    void boot.then((value) => {
      if (current) setResult(value);
    });
    return () => {
      current = false;
    };
  }, [boot]);
  if (!result) return <Screen title="Loading lesson" text="Loading the lesson..." busy />;
  if (result.kind === 'error') {
    return <Screen title="Lesson not started" text={result.message} alert />;
  }
  return <PlayerPage session={result.session} />;
}

function Screen({
  title,
  text,
  busy = false,
  alert = false,
}: {
  title: string;
  text: string;
  busy?: boolean;
  alert?: boolean;
}) {
  useEffect(() => {
    document.title = `${title} - Waypoint`;
  }, [title]);
  return (
    <main className={styles.screen} aria-busy={busy || undefined}>
      <div className={styles.screenCard}>
        <h1 className={styles.screenTitle}>{title}</h1>
        <p role={alert ? 'alert' : 'status'}>{text}</p>
        {alert && <p>You can close this window.</p>}
      </div>
    </main>
  );
}
