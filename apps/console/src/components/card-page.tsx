import type { ReactNode } from 'react';
import styles from './card-page.module.css';

/**
 * The frame of the console's signed-out pages (sign-in, single sign-on, unsubscribe): the page's
 * main landmark with one card in its middle.
 */
export function CardPage({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>{children}</div>
    </main>
  );
}
