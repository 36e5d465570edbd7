import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  curriculumProblems,
  PROGRAMME_NAME_MAX,
  VALIDITY_RULE_KINDS,
  VALIDITY_RULE_LABELS,
  type ValidityRuleKind,
} from '@waypoint/domain/staff';
import { ErrorLine } from '@waypoint/ui';
import { editCurriculum, setLibrary, type ProgrammeCurriculum } from '../../api/programme';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import { SelectField, TextAreaField } from './fields';
import { NodeForm, useNodeSave, useProgrammeChanged } from './node-form';
import styles from './programme.module.css';

interface CurriculumValues {
  name: string;
  description: string;
  due: 'open' | 'duration' | 'date';
  durationDays: number;
  dueDate: string;
  validityRule: ValidityRuleKind;
  validityMonths: number;
}

const valuesOf = (curriculum: ProgrammeCurriculum): CurriculumValues => ({
  name: curriculum.name,
  description: curriculum.description,
  due:
    curriculum.defaultDurationDays !== null
      ? 'duration'
      : curriculum.defaultDueDate !== null
        ? 'date'
        : 'open',
  durationDays: curriculum.defaultDurationDays ?? 90,
  dueDate: curriculum.defaultDueDate ?? '',
  validityRule: curriculum.validityRule,
  validityMonths: curriculum.validityRule === 'none' ? 12 : curriculum.validityMonths,
});

const VALIDITY_OPTIONS = VALIDITY_RULE_KINDS.map((value) => ({
  value,
  label: VALIDITY_RULE_LABELS[value],
}));

const DUE_OPTIONS = [
  { value: 'open', label: 'Open-ended (no due date)' },
  { value: 'duration', label: 'A number of days after the start' },
  { value: 'date', label: 'A fixed due date' },
];

/** A curriculum's details: name, description, what new assignments default to, the library. */
export function CurriculumForm({
  curriculum,
  canEdit,
  canLibrary,
}: {
  curriculum: ProgrammeCurriculum;
  canEdit: boolean;
  canLibrary: boolean;
}) {
  const form = useForm<CurriculumValues>({ values: valuesOf(curriculum) });
  const [problems, setProblems] = useState<string[]>([]);
  const { mutation, status, setStatus } = useNodeSave(
    (body: Parameters<typeof editCurriculum>[1]) => editCurriculum(curriculum.curriculumKey, body),
  );
  const due = useWatch({ control: form.control, name: 'due' });
  const validity = useWatch({ control: form.control, name: 'validityRule' });
  const onSubmit = (values: CurriculumValues) => {
    const settings = {
      name: values.name.trim(),
      description: values.description,
      defaultDurationDays: values.due === 'duration' ? values.durationDays : null,
      defaultDueDate: values.due === 'date' ? values.dueDate : null,
      validityRule: values.validityRule,
      validityMonths: values.validityRule === 'none' ? 0 : values.validityMonths,
    };
    const found = curriculumProblems(settings);
    setProblems(found);
    if (found.length > 0) setStatus(null);
    if (found.length === 0) mutation.mutate(settings);
  };
  const courses = curriculum.courses.length;
  return (
    <NodeForm
      heading={`Curriculum: ${curriculum.name}`}
      facts={
        <p>
          {courses} {courses === 1 ? 'course' : 'courses'}; assigned to {curriculum.assignedCount}{' '}
          {curriculum.assignedCount === 1 ? 'student' : 'students'}
          {curriculum.assignedCount > 0 && ': changes reach them at once'}
        </p>
      }
      form={form}
      canEdit={canEdit}
      onSubmit={onSubmit}
      problems={problems}
      busy={mutation.isPending}
      error={mutation.error}
      status={status}
      after={<LibraryFlag curriculum={curriculum} canChange={canLibrary} />}
    >
      <FormField
        form={form}
        name="name"
        label="Name"
        maxLength={PROGRAMME_NAME_MAX + 50}
        rules={{ required: 'The curriculum name is empty.' }}
      />
      <TextAreaField form={form} name="description" label="Description" />
      <SelectField form={form} name="due" label="New assignments are due" options={DUE_OPTIONS} />
      {due === 'duration' && (
        <FormField
          form={form}
          name="durationDays"
          label="Days after the start"
          type="number"
          min={1}
          rules={{ valueAsNumber: true }}
        />
      )}
      {due === 'date' && <FormField form={form} name="dueDate" label="Due date" type="date" />}
      <SelectField
        form={form}
        name="validityRule"
        label="Validity"
        hint="Counts the completions recorded from now on; earlier ones keep the end they were given."
        options={VALIDITY_OPTIONS}
      />
      {validity !== 'none' && (
        <FormField
          form={form}
          name="validityMonths"
          label="Validity in months"
          type="number"
          min={1}
          rules={{ valueAsNumber: true }}
        />
      )}
    </NodeForm>
  );
}

/** Whether the curriculum's courses are in the library (§2 Library), its own permission. */
function LibraryFlag({
  curriculum,
  canChange,
}: {
  curriculum: ProgrammeCurriculum;
  canChange: boolean;
}) {
  const changed = useProgrammeChanged();
  const mutation = useMutation({
    mutationFn: (inLibrary: boolean) => setLibrary(curriculum.curriculumKey, inLibrary),
    onSuccess: () => changed(),
  });
  const id = `library-${curriculum.curriculumKey}`;
  return (
    <div className={styles.subForm}>
      <h3 className={styles.subHeading}>Library</h3>
      <div className={styles.checkboxField}>
        <input
          id={id}
          type="checkbox"
          checked={curriculum.inLibrary}
          disabled={!canChange || mutation.isPending}
          onChange={(event) => mutation.mutate(event.target.checked)}
        />
        <label htmlFor={id}>Students see its courses in the Library (no tracking there)</label>
      </div>
      <ErrorLine message={mutation.error ? errorMessage(mutation.error) : null} />
    </div>
  );
}
