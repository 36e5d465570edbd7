import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorLine, Loading, fieldClassNames } from '@waypoint/ui';
import {
  assignCurricula,
  createRule,
  useAssignableCurricula,
  useAssignmentCriteria,
  useMatchingPeople,
  type AssignablePerson,
  type AssignResult,
} from '../../api/assignments';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  DataTable,
  selectColumn,
  type ColumnDef,
  type RowSelectionState,
} from '../../components/data-table';
import { FormField, fieldError } from '../../components/form-field';
import { ErrorState, errorMessage } from '../../components/states';
import { CRITERIA, criteriaText, termText, type Criteria } from './assignment-text';
import styles from './assignments.module.css';

/** The form's values: what to assign, to whom, and when. */
export interface AssignValues extends Criteria {
  curriculumKeys: string[];
  who: 'people' | 'rule';
  startDate: string;
  term: 'default' | 'duration' | 'due';
  durationDays: string;
  dueDate: string;
}

const DEFAULTS: AssignValues = {
  curriculumKeys: [],
  who: 'people',
  base: '',
  fleet: '',
  position: '',
  restrictionGroup: '',
  startDate: '',
  term: 'default',
  durationDays: '',
  dueDate: '',
};

/** A value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const personColumns: ColumnDef<AssignablePerson, unknown>[] = [
  selectColumn<AssignablePerson>((person) => `${person.displayName} (${person.userID})`),
  { id: 'name', header: 'Name', accessorKey: 'displayName', size: 200 },
  { id: 'login', header: 'Login', accessorKey: 'userID' },
  { id: 'base', header: 'Base', accessorKey: 'base' },
  { id: 'fleet', header: 'Fleet', accessorKey: 'fleet' },
  { id: 'position', header: 'Position', accessorKey: 'position' },
];

/** The dates part of a request, from the form. */
function termOf(values: AssignValues) {
  return {
    ...(values.startDate ? { startDate: values.startDate } : {}),
    ...(values.term === 'duration' ? { durationDays: Number(values.durationDays) } : {}),
    ...(values.term === 'due' ? { dueDate: values.dueDate } : {}),
  };
}

/** What a rule matches, from the form (empty criteria left out). */
function criteriaOf(values: Criteria): Partial<Criteria> {
  return Object.fromEntries(
    CRITERIA.filter(({ name }) => values[name]).map(({ name }) => [name, values[name]]),
  );
}

/**
 * Assign (docs/decisions/0021): curricula (several at once) to people picked by search, or by
 * rule (base, fleet, position, restriction group, with a live count of who matches now; a rule
 * also assigns people who join or change later), with a start date and a duration or a due date
 * (or the curriculum's default). The person confirms what will happen; the answer says what did.
 */
