import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorLine, fieldClassNames } from '@waypoint/ui';
import { importPeople, previewImport, type ImportResult } from '../../api/people';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import { PageHeader } from '../../components/page-header';
import { EmptyState, errorMessage } from '../../components/states';
import styles from './people.module.css';

const COLUMNS =
  'login, email, given_name, family_name (required); employee_id, base, fleet, position, restriction_group, mfa, student (yes/no)';
const EXAMPLE =
  'login,email,given_name,family_name,base,fleet,position,restriction_group\njsmith,jane.smith@example.com,Jane,Smith,LHR,A320,FO,LHR';
const ACTION_TEXT = { create: 'New', update: 'Update', unchanged: 'No change' } as const;

function Preview({ result }: { result: ImportResult }) {
  if (result.problems.length > 0) {
    return (
      <section className={styles.card} aria-labelledby="import-problems">
        <h2 id="import-problems" className={styles.cardHeading}>
          {result.problems.length === 1 ? '1 problem' : `${result.problems.length} problems`}:
          nothing can be imported until the file is fixed
        </h2>
        <ul className={styles.problems}>
          {result.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="import-preview">
      <h2 id="import-preview" className={styles.cardHeading}>
        {result.imported ? 'Imported' : 'Preview'}: {result.created} new, {result.updated} updated,{' '}
        {result.unchanged} unchanged
      </h2>
      <div
        className={styles.recordScroller}
        role="region"
        aria-label="Lines of the file"
        tabIndex={0}
      >
        <table className={styles.recordTable}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Login</th>
              <th scope="col">Name</th>
              <th scope="col">What happens</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((line) => (
              <tr key={line.line}>
                <td>{line.line}</td>
                <th scope="row">{line.userID}</th>
                <td>{line.displayName}</td>
                <td>{ACTION_TEXT[line.action]}</td>
                <td>{line.changes.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The CSV import (docs/decisions/0021): paste the file or choose it, preview (per-line problems
 * and what each line would do; nothing written), then import, all or nothing. The Import button
 * exists only for a previewed text without problems; the server checks everything again.
 */
export function ImportPage() {
  const allowed = useAllows('people.import');
  const client = useQueryClient();
  const [csv, setCsv] = useState('');
  const [previewed, setPreviewed] = useState<{ csv: string; result: ImportResult } | null>(null);
  const [fileError, setFileError] = useState('');
  const textId = useId();
  const fileId = useId();
  const preview = useMutation({
    mutationFn: (text: string) => previewImport(text),
    onSuccess: (result, text) => setPreviewed({ csv: text, result }),
  });
  const run = useMutation({
    mutationFn: (text: string) => importPeople(text),
    onSuccess: async (result, text) => {
      setPreviewed({ csv: text, result });
      await client.invalidateQueries({ queryKey: queryKeys.people.lists() });
    },
  });
  if (!allowed) return <EmptyState title="You do not have permission to import people." />;
  const current = previewed?.csv === csv ? previewed.result : null;
  const canImport =
    current !== null &&
    !current.imported &&
    current.problems.length === 0 &&
    current.created + current.updated > 0;
  const choose = async (file: File | undefined) => {
    setFileError('');
    if (!file) return;
    if (file.size > 2_500_000) {
      setFileError('The file is larger than 2.5 MB: split it into smaller files.');
      return;
    }
    setCsv(await file.text());
    preview.reset();
    run.reset();
  };
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to="/people">← People</Link>
      </p>
      <PageHeader
        title="Import people"
        description="A CSV file with a header row. A login already in the LMS updates that person; a new one adds them. Nothing is written until you import, and then all of it or none of it."
      />
      <section className={`${styles.card} ${styles.stack}`}>
        <p className={`${styles.muted} ${styles.note}`}>Columns: {COLUMNS}.</p>
        <div className={fieldClassNames.field}>
          <label className={fieldClassNames.label} htmlFor={fileId}>
            Choose a CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </div>
        <div className={fieldClassNames.field}>
          <label className={fieldClassNames.label} htmlFor={textId}>
            Or paste it here
          </label>
          <textarea
            id={textId}
            className={`${fieldClassNames.input} ${styles.csv}`}
            rows={10}
            spellCheck={false}
            placeholder={EXAMPLE}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
          />
        </div>
        <ErrorLine message={fileError} />
        <ErrorLine
          message={
            preview.error ? errorMessage(preview.error) : run.error ? errorMessage(run.error) : null
          }
        />
        <div className={styles.formActions}>
          <Button
            variant={canImport ? 'secondary' : 'primary'}
            busy={preview.isPending}
            disabled={csv.trim() === ''}
            onClick={() => preview.mutate(csv)}
          >
            Preview
          </Button>
          {canImport && (
            <Button variant="primary" busy={run.isPending} onClick={() => run.mutate(csv)}>
              Import {current.created + current.updated}{' '}
              {current.created + current.updated === 1 ? 'person' : 'people'}
            </Button>
          )}
        </div>
      </section>
      {current && <Preview result={current} />}
      {current?.imported && (
        <p role="status" className={styles.saved}>
          Imported. <Link to="/people">Back to people</Link>
        </p>
      )}
    </div>
  );
}
