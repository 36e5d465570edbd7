import type { ReactNode } from 'react';
import styles from './facts.module.css';

export interface Fact {
  term: string;
  value: ReactNode;
}

/** A record's facts as a description list: each term beside its value. */
export function Facts({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts}>
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
