import { useId, useState } from 'react';
import {
  correctionProblem,
  CORRECTION_REASON_MIN,
  CORRECTION_RESULTS,
  type CorrectionResult,
} from '@waypoint/domain';
import { fieldClassNames, TextField } from '@waypoint/ui';
import { useCorrectResult } from '../../api/attempts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import styles from './people.module.css';

/** The lesson a correction is for. */
export interface CorrectionTarget {
  assignmentKey: number;
  lessonKey: number;
  lessonName: string;
}

/**
 * 'Correct result' of one lesson of a person's: the result it becomes (complete and passed,
 * complete and failed, not complete), a score if there is one, and the reason, which is
 * mandatory. The correction is a new attempt; the attempts before it are kept as they were.
 */
export function CorrectResultDialog({
  userKey,
  personName,
  target,
  onClose,
}: {
  userKey: number;
  personName: string;
  target: CorrectionTarget;
  onClose: () => void;
}) {
  const correct = useCorrectResult(userKey);
  const [result, setResult] = useState<CorrectionResult>('passed');
  const [score, setScore] = useState('');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const submit = async () => {
    const scorePercent = score.trim() === '' ? null : Number(score);
    // The server says the same; asking first keeps a short reason from a round trip.
    const problem = correctionProblem({ reason, scorePercent });
    if (problem) throw new Error(problem);
    await correct.mutateAsync({
      assignmentKey: target.assignmentKey,
      lessonKey: target.lessonKey,
      result,
      scorePercent,
      reason,
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Correct the result of ${target.lessonName}`}
      confirmLabel="Record correction"
      onConfirm={submit}
    >
      <div className={styles.stack}>
        <p className={styles.note}>
          For {personName}. The correction is recorded as a new attempt with your name and reason;
          the attempts before it are kept unchanged.
        </p>
        <fieldset className={styles.choices}>
          <legend className={fieldClassNames.label}>Result</legend>
          {(Object.keys(CORRECTION_RESULTS) as CorrectionResult[]).map((choice) => (
            <label key={choice} className={styles.choice}>
              <input
                type="radio"
                name="correction-result"
                value={choice}
                checked={result === choice}
                onChange={() => setResult(choice)}
              />
              {CORRECTION_RESULTS[choice].label}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Score (%)"
          hint="Optional: leave empty when the result has no score."
          inputMode="decimal"
          value={score}
          onChange={(event) => setScore(event.target.value)}
        />
        <div className={fieldClassNames.field}>
          <label className={fieldClassNames.label} htmlFor={reasonId}>
            Reason
          </label>
          <textarea
            id={reasonId}
            className={`${fieldClassNames.input} ${styles.reason}`}
            value={reason}
            required
            minLength={CORRECTION_REASON_MIN}
            maxLength={1000}
            aria-describedby={`${reasonId}-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
          <span id={`${reasonId}-hint`} className={styles.reasonHint}>
            At least {CORRECTION_REASON_MIN} characters: what was wrong, and what the result rests
            on. Kept with the record.
          </span>
        </div>
      </div>
    </ConfirmDialog>
  );
}
