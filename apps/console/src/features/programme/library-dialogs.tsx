import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { nameProblem } from '@waypoint/domain/staff';
import { Button, ErrorLine, Modal, ProgressBar, TextField } from '@waypoint/ui';
import { FormField, fieldError } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import {
  addLibraryLink,
  createStudentGroup,
  LIBRARY_FILE_FIELD,
  LIBRARY_FILE_MAX_BYTES,
  libraryKey,
  limitLibraryCourse,
  limitLibraryMedia,
  uploadLibraryFile,
  type StudentGroupItem,
} from './library-api';
import own from './library.module.css';
import styles from './programme.module.css';

/** Refreshes the library after a change. */
function useLibraryChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: libraryKey() });
}

/** What the server takes as a link (library/manage.service.ts): an http or https address. */
export function linkProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Enter the address (https://...).';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `'${text}' is not an address (https://...).`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The link must start with https:// or http://.';
  return null;
}

interface LinkValues {
  name: string;
  link: string;
}

/** Adds a web link (opens in a new tab for the students who may see it). */
export function AddLinkDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<LinkValues>({ defaultValues: { name: '', link: '' } });
  const changed = useLibraryChanged();
  const mutation = useMutation({
    mutationFn: (values: LinkValues) =>
      addLibraryLink({ name: values.name.trim(), link: values.link.trim(), groups: [] }),
    onSuccess: async () => {
      await changed();
      close(false);
    },
  });
  function close(next: boolean) {
    if (!next) {
      form.reset();
      mutation.reset();
    }
    onOpenChange(next);
  }
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add a web link"
      description="Students see it in the library; it opens in a new tab."
      width={520}
      footer={
        <>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button
            type="submit"
            form="library-link-form"
            variant="primary"
            busy={mutation.isPending}
          >
            Add link
          </Button>
        </>
      }
    >
      <form
        id="library-link-form"
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <fieldset disabled={mutation.isPending} className={styles.fieldset}>
          <legend className={styles.visuallyHidden}>The link</legend>
          <FormField
            form={form}
            name="name"
            label="Name"
            rules={{ validate: (value: unknown) => nameProblem(String(value), 'name') ?? true }}
          />
          <FormField
            form={form}
            name="link"
            label="Address"
            type="url"
            placeholder="https://"
            rules={{ validate: (value: unknown) => linkProblem(String(value)) ?? true }}
          />
        </fieldset>
        <ErrorLine message={mutation.error ? errorMessage(mutation.error) : null} />
      </form>
    </Modal>
  );
}

interface FileValues {
  files: FileList | null;
  name: string;
}

const MAX_MB = Math.floor(LIBRARY_FILE_MAX_BYTES / 1024 ** 2);

