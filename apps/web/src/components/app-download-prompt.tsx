import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getAppDownloadLinks } from '../api/public-info';
import { unwrap } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { IconClose, IconDownload } from './icons';
import styles from './app-download-prompt.module.css';

/**
 * §2 Dashboard: the app-download prompt is "shown when the dashboard flag is absent or 0 or less".
 * That is exactly when §2's route rules send a visit to the dashboard on to Assignments, so the
 * prompt shows on Assignments, where such a student lands (ADR 0010).
 */
export function showsAppDownloadPrompt(showDashboard: number | null | undefined): boolean {
  return showDashboard === null || showDashboard === undefined || showDashboard <= 0;
}

/** The app-download prompt at bottom right (§2), from GET /api/AppDownload/GetLinks/. */
export function AppDownloadPrompt() {
  const [closed, setClosed] = useState(false);
  const links = useQuery({
    // The shell's App Download strip reads the same links: one key, one request.
    queryKey: queryKeys.appDownloadLinks(),
    queryFn: async () => unwrap(await getAppDownloadLinks()),
    retry: false,
    staleTime: 60 * 60_000,
  });
  const shown = (links.data ?? []).filter((link) => link.willRender && link.link);
  if (closed || shown.length === 0) return null;
  return (
    <aside className={styles.prompt} aria-label="App Download" data-testid="app-download-prompt">
      <div className={styles.promptHead}>
        <IconDownload size={18} />
        <strong>Get the app</strong>
        <button type="button" aria-label="Dismiss" onClick={() => setClosed(true)}>
          <IconClose size={14} />
        </button>
      </div>
      <div className={styles.promptLinks}>
        {shown.map((link) => (
          <a key={link.label} href={link.link} target="_blank" rel="noreferrer">
            {link.label}
          </a>
        ))}
      </div>
    </aside>
  );
}