export function AssignForm() {
  const canAssign = useAllows('assignments.assign');
  const client = useQueryClient();
  const curricula = useAssignableCurricula();
  const criteria = useAssignmentCriteria();
  const form = useForm<AssignValues>({ defaultValues: DEFAULTS, mode: 'onSubmit' });
  const values = { ...DEFAULTS, ...useWatch({ control: form.control }) } as AssignValues;
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [picked, setPicked] = useState<Map<number, AssignablePerson>>(new Map());
  const [confirming, setConfirming] = useState<AssignValues | null>(null);
  const [result, setResult] = useState<{ text: string; result: AssignResult } | null>(null);
  const [peopleError, setPeopleError] = useState('');

  const found = useMatchingPeople(
    { ...(useSettled(search.trim(), 250) ? { search: search.trim() } : {}), limit: 100 },
    values.who === 'people',
  );
  const ruleCriteria = useSettled(
    criteriaOf({
      base: values.base,
      fleet: values.fleet,
      position: values.position,
      restrictionGroup: values.restrictionGroup,
    }),
    200,
  );
  const matching = useMatchingPeople({ ...ruleCriteria, limit: 0 }, values.who === 'rule');
  const rows = useMemo(() => found.data?.people ?? [], [found.data]);

  const onSelectionChange = (
    updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState),
  ) => {
    const next = typeof updater === 'function' ? updater(selection) : updater;
    setSelection(next);
    setPicked((old) => {
      const map = new Map(old);
      for (const person of rows) {
        if (next[String(person.userKey)]) map.set(person.userKey, person);
        else map.delete(person.userKey);
      }
      return map;
    });
    setPeopleError('');
  };
  const unpick = (userKey: number) => {
    setPicked((old) => {
      const map = new Map(old);
      map.delete(userKey);
      return map;
    });
    setSelection((old) => {
      const next = { ...old };
      delete next[String(userKey)];
      return next;
    });
  };

  const run = useMutation({
    mutationFn: async (submitted: AssignValues) => {
      const curriculumKeys = submitted.curriculumKeys.map(Number);
      if (submitted.who === 'people') {
        return assignCurricula({
          curriculumKeys,
          userKeys: [...picked.keys()],
          ...termOf(submitted),
        });
      }
      // One rule per curriculum: each assigns everyone matching now and later.
      const total: AssignResult = {
        assigned: 0,
        reassigned: 0,
        changed: 0,
        unchanged: 0,
        people: 0,
        curricula: 0,
      };
      for (const curriculumKey of curriculumKeys) {
        const made = await createRule({
          curriculumKey,
          ...criteriaOf(submitted),
          ...termOf(submitted),
        });
        total.assigned += made.result.assigned;
        total.reassigned += made.result.reassigned;
        total.unchanged += made.result.unchanged;
        total.people = made.result.people;
        total.curricula += 1;
      }
      return total;
    },
    onSuccess: (answer, submitted) => {
      setResult({ text: summaryOf(submitted), result: answer });
      void client.invalidateQueries({ queryKey: queryKeys.assignments.all() });
    },
  });

  const chosen = (curricula.data?.curricula ?? []).filter((c) =>
    values.curriculumKeys.includes(String(c.curriculumKey)),
  );
  function summaryOf(submitted: AssignValues): string {
    const names = (curricula.data?.curricula ?? [])
      .filter((c) => submitted.curriculumKeys.includes(String(c.curriculumKey)))
      .map((c) => c.name)
      .join(', ');
    const whom =
      submitted.who === 'people'
        ? `${picked.size} ${picked.size === 1 ? 'person' : 'people'}`
        : `everyone matching ${criteriaText(criteriaOf(submitted))}, now and later`;
    return `${names} to ${whom}, ${termText(submitted)}`;
  }

  const submit = form.handleSubmit((submitted) => {
    if (submitted.who === 'people' && picked.size === 0) {
      setPeopleError('Select at least one person.');
      return;
    }
    setResult(null);
    setConfirming(submitted);
  });

  if (curricula.isPending) return <Loading label="Loading curricula..." />;
  if (curricula.isError)
    return <ErrorState error={curricula.error} onRetry={() => void curricula.refetch()} />;
  if (!canAssign) {
    return (
      <p className={styles.muted}>
        Your role can see assignments but not change them. The Rules and By curriculum tabs show who
        holds what.
      </p>
    );
  }

  const curriculaError = fieldError(form, 'curriculumKeys');
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset
        className={styles.fieldset}
        aria-describedby={curriculaError ? 'curricula-error' : undefined}
      >
        <legend className={styles.legend}>1. Curricula</legend>
        {curricula.data.curricula.length === 0 ? (
          <p className={styles.muted}>There are no curricula yet: add one in Training programme.</p>
        ) : (
          <div className={styles.checkList}>
            {curricula.data.curricula.map((curriculum) => (
              <label key={curriculum.curriculumKey} className={styles.check}>
                <input
                  type="checkbox"
                  value={String(curriculum.curriculumKey)}
                  {...form.register('curriculumKeys', {
                    validate: (keys) => keys.length > 0 || 'Choose at least one curriculum.',
                  })}
                />
                <span>
                  {curriculum.name}
                  <span className={styles.checkCount}>{curriculum.assignedCount} assigned</span>
                </span>
              </label>
            ))}
          </div>
        )}
        <ErrorLine id="curricula-error" message={curriculaError} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>2. People</legend>
        <div className={styles.radios}>
          <label className={styles.check}>
            <input type="radio" value="people" {...form.register('who')} />
            <span>Selected people</span>
          </label>
          <label className={styles.check}>
            <input type="radio" value="rule" {...form.register('who')} />
            <span>By rule: everyone matching, now and later</span>
          </label>
        </div>
        {values.who === 'people' ? (
          <div className={styles.people}>
            <div className={styles.filter}>
              <label htmlFor="assign-search" className={fieldClassNames.label}>
                Find people
              </label>
              <input
                id="assign-search"
                type="search"
                className={fieldClassNames.input}
                value={search}
                placeholder="Name, login or employee ID"
                maxLength={100}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {found.isError ? (
              <ErrorState error={found.error} onRetry={() => void found.refetch()} />
            ) : (
              <>
                <p className={styles.muted} aria-live="polite">
                  {found.data
                    ? `${found.data.total} found${found.data.total > rows.length ? `, the first ${rows.length} shown: search to narrow` : ''}`
                    : 'Searching...'}
                </p>
                <DataTable
                  label="People found"
                  columns={personColumns}
                  rows={rows}
                  getRowId={(person) => String(person.userKey)}
                  rowSelection={selection}
                  onRowSelectionChange={onSelectionChange}
                  height="320px"
                />
              </>
            )}
            <div className={styles.picked} aria-live="polite">
              <strong>
                {picked.size} {picked.size === 1 ? 'person' : 'people'} selected
              </strong>
              <ul className={styles.chips}>
                {[...picked.values()].slice(0, 24).map((person) => (
                  <li key={person.userKey} className={styles.chip}>
                    {person.displayName}
                    <button
                      type="button"
                      className={styles.chipRemove}
                      aria-label={`Remove ${person.displayName}`}
                      onClick={() => unpick(person.userKey)}
                    >
                      ×
                    </button>
                  </li>
                ))}
                {picked.size > 24 && <li className={styles.muted}>and {picked.size - 24} more</li>}
              </ul>
            </div>
            <ErrorLine message={peopleError} />
          </div>
        ) : (
          <div className={styles.rule}>
            <div className={styles.criteria}>
              {CRITERIA.map(({ name, label, values: key }) => (
                <div key={name} className={styles.filter}>
                  <label htmlFor={`rule-${name}`} className={fieldClassNames.label}>
                    {label}
                  </label>
                  <select
                    id={`rule-${name}`}
                    className={fieldClassNames.input}
                    {...form.register(name)}
                  >
                    <option value="">Any</option>
                    {(criteria.data?.[key] ?? []).map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
            <p className={styles.count} role="status">
              {matching.data
                ? `${matching.data.total} ${matching.data.total === 1 ? 'student matches' : 'students match'} ${criteriaText(ruleCriteria)} now.`
                : 'Counting...'}
            </p>
          </div>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>3. Dates</legend>
        <div className={styles.dates}>
          <FormField
            form={form}
            name="startDate"
            label="Start date"
            type="date"
            hint="Empty: from now."
          />
          <div className={styles.radios} role="radiogroup" aria-label="Due">
            <label className={styles.check}>
              <input type="radio" value="default" {...form.register('term')} />
              <span>The curriculum&apos;s default (open-ended when it has none)</span>
            </label>
            <label className={styles.check}>
              <input type="radio" value="duration" {...form.register('term')} />
              <span>A duration</span>
            </label>
            <label className={styles.check}>
              <input type="radio" value="due" {...form.register('term')} />
              <span>A due date</span>
            </label>
          </div>
          {values.term === 'duration' && (
            <FormField
              form={form}
              name="durationDays"
              label="Duration (days)"
              type="number"
              min={1}
              max={36500}
              inputMode="numeric"
              rules={{
                validate: (text) =>
                  /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 36500
                    ? true
                    : 'Give a whole number of days from 1 to 36500.',
              }}
            />
          )}
          {values.term === 'due' && (
            <FormField
              form={form}
              name="dueDate"
              label="Due date"
              type="date"
              hint="Due at the end of this day (UTC)."
              rules={{ required: 'Give the due date.' }}
            />
          )}
        </div>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" variant="primary">
          {values.who === 'rule' ? 'Make rule and assign' : 'Assign'}
        </Button>
      </div>
      {result && (
        <div className={styles.result} role="status">
          <strong>Done: {result.text}.</strong>
          <span>
            {result.result.assigned} new, {result.result.reassigned} given back (with their
            progress), {result.result.changed} with new dates, {result.result.unchanged} unchanged.
          </span>
        </div>
      )}
      <ErrorLine message={run.isError ? errorMessage(run.error) : ''} />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.who === 'rule' ? 'Make the rule?' : 'Assign?'}
        confirmLabel={confirming?.who === 'rule' ? 'Make rule' : 'Assign'}
        onConfirm={() => run.mutateAsync(confirming!)}
      >
        {confirming && (
          <p>
            {chosen.length === 1 ? 'Assign' : `Assign ${chosen.length} curricula:`}{' '}
            {summaryOf(confirming)}. People who hold one already get these dates; people it was
            removed from get it back with their progress.
          </p>
        )}
      </ConfirmDialog>
    </form>
  );
}
