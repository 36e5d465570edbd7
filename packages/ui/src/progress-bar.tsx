import styles from './progress-bar.module.css';

/** Clamps a progress value into the 0 to 100 range of every progress bar (spec §9). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export interface ProgressBarProps {
  /** 0 to 100; values outside are clamped. */
  value: number;
  /** Failed style, e.g. when curriculum completion is below 0 (spec §2 Course details). */
  failed?: boolean;
  /** Accessible name, e.g. the lesson name. */
  label: string;
  className?: string;
}

/** A horizontal progress bar; green at 100, red in failed style. */
export function ProgressBar({ value, failed = false, label, className }: ProgressBarProps) {
  const percent = clampProgress(value);
  const classes = [
    styles.track,
    failed ? styles.failed : percent >= 100 ? styles.complete : '',
    className ?? '',
  ];
  return (
    <div
      className={classes.join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      data-failed={failed || undefined}
    >
      <div className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
