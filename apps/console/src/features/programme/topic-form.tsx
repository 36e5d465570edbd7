import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  LESSON_PREREQUISITE_NAMES,
  nameProblem,
  PROGRAMME_NAME_MAX,
  topicProblems,
} from '@waypoint/domain/staff';
import { Button, ErrorLine } from '@waypoint/ui';
import { addClassroomLesson, editTopic, type ProgrammeTopic } from '../../api/programme';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import { SelectField, TextAreaField } from './fields';
import { MoveButtons, NodeForm, useNodeSave, useProgrammeChanged } from './node-form';
import styles from './programme.module.css';

interface TopicValues {
  name: string;
  description: string;
  prerequisite: string;
}

/** A topic's details (§2: an empty name shows 'Chapter'; §4 lesson prerequisites). */
export function TopicForm({
  topic,
  canEdit,
  canAddClassroom,
  isFirst,
  isLast,
  onAdded,
}: {
  topic: ProgrammeTopic;
  canEdit: boolean;
  canAddClassroom: boolean;
  isFirst: boolean;
  isLast: boolean;
  onAdded: (lessonKey: number) => void;
}) {
  const form = useForm<TopicValues>({
    values: {
      name: topic.name,
      description: topic.description,
      prerequisite: String(topic.prerequisite),
    },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const { mutation, status, setStatus } = useNodeSave((body: Parameters<typeof editTopic>[1]) =>
    editTopic(topic.topicKey, body),
  );
  const onSubmit = (values: TopicValues) => {
    const settings = {
      name: values.name.trim(),
      description: values.description,
      prerequisite: Number(values.prerequisite),
    };
    const found = topicProblems(settings);
    setProblems(found);
    if (found.length > 0) setStatus(null);
    if (found.length === 0) mutation.mutate(settings);
  };
  return (
    <NodeForm
      heading={`Topic: ${topic.name || 'Chapter'}`}
      facts={<p>{topic.lessons.length} lessons</p>}
      form={form}
      canEdit={canEdit}
      onSubmit={onSubmit}
      problems={problems}
      busy={mutation.isPending}
      error={mutation.error}
      status={status}
      after={
        <>
          {canEdit && (
            <MoveButtons level="topic" itemKey={topic.topicKey} isFirst={isFirst} isLast={isLast} />
          )}
          {canAddClassroom && <ClassroomLessonForm topicKey={topic.topicKey} onAdded={onAdded} />}
        </>
      }
    >
      <FormField
        form={form}
        name="name"
        label="Name"
        hint="Empty: students see 'Chapter'."
        maxLength={PROGRAMME_NAME_MAX + 50}
      />
      <TextAreaField form={form} name="description" label="Description" />
      <SelectField
        form={form}
        name="prerequisite"
        label="Prerequisite of its lessons"
        options={Object.entries(LESSON_PREREQUISITE_NAMES).map(([value, label]) => ({
          value,
          label: `${value}: ${label}`,
        }))}
      />
    </NodeForm>
  );
}

/** Adds a classroom lesson (player 'CLAS', §2) at the end of the topic. */
function ClassroomLessonForm({
  topicKey,
  onAdded,
}: {
  topicKey: number;
  onAdded: (lessonKey: number) => void;
}) {
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const changed = useProgrammeChanged();
  const mutation = useMutation({
    mutationFn: (name: string) => addClassroomLesson(topicKey, { name }),
    onSuccess: async (result) => {
      form.reset({ name: '' });
      await changed();
      onAdded(result.key);
    },
  });
  return (
    <form
      className={styles.subForm}
      noValidate
      onSubmit={form.handleSubmit(({ name }) => mutation.mutate(name.trim()))}
    >
      <h3 className={styles.subHeading}>Add a classroom lesson</h3>
      <div className={styles.inlineForm}>
        <FormField
          form={form}
          name="name"
          label="Lesson name"
          maxLength={PROGRAMME_NAME_MAX + 50}
          rules={{
            validate: (value: string) => nameProblem(value, 'lesson name') ?? true,
          }}
        />
        <Button type="submit" busy={mutation.isPending}>
          Add classroom lesson
        </Button>
      </div>
      <ErrorLine message={mutation.error ? errorMessage(mutation.error) : null} />
    </form>
  );
}
