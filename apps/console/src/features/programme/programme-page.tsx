import { Route, Routes } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AppLinksView } from './app-links';
import { SectionTabs, type SectionTab } from '../../components/section-tabs';
import { CertificateSettingsView } from './certificate-settings';
import { DocumentForms } from './document-forms';
import { LibraryTab } from './library-view';
import { StructureView } from './structure-view';
import styles from './programme.module.css';

/** The section's address (app/console-routes.tsx); the tabs are addresses below it. */
const BASE = '/programme';

const TABS: readonly SectionTab[] = [
  { to: BASE, label: 'Curricula', end: true },
  { to: `${BASE}/certificates`, label: 'Certificates', end: false },
  { to: `${BASE}/document-forms`, label: 'Document forms', end: false },
  { to: `${BASE}/library`, label: 'Library', end: false },
  { to: `${BASE}/app-links`, label: 'App links', end: false },
];

/**
 * The training programme (docs/decisions/0021): the curricula, courses, topics and lessons with
 * what §3/§4 use, package uploads, certificate settings, document forms, the library and the App
 * Download links (docs/decisions/0024). Every role may read it; each change needs its own
 * permission, and the server checks it again.
 */
export default function ProgrammePage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Training programme"
        description="What is taught: curricula, their courses, topics and lessons. Changes reach assigned students at once; their recorded progress is kept."
      />
      <SectionTabs label="Training programme" tabs={TABS} />
      <Routes>
        <Route index element={<StructureView />} />
        <Route path="certificates" element={<CertificateSettingsView />} />
        <Route path="document-forms" element={<DocumentForms />} />
        <Route path="library" element={<LibraryTab />} />
        <Route path="app-links" element={<AppLinksView />} />
      </Routes>
    </div>
  );
}
