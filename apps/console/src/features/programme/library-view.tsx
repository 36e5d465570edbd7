import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, Loading } from '@waypoint/ui';
import { useAllows } from '../../api/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/states';
import {
  libraryKey,
  removeLibraryMedia,
  useLibrary,
  type LibraryCourseRow,
  type LibraryMediaRow,
} from './library-api';
import { AddFileDialog, AddLinkDialog, GroupsDialog, type GroupsTarget } from './library-dialogs';
import own from './library.module.css';
import styles from './programme.module.css';

/** A file's size as people read it: 512 B, 3.4 KB, 12 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** 'File', 'Link', or the label an operator gave an earlier item ('PDF', 'Note'). */
const kindText = (type: string) =>
  type === 'file'
    ? 'File'
    : type === 'link'
      ? 'Link'
      : type.length <= 3
        ? type.toUpperCase()
        : type.charAt(0).toUpperCase() + type.slice(1);

const groupsText = (groups: string[]) =>
  groups.length === 0 ? 'Every student' : groups.join(', ');

/**
 * The library (§2 Library): the courses of curricula in the library and the media items (web
 * links and files), each open to every student of the LMS or limited to student groups. With
 * programme.library: add a link or a file, remove an item, change its groups.
 */
export function LibraryTab() {
  const query = useLibrary();
  const canEdit = useAllows('programme.library');
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'link' | 'file' | null>(null);
  const [groupsOf, setGroupsOf] = useState<GroupsTarget | null>(null);
  const [removing, setRemoving] = useState<LibraryMediaRow | null>(null);
  const remove = useMutation({
    mutationFn: (item: LibraryMediaRow) => removeLibraryMedia(item.libraryKey),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKey() }),
  });

  const mediaColumns = useMemo<ColumnDef<LibraryMediaRow, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name', size: 220 },
      {
        id: 'kind',
        header: 'Kind',
        size: 80,
        cell: ({ row }) => kindText(row.original.type),
      },
      {
        id: 'what',
        header: 'Address or file',
        size: 260,
        cell: ({ row }) =>
          row.original.type === 'file' ? (
            `${row.original.fileName}${row.original.bytes === null ? '' : ` (${sizeText(row.original.bytes)})`}`
          ) : row.original.link ? (
            <a href={row.original.link} target="_blank" rel="noreferrer noopener">
              {row.original.link}
            </a>
          ) : (
            <span className={styles.hint}>No address</span>
          ),
      },
      { id: 'groups', header: 'Who sees it', cell: ({ row }) => groupsText(row.original.groups) },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: () => <span className="wp-visually-hidden">Actions</span>,
              size: 190,
              cell: ({ row }: { row: { original: LibraryMediaRow } }) => (
                <span className={own.rowActions}>
                  <Button
                    small
                    onClick={() =>
                      setGroupsOf({
                        kind: 'media',
                        key: row.original.libraryKey,
                        name: row.original.name,
                        groups: row.original.groups,
                      })
                    }
                    aria-label={`Groups of ${row.original.name}`}
                  >
                    Groups
                  </Button>
                  <Button
                    small
                    variant="ghost"
                    onClick={() => setRemoving(row.original)}
                    aria-label={`Remove ${row.original.name}`}
                  >
                    Remove
                  </Button>
                </span>
              ),
            },
          ]
        : []),
    ],
    [canEdit],
  );

  const courseColumns = useMemo<ColumnDef<LibraryCourseRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Course',
        size: 220,
        cell: ({ row }) => (
          <>
            {row.original.name}
            {row.original.draft && <span className={styles.tag}> Draft</span>}
          </>
        ),
      },
      { id: 'curriculum', header: 'Curriculum', accessorKey: 'curriculum', size: 200 },
      { id: 'groups', header: 'Who sees it', cell: ({ row }) => groupsText(row.original.groups) },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: () => <span className="wp-visually-hidden">Actions</span>,
              size: 100,
              cell: ({ row }: { row: { original: LibraryCourseRow } }) => (
                <Button
                  small
                  onClick={() =>
                    setGroupsOf({
                      kind: 'course',
                      key: row.original.courseKey,
                      name: row.original.name,
                      groups: row.original.groups,
                    })
                  }
                  aria-label={`Groups of ${row.original.name}`}
                >
                  Groups
                </Button>
              ),
            },
          ]
        : []),
    ],
    [canEdit],
  );

  if (query.isPending) return <Loading label="Loading the library..." />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { media, courses, groups } = query.data;
  return (
    <div className={own.library}>
      <section className={styles.card} aria-labelledby="library-media-heading">
        <div className={styles.paneHeader}>
          <h2 id="library-media-heading" className={styles.detailHeading}>
            Media
          </h2>
          {canEdit && (
            <span className={own.rowActions}>
              <Button small onClick={() => setDialog('link')}>
                Add a link
              </Button>
              <Button small variant="primary" onClick={() => setDialog('file')}>
                Add a file
              </Button>
            </span>
          )}
        </div>
        <p className={styles.hint}>
          Web links open in a new tab; files are downloaded. An item limited to student groups is
          shown only to their members.
          {!canEdit && ' Your role may read this but not change it.'}
        </p>
        {media.length === 0 ? (
          <EmptyState title="There are no media items in the library yet." />
        ) : (
          <DataTable
            label="Library media"
            columns={mediaColumns}
            rows={media}
            getRowId={(item) => String(item.libraryKey)}
          />
        )}
      </section>
      <section className={styles.card} aria-labelledby="library-courses-heading">
        <h2 id="library-courses-heading" className={styles.detailHeading}>
          Library courses
        </h2>
        <p className={styles.hint}>
          The courses of curricula marked &ldquo;In the library&rdquo; on the Curricula tab.
        </p>
        {courses.length === 0 ? (
          <EmptyState title="No curriculum is in the library." />
        ) : (
          <DataTable
            label="Library courses"
            columns={courseColumns}
            rows={courses}
            getRowId={(course) => String(course.courseKey)}
          />
        )}
      </section>
      {canEdit && (
        <>
          <AddLinkDialog
            open={dialog === 'link'}
            onOpenChange={(open) => !open && setDialog(null)}
          />
          <AddFileDialog
            open={dialog === 'file'}
            onOpenChange={(open) => !open && setDialog(null)}
          />
          {groupsOf && (
            <GroupsDialog
              target={groupsOf}
              groups={groups}
              onOpenChange={(open) => !open && setGroupsOf(null)}
            />
          )}
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title="Remove from the library?"
            confirmLabel="Remove"
            danger
            onConfirm={() => remove.mutateAsync(removing!)}
          >
            {removing && (
              <p>
                {removing.type === 'file'
                  ? `The file '${removing.name}' (${removing.fileName}) will be deleted.`
                  : `The ${removing.type === 'link' ? 'link' : 'item'} '${removing.name}' will be removed.`}{' '}
                Students no longer see it.
              </p>
            )}
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