/** Uploads a media file with a progress bar (served to students as a download). */
export function AddFileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<FileValues>({ defaultValues: { files: null, name: '' } });
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const changed = useLibraryChanged();
  const mutation = useMutation({
    mutationFn: (body: FormData) => {
      abort.current = new AbortController();
      setProgress(0);
      return uploadLibraryFile(body, { onProgress: setProgress, signal: abort.current.signal });
    },
    onSuccess: async () => {
      await changed();
      close(false);
    },
    onSettled: () => setProgress(null),
  });
  function close(next: boolean) {
    if (!next) {
      abort.current?.abort();
      form.reset();
      mutation.reset();
    }
    onOpenChange(next);
  }
  const onSubmit = (values: FileValues) => {
    const file = values.files?.[0];
    if (!file) {
      form.setError('files', { message: 'Choose a file.' });
      return;
    }
    if (file.size === 0) {
      form.setError('files', { message: 'The file is empty.' });
      return;
    }
    if (file.size > LIBRARY_FILE_MAX_BYTES) {
      form.setError('files', { message: `The file is larger than ${MAX_MB} MB.` });
      return;
    }
    const body = new FormData();
    if (values.name.trim()) body.append('name', values.name.trim());
    body.append(LIBRARY_FILE_FIELD, file, file.name);
    mutation.mutate(body);
  };
  const uploading = mutation.isPending;
  const fileMessage = fieldError(form, 'files');
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add a file"
      description={`A document, picture or short clip, up to ${MAX_MB} MB. Students download it.`}
      width={520}
      footer={
        <>
          <Button onClick={() => close(false)}>{uploading ? 'Cancel upload' : 'Cancel'}</Button>
          <Button type="submit" form="library-file-form" variant="primary" busy={uploading}>
            Upload
          </Button>
        </>
      }
    >
      <form
        id="library-file-form"
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <fieldset disabled={uploading} className={styles.fieldset}>
          <legend className={styles.visuallyHidden}>The file</legend>
          <div className={styles.fileField}>
            <label htmlFor="library-file-input">File</label>
            <input
              id="library-file-input"
              type="file"
              aria-invalid={fileMessage ? true : undefined}
              aria-describedby={fileMessage ? 'library-file-input-error' : undefined}
              {...form.register('files')}
            />
            {fileMessage && (
              <span id="library-file-input-error" className={styles.fieldError}>
                {fileMessage}
              </span>
            )}
          </div>
          <FormField
            form={form}
            name="name"
            label="Name (optional)"
            hint="Empty: the file's name."
            rules={{
              validate: (value: unknown) =>
                String(value).trim() === '' ? true : (nameProblem(String(value), 'name') ?? true),
            }}
          />
        </fieldset>
        {progress !== null && (
          <div className={styles.progress}>
            <ProgressBar value={progress} label="Upload progress" />
            <span role="status">
              {progress < 100 ? `Uploading... ${progress}%` : 'Checking the file...'}
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

/** A media item or a library course whose groups are edited. */
export interface GroupsTarget {
  kind: 'media' | 'course';
  key: number;
  name: string;
  groups: string[];
}

/**
 * Limits an item to student groups (none ticked: every student of the LMS); a group can be made
 * here (empty; members join it with the student-group command or an import).
 */
export function GroupsDialog({
  target,
  groups,
  onOpenChange,
}: {
  target: GroupsTarget;
  groups: StudentGroupItem[];
  onOpenChange: (open: boolean) => void;
}) {
  const [chosen, setChosen] = useState<string[]>(target.groups);
  const [newName, setNewName] = useState('');
  const [nameMessage, setNameMessage] = useState<string | null>(null);
  const changed = useLibraryChanged();
  const save = useMutation({
    mutationFn: () =>
      target.kind === 'media'
        ? limitLibraryMedia(target.key, chosen)
        : limitLibraryCourse(target.key, chosen),
    onSuccess: async () => {
      await changed();
      onOpenChange(false);
    },
  });
  const create = useMutation({
    mutationFn: (name: string) => createStudentGroup(name),
    onSuccess: async (group) => {
      await changed();
      setChosen((now) => [...now, group.name]);
      setNewName('');
    },
  });
  const toggle = (name: string, on: boolean) =>
    setChosen((now) => (on ? [...now, name] : now.filter((other) => other !== name)));
  const addGroup = () => {
    const problem = nameProblem(newName, 'group name');
    setNameMessage(problem);
    if (!problem) create.mutate(newName.trim());
  };
  const busy = save.isPending || create.isPending;
  return (
    <Modal
      open
      onOpenChange={(open) => !busy && onOpenChange(open)}
      title={`Who sees '${target.name}'`}
      description="Tick the student groups that see it; none ticked: every student of the LMS."
      width={520}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" busy={save.isPending} onClick={() => save.mutate()}>
            Save groups
          </Button>
        </>
      }
    >
      <fieldset disabled={busy} className={styles.fieldset}>
        <legend className={styles.legend}>Student groups</legend>
        {groups.length === 0 ? (
          <p className={styles.hint}>The LMS has no student groups yet.</p>
        ) : (
          <ul className={own.groupList}>
            {groups.map((group) => (
              <li key={group.groupKey}>
                <label className={styles.checkboxField}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(group.name)}
                    onChange={(event) => toggle(group.name, event.target.checked)}
                  />
                  <span>
                    {group.name}{' '}
                    <span className={styles.hint}>
                      ({group.members} {group.members === 1 ? 'member' : 'members'})
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.inlineForm}>
          <TextField
            label="New group"
            value={newName}
            invalid={nameMessage !== null}
            hint={
              nameMessage ? <span className={styles.fieldError}>{nameMessage}</span> : undefined
            }
            onChange={(event) => {
              setNameMessage(null);
              setNewName(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addGroup();
              }
            }}
          />
          <Button small busy={create.isPending} onClick={addGroup}>
            Make group
          </Button>
        </div>
      </fieldset>
      <ErrorLine
        message={
          save.error ? errorMessage(save.error) : create.error ? errorMessage(create.error) : null
        }
      />
    </Modal>
  );
}
