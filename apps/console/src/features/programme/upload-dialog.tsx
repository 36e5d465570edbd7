import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { nameProblem } from '@waypoint/domain/staff';
import { Button, ErrorLine, Modal, ProgressBar } from '@waypoint/ui';
import { uploadPackage, type PackageImported } from '../../api/programme';
import { FormField, fieldError } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import { useProgrammeChanged } from './node-form';
import type { NodeKind } from './tree-model';
import styles from './programme.module.css';

/** Where an upload may go besides a new curriculum: the node selected in the tree. */
export interface UploadPlace {
  kind: Exclude<NodeKind, 'lesson'>;
  key: number;
  label: string;
}

interface UploadValues {
  files: FileList | null;
  destination: 'new' | 'selected';
  curriculumName: string;
  courseName: string;
}

const PLACE_TEXT = {
  curriculum: (label: string) => `A new course in curriculum '${label}'`,
  course: (label: string) => `New topics at the end of course '${label}'`,
  topic: (label: string) => `New lessons at the end of topic '${label}'`,
};

/**
 * Uploads a SCORM package (zip) with a progress bar: into a new curriculum, or into the selected
 * curriculum, course or topic. A refusal shows the importer's reason; nothing was kept.
 */
export function UploadDialog({
  open,
  onOpenChange,
  place,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  place: UploadPlace | null;
  onImported: (result: PackageImported) => void;
}) {
  const form = useForm<UploadValues>({
    defaultValues: {
      files: null,
      destination: place ? 'selected' : 'new',
      curriculumName: '',
      courseName: '',
    },
  });
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const changed = useProgrammeChanged();
  const mutation = useMutation({
    mutationFn: (body: FormData) => {
      abort.current = new AbortController();
      setProgress(0);
      return uploadPackage(body, { onProgress: setProgress, signal: abort.current.signal });
    },
    onSuccess: async (result) => {
      await changed();
      onImported(result);
      close(false);
    },
    onSettled: () => setProgress(null),
  });
  const destination = useWatch({ control: form.control, name: 'destination' });

  function close(next: boolean) {
    if (!next) {
      abort.current?.abort();
      form.reset();
      mutation.reset();
    }
    onOpenChange(next);
  }

  const onSubmit = (values: UploadValues) => {
    const file = values.files?.[0];
    if (!file) {
      form.setError('files', { message: 'Choose a SCORM package (a .zip file).' });
      return;
    }
    const body = new FormData();
    if (values.destination === 'selected' && place) {
      body.append(`${place.kind}Key`, String(place.key));
      if (place.kind === 'curriculum' && values.courseName.trim())
        body.append('courseName', values.courseName.trim());
    } else {
      body.append('curriculumName', values.curriculumName.trim());
      if (values.courseName.trim()) body.append('courseName', values.courseName.trim());
    }
    body.append('package', file, file.name);
    mutation.mutate(body);
  };

  const uploading = mutation.isPending;
  const fileMessage = fieldError(form, 'files');
  const askCourse = destination === 'new' || place?.kind === 'curriculum';
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Upload a SCORM package"
      description="SCORM 1.2 or 2004, as a .zip file with imsmanifest.xml at its root."
      width={560}
      footer={
        <>
          <Button onClick={() => close(false)}>{uploading ? 'Cancel upload' : 'Cancel'}</Button>
          <Button type="submit" form="upload-package-form" variant="primary" busy={uploading}>
            Upload
          </Button>
        </>
      }
    >
      <form
        id="upload-package-form"
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <fieldset disabled={uploading} className={styles.fieldset}>
          <legend className={styles.visuallyHidden}>Package and destination</legend>
          <div className={styles.fileField}>
            <label htmlFor="upload-package-file">Package (.zip)</label>
            <input
              id="upload-package-file"
              type="file"
              accept=".zip,application/zip"
              aria-invalid={fileMessage ? true : undefined}
              aria-describedby={fileMessage ? 'upload-package-file-error' : undefined}
              {...form.register('files')}
            />
            {fileMessage && (
              <span id="upload-package-file-error" className={styles.fieldError}>
                {fileMessage}
              </span>
            )}
          </div>
          <div role="radiogroup" aria-label="Where the lessons go" className={styles.radios}>
            <label>
              <input type="radio" value="new" {...form.register('destination')} /> A new curriculum
            </label>
            {place && (
              <label>
                <input type="radio" value="selected" {...form.register('destination')} />{' '}
                {PLACE_TEXT[place.kind](place.label)}
              </label>
            )}
          </div>
          {destination === 'new' && (
            <FormField
              form={form}
              name="curriculumName"
              label="Curriculum name"
              rules={{
                validate: (value: unknown) => nameProblem(String(value), 'curriculum name') ?? true,
              }}
            />
          )}
          {askCourse && (
            <FormField
              form={form}
              name="courseName"
              label="Course name (optional)"
              hint="Empty: the package's title."
              rules={{
                validate: (value: unknown) =>
                  String(value).trim() === ''
                    ? true
                    : (nameProblem(String(value), 'course name') ?? true),
              }}
            />
          )}
        </fieldset>
        {progress !== null && (
          <div className={styles.progress}>
            <ProgressBar value={progress} label="Upload progress" />
            <span role="status">
              {progress < 100
                ? `Uploading... ${progress}%`
                : 'Checking and importing the package...'}
            </span>
          </div>
        )}
        <ErrorLine
          message={
            mutation.error && !(mutation.error instanceof DOMException)
              ? errorMessage(mutation.error)
              : null
          }
        />
      </form>
    </Modal>
  );
}
