import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import {
  QUALIFICATION_STATUSES,
  QUALIFICATION_STATUS_TEXT,
  type QualificationStatus,
} from '@waypoint/domain/staff';
import { buttonClassName, IconDownload, Loading } from '@waypoint/ui';
import { ApiError } from '../../api/client';
import {
  inspectionExportUrl,
  useInspection,
  type InspectionExportQuery,
  type InspectionInfo,
} from '../../api/inspection';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/dates';
import { useSettled } from '../../lib/use-settled';
import { InspectionMatrix } from './inspection-matrix';
import { periodText, populationText } from './inspection-text';
import styles from './inspection.module.css';

const DOWNLOADS: { query: InspectionExportQuery; label: string }[] = [
  { query: { what: 'matrix', format: 'csv' }, label: 'Matrix (CSV)' },
  { query: { what: 'matrix', format: 'xlsx' }, label: 'Matrix (XLSX)' },
  { query: { what: 'records', format: 'zip' }, label: 'Training records of the period (zip)' },
];

/**
 * The page's address holds the link's token: no request from it may carry the address in a
 * Referer header. The server answers the page with Referrer-Policy: no-referrer; this says it
 * again in the document, for wherever the page is served from (the Vite dev server).
 */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/**
 * What an external inspector sees through a link (docs/decisions/0022), signed out: whose
 * records, which period and until when the link is open, the population's matrix (read-only, a
 * cell opens its history) and the files to download. Every page and file is audited by the server.
 */
export default function InspectionPage() {
  const { token = '' } = useParams();
  useNoReferrer();
  const info = useInspection(token);
  useEffect(() => {
    if (info.data) document.title = `Inspection: ${info.data.label}`;
  }, [info.data]);

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <span className={styles.brand}>Waypoint</span>
        <span className={styles.barNote}>Read-only inspection</span>
      </header>
      <main className={styles.main}>
        {info.isPending ? (
          <Loading label="Opening the inspection..." size="large" />
        ) : info.isError ? (
          <InvalidLink error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <Inspection token={token} info={info.data} />
        )}
      </main>
    </div>
  );
}

function InvalidLink({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.statusCode === 404) {
    return (
      <EmptyState title={error.message}>
        It may have expired or been withdrawn. Ask the person who sent it for a new link.
      </EmptyState>
    );
  }
  return <ErrorState error={error} title="The inspection could not be opened." onRetry={onRetry} />;
}

function Inspection({ token, info }: { token: string; info: InspectionInfo }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<QualificationStatus | ''>('');
  const settledSearch = useSettled(search.trim(), 300);
  const filter = useMemo(
    () => ({
      ...(settledSearch ? { search: settledSearch } : {}),
      ...(status ? { status } : {}),
    }),
    [settledSearch, status],
  );
  return (
    <>
      <div className={styles.heading}>
        <p className={styles.lms}>{info.lmsName}</p>
        <h1 className={styles.title}>{info.label}</h1>
        <dl className={styles.facts}>
          <div>
            <dt>Who</dt>
            <dd>{populationText(info.population)}</dd>
          </div>
          <div>
            <dt>Period</dt>
            <dd>{periodText(info)}</dd>
          </div>
          <div>
            <dt>Link open until</dt>
            <dd>
              <time dateTime={new Date(info.expiresAt).toISOString()}>
                {formatDateTime(info.expiresAt)}
              </time>
            </dd>
          </div>
        </dl>
      </div>
      <section className={styles.downloads} aria-labelledby="inspection-downloads">
        <h2 id="inspection-downloads" className={styles.subheading}>
          Download
        </h2>
        <ul>
          {DOWNLOADS.map(({ query, label }) => (
            <li key={`${query.what}-${query.format}`}>
              <a
                className={buttonClassName('secondary', { small: true })}
                href={inspectionExportUrl(token, query)}
                rel="noreferrer"
                download
              >
                <IconDownload size={16} />
                {label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {/* Not a named region: the matrix's own scrolling region carries that name. */}
      <section>
        <h2 className={styles.subheading}>Qualification matrix</h2>
        <div className={styles.filters} role="search">
          <label className={styles.field}>
            <span>Search</span>
            <input
              type="search"
              value={search}
              maxLength={200}
              placeholder="Name, login or employee ID"
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span>Status</span>
            <select
              value={status}
              onChange={(event) => setStatus(event.target.value as QualificationStatus | '')}
            >
              <option value="">Any status</option>
              {QUALIFICATION_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {QUALIFICATION_STATUS_TEXT[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <InspectionMatrix token={token} info={info} filter={filter} />
      </section>
    </>
  );
}
