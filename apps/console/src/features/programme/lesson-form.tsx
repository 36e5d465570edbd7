import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CLASSROOM_PLAYER,
  LESSON_PREREQUISITE_NAMES,
  lessonProblems,
  PLAY_MODE_NAMES,
  PROGRAMME_NAME_MAX,
} from '@waypoint/domain/staff';
import { editLesson, type ProgrammeLesson } from '../../api/programme';
import { FormField } from '../../components/form-field';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import { fromPercent, MoveButtons, NodeForm, toPercent, useNodeSave } from './node-form';
import styles from './programme.module.css';

interface LessonValues {
  name: string;
  description: string;
  playMode: string;
  prerequisite: string;
  maxAttempts: number;
  minScoreComplete: number;
  minScorePass: number;
  scorable: boolean;
}

const valuesOf = (lesson: ProgrammeLesson): LessonValues => ({
  name: lesson.name,
  description: lesson.description,
  playMode: String(lesson.playMode),
  prerequisite: String(lesson.prerequisite),
  maxAttempts: lesson.maxAttempts,
  minScoreComplete: toPercent(lesson.minScoreComplete),
  minScorePass: toPercent(lesson.minScorePass),
  scorable: lesson.scorable,
});

const options = (names: Readonly<Record<number, string>>) =>
  Object.entries(names).map(([value, label]) => ({ value, label: `${value}: ${label}` }));

/** A lesson's details (§3 Progress element fields, §4 play modes and prerequisites). */
export function LessonForm({
  lesson,
  canEdit,
  isFirst,
  isLast,
}: {
  lesson: ProgrammeLesson;
  canEdit: boolean;
  isFirst: boolean;
  isLast: boolean;
}) {
  const form = useForm<LessonValues>({ values: valuesOf(lesson) });
  const [problems, setProblems] = useState<string[]>([]);
  const { mutation, status, setStatus } = useNodeSave((body: Parameters<typeof editLesson>[1]) =>
    editLesson(lesson.lessonKey, body),
  );
  const onSubmit = (values: LessonValues) => {
    const settings = {
      name: values.name.trim(),
      description: values.description,
      playMode: Number(values.playMode),
      prerequisite: Number(values.prerequisite),
      maxAttempts: values.maxAttempts,
      minScoreComplete: fromPercent(values.minScoreComplete),
      minScorePass: fromPercent(values.minScorePass),
    };
    const found = lessonProblems(settings);
    setProblems(found);
    if (found.length > 0) setStatus(null);
    if (found.length === 0) mutation.mutate({ ...settings, scorable: values.scorable });
  };
  const classroom = lesson.player === CLASSROOM_PLAYER;
  return (
    <NodeForm
      heading={`Lesson: ${lesson.name}`}
      facts={
        classroom ? (
          <p>Classroom lesson: attended in person, nothing to play online.</p>
        ) : lesson.content ? (
          <p>
            SCORM {lesson.content.scormVersion} package <q>{lesson.content.packageTitle}</q>, item{' '}
            <q>{lesson.content.scoTitle}</q>
          </p>
        ) : (
          <p>No content attached.</p>
        )
      }
      form={form}
      canEdit={canEdit}
      onSubmit={onSubmit}
      problems={problems}
      busy={mutation.isPending}
      error={mutation.error}
      status={status}
      after={
        canEdit && (
          <MoveButtons
            level="lesson"
            itemKey={lesson.lessonKey}
            isFirst={isFirst}
            isLast={isLast}
          />
        )
      }
    >
      <FormField
        form={form}
        name="name"
        label="Name"
        maxLength={PROGRAMME_NAME_MAX + 50}
        rules={{ required: 'The lesson name is empty.' }}
      />
      <TextAreaField form={form} name="description" label="Description" />
      <div className={styles.fieldRow}>
        <SelectField
          form={form}
          name="playMode"
          label="Play mode"
          options={options(PLAY_MODE_NAMES)}
        />
        <SelectField
          form={form}
          name="prerequisite"
          label="Prerequisite"
          options={options(LESSON_PREREQUISITE_NAMES)}
        />
      </div>
      <div className={styles.fieldRow}>
        <FormField
          form={form}
          name="maxAttempts"
          label="Maximum attempts"
          type="number"
          min={0}
          hint="0: no limit"
          rules={{ valueAsNumber: true }}
        />
        <FormField
          form={form}
          name="minScoreComplete"
          label="Minimum score (%)"
          type="number"
          min={0}
          max={100}
          step="any"
          rules={{ valueAsNumber: true }}
        />
        <FormField
          form={form}
          name="minScorePass"
          label="Pass mark (%)"
          type="number"
          min={0}
          max={100}
          step="any"
          hint="0: no pass mark"
          rules={{ valueAsNumber: true }}
        />
      </div>
      <CheckboxField
        form={form}
        name="scorable"
        label="Scored: the pass mark decides whether it is passed"
      />
    </NodeForm>
  );
}
