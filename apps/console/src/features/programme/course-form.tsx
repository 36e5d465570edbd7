import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  COURSE_PREREQUISITE_NAMES,
  courseProblems,
  PROGRAMME_NAME_MAX,
} from '@waypoint/domain/staff';
import { editCourse, type ProgrammeCourse } from '../../api/programme';
import { FormField } from '../../components/form-field';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import { fromPercent, MoveButtons, NodeForm, toPercent, useNodeSave } from './node-form';
import styles from './programme.module.css';

interface CourseValues {
  name: string;
  description: string;
  draft: boolean;
  prerequisiteKey: string;
  minScore: number;
  minScorePass: number;
}

const valuesOf = (course: ProgrammeCourse): CourseValues => ({
  name: course.name,
  description: course.description,
  draft: course.draft,
  prerequisiteKey: String(course.prerequisiteKey),
  minScore: toPercent(course.minScore),
  minScorePass: toPercent(course.minScorePass),
});

/** A course's details (§3 elementDraft, §4 course-level prerequisites, minimum and pass scores). */
export function CourseForm({
  course,
  prerequisiteTypes,
  canEdit,
  isFirst,
  isLast,
}: {
  course: ProgrammeCourse;
  prerequisiteTypes: readonly { prerequisiteKey: number; prerequisiteName: string }[];
  canEdit: boolean;
  isFirst: boolean;
  isLast: boolean;
}) {
  const form = useForm<CourseValues>({ values: valuesOf(course) });
  const [problems, setProblems] = useState<string[]>([]);
  const { mutation, status, setStatus } = useNodeSave((body: Parameters<typeof editCourse>[1]) =>
    editCourse(course.courseKey, body),
  );
  const onSubmit = (values: CourseValues) => {
    const settings = {
      name: values.name.trim(),
      description: values.description,
      draft: values.draft,
      prerequisiteKey: Number(values.prerequisiteKey),
      minScore: fromPercent(values.minScore),
      minScorePass: fromPercent(values.minScorePass),
    };
    const found = courseProblems(settings);
    setProblems(found);
    if (found.length > 0) setStatus(null);
    if (found.length === 0) mutation.mutate(settings);
  };
  const lessons = course.topics.reduce((sum, topic) => sum + topic.lessons.length, 0);
  return (
    <NodeForm
      heading={`Course: ${course.name}`}
      facts={
        <p>
          {course.topics.length} topics, {lessons} lessons
        </p>
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
            level="course"
            itemKey={course.courseKey}
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
        rules={{ required: 'The course name is empty.' }}
      />
      <TextAreaField form={form} name="description" label="Description" />
      <CheckboxField form={form} name="draft" label="Draft: students see it only under Drafts" />
      <SelectField
        form={form}
        name="prerequisiteKey"
        label="Prerequisite"
        hint={isFirst ? 'The first course of a curriculum is never locked (§4).' : undefined}
        options={prerequisiteTypes.map((type) => ({
          value: type.prerequisiteKey,
          label: COURSE_PREREQUISITE_NAMES[type.prerequisiteKey] ?? type.prerequisiteName,
        }))}
      />
      <div className={styles.fieldRow}>
        <FormField
          form={form}
          name="minScore"
          label="Minimum average score (%)"
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
          rules={{ valueAsNumber: true }}
        />
      </div>
    </NodeForm>
  );
}
