import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RATING_MAX,
  RATING_MIN,
  checkEvaluationAnswers,
  formatDate,
  type AnswerProblem,
} from '@waypoint/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, unwrap } from '../../api/client';
import {
  getEvaluationForm,
  submitEvaluation,
  type EvaluationAnswer,
  type EvaluationForm,
  type EvaluationQuestion,
} from '../../api/evaluations';
import { queryKeys } from '../../api/query-keys';
import { OFFLINE_ACTION_MESSAGE } from '../../lib/online';
import { useUserKeys } from '../../api/use-progress';
import { Button, buttonClassName } from '@waypoint/ui/button';
import { Loading } from '@waypoint/ui/loading';
import { paths } from '../../lib/paths';
import { setSettingsMenuOpen } from '../../lib/store';
import styles from './evaluation.module.css';

type Answers = Record<string, EvaluationAnswer>;

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
const RATING_WORDS: Record<number, string> = { 1: 'Poor', 3: 'Fair', 5: 'Excellent' };

function QuestionField({
  question,
  index,
  value,
  error,
  onChange,
}: {
  question: EvaluationQuestion;
  index: number;
  value: EvaluationAnswer | undefined;
  error: string | undefined;
  onChange: (value: EvaluationAnswer | undefined) => void;
}) {
  const id = `q-${question.id}`;
  const errorId = `${id}-error`;
  const legend = (
    <>
      <span className={styles.number}>{index + 1}.</span> {question.text}
      {question.required ? (
        <span className={styles.required}> (required)</span>
      ) : (
        <span className={styles.optional}> (optional)</span>
      )}
    </>
  );
  const errorLine = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null;
  const describedBy = error ? errorId : undefined;

  if (question.type === 'text') {
    return (
      <div className={styles.question} id={id} data-testid="question">
        <label htmlFor={`${id}-input`} className={styles.legend}>
          {legend}
        </label>
        {errorLine}
        <textarea
          id={`${id}-input`}
          className={styles.textarea}
          rows={4}
          maxLength={4000}
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={question.required}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  }

  const multiple = question.type === 'multiple';
  const choices =
    question.type === 'rating'
      ? RATINGS.map((rating) => ({
          value: rating,
          label: RATING_WORDS[rating] ? `${rating} ${RATING_WORDS[rating]}` : String(rating),
        }))
      : (question.options ?? []).map((option) => ({ value: option, label: option }));
  const chosen = (choice: string | number) =>
    multiple ? Array.isArray(value) && value.includes(String(choice)) : value === choice;
  return (
    <fieldset
      className={styles.question}
      id={id}
      data-testid="question"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {question.type === 'rating' ? (
        <p className={styles.hint}>
          From {RATING_MIN} ({RATING_WORDS[RATING_MIN]}) to {RATING_MAX} ({RATING_WORDS[RATING_MAX]}
          ).
        </p>
      ) : multiple ? (
        <p className={styles.hint}>Choose all that apply.</p>
      ) : null}
      {errorLine}
      <div className={question.type === 'rating' ? styles.ratingRow : styles.choices}>
        {choices.map((choice) => (
          <label key={String(choice.value)} className={styles.choice}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              value={String(choice.value)}
              checked={chosen(choice.value)}
              onChange={(event) => {
                if (!multiple) {
                  onChange(choice.value);
                  return;
                }
                const current = Array.isArray(value) ? value : [];
                const next = event.target.checked
                  ? [...current, String(choice.value)]
                  : current.filter((item) => item !== String(choice.value));
                onChange(next);
              }}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function EvaluationFormView({
  form,
  onSubmitted,
}: {
  form: EvaluationForm;
  onSubmitted: () => void;
}) {
  const { lmsKey, userKey } = useUserKeys();
  const [answers, setAnswers] = useState<Answers>({});
  const [problems, setProblems] = useState<AnswerProblem[]>([]);
  const [serverError, setServerError] = useState('');
  const summary = useRef<HTMLDivElement>(null);
  const submit = useMutation({
    mutationFn: async (body: Answers) =>
      unwrap(await submitEvaluation(lmsKey, userKey, form.evaluationKey, { answers: body })),
    onSuccess: onSubmitted,
    onError: (error) => {
      setServerError(
        error instanceof ApiError && error.message
          ? error.message
          : 'Your evaluation could not be submitted. Please try again.',
      );
      requestAnimationFrame(() => summary.current?.focus());
    },
  });

  const errorOf = (id: string) => problems.find((problem) => problem.questionId === id)?.message;
  const textOf = (id: string) => form.questions.find((q) => q.id === id)?.text ?? id;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError('');
    const found = checkEvaluationAnswers(form.questions, answers);
    setProblems(found);
    if (found.length > 0) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    submit.mutate(answers);
  };

  const showSummary = problems.length > 0 || serverError !== '';
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-labelledby="evaluation-title">
      <div
        ref={summary}
        tabIndex={-1}
        role="alert"
        className={showSummary ? styles.summary : styles.summaryEmpty}
        data-testid="evaluation-errors"
      >
        {showSummary ? (
          <>
            <p className={styles.summaryTitle}>
              {serverError || 'Please check your answers: nothing was submitted.'}
            </p>
            {problems.length > 0 ? (
              <ul>
                {problems.map((problem) => (
                  <li key={problem.questionId}>
                    <a href={`#q-${problem.questionId}`}>
                      {textOf(problem.questionId)} — {problem.message}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      {form.questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          index={index}
          value={answers[question.id]}
          error={errorOf(question.id)}
          onChange={(value) =>
            setAnswers((current) => {
              const next = { ...current };
              if (value === undefined) delete next[question.id];
              else next[question.id] = value;
              return next;
            })
          }
        />
      ))}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" busy={submit.isPending}>
          Submit evaluation
        </Button>
        <Link to={paths.report} className={buttonClassName('ghost')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/**
 * The evaluation form behind an OPEN link of the Completion Report (our own page: the spec shows
 * only the list): every question keyboard-usable, each problem named beside its question and in a
 * summary, submitted once.
 */
export function EvaluationPage() {
  const { evaluationKey: keyParam } = useParams();
  const evaluationKey = Number(keyParam);
  const valid = Number.isInteger(evaluationKey) && evaluationKey >= 0;
  const { lmsKey, userKey, known } = useUserKeys();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState(false);
  const form = useQuery({
    queryKey: queryKeys.evaluations.form(lmsKey, userKey, evaluationKey),
    queryFn: async () => unwrap(await getEvaluationForm(lmsKey, userKey, evaluationKey)),
    enabled: known && valid,
    retry: false,
  });

  const back = (
    <Link to={paths.report} className={buttonClassName('secondary')}>
      Back to the Completion Report
    </Link>
  );
  let body;
  if (!valid) {
    body = <p className={styles.notice}>This evaluation link is not valid.</p>;
  } else if (submitted) {
    body = (
      <div className={styles.done} role="status" data-testid="evaluation-done">
        <p>Thank you: your evaluation has been submitted.</p>
        {back}
      </div>
    );
  } else if (form.isPending && form.fetchStatus === 'paused') {
    // An evaluation's form is never kept on the device (ADR 0024 "Offline panel").
    body = (
      <div className={styles.notice} role="alert">
        <p>{OFFLINE_ACTION_MESSAGE}</p>
        {back}
      </div>
    );
  } else if (form.isPending) {
    body = <Loading label="Loading..." size="large" />;
  } else if (form.error || !form.data) {
    body = (
      <div className={styles.notice} role="alert">
        <p>
          {form.error instanceof ApiError && form.error.message
            ? form.error.message
            : 'This evaluation could not be loaded.'}
        </p>
        {back}
      </div>
    );
  } else if (form.data.submittedInstant > 0) {
    body = (
      <div className={styles.notice}>
        <p>You submitted this evaluation on {formatDate(form.data.submittedInstant)}.</p>
        {back}
      </div>
    );
  } else {
    body = (
      <EvaluationFormView
        form={form.data}
        onSubmitted={() => {
          setSubmitted(true);
          // It leaves the report's list.
          void queryClient.invalidateQueries({ queryKey: ['progress', 'evaluations'] });
        }}
      />
    );
  }

  return (
    <div className={styles.page} onClick={() => setSettingsMenuOpen(false)}>
      <header className={styles.header}>
        <h1 id="evaluation-title" className={styles.title}>
          {form.data?.name ?? 'Evaluation'}
        </h1>
        {form.data ? (
          <p className={styles.lead}>
            {form.data.targetName ? `About: ${form.data.targetName}. ` : ''}
            {form.data.description}
          </p>
        ) : null}
        {form.data && !submitted && form.data.submittedInstant === 0 ? (
          <p className={styles.privacy}>
            {form.data.anonymous
              ? 'Your answers are anonymous: they are kept without your name.'
              : 'Your name is kept with your answers.'}
          </p>
        ) : null}
      </header>
      {body}
    </div>
  );
}
