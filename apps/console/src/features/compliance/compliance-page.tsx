import { Route, Routes } from 'react-router';
import { useAllows } from '../../api/session';
import { PageHeader } from '../../components/page-header';
import { SectionTabs } from '../../components/section-tabs';
import { InspectorLinks } from './inspector-links';
import { ListsView } from './lists-view';
import { MatrixView } from './matrix-view';
import { RecordsBundle } from './records-bundle';
import { ReportPanel } from './report-panel';
import styles from './compliance.module.css';

/**
 * Compliance (docs/decisions/0022): who is current, due, overdue or expired in the viewer's
 * scope. The matrix and the daily lists (their filters in the address, carried between the two),
 * exports, the signed records bundle, the scheduled report, and, with compliance.inspectors,
 * inspector links. Reading needs compliance.view; the server checks every call and the scope again.
 */
export default function CompliancePage() {
  const canInspect = useAllows('compliance.inspectors');
  const canExport = useAllows('compliance.export');
  const tabs = [
    { to: '/compliance', label: 'Matrix', end: true },
    { to: '/compliance/lists', label: 'Lists' },
    { to: '/compliance/report', label: 'Scheduled report' },
    ...(canExport ? [{ to: '/compliance/bundle', label: 'Records bundle' }] : []),
    ...(canInspect ? [{ to: '/compliance/inspectors', label: 'Inspector links' }] : []),
  ];
  return (
    <div className={styles.page}>
      <PageHeader
        title="Compliance"
        description="Who is current, due, overdue or expired in your scope, and the records an auditor asks for."
      />
      <SectionTabs label="Compliance" tabs={tabs} keepSearch />
      <Routes>
        <Route index element={<MatrixView />} />
        <Route path="lists" element={<ListsView />} />
        <Route path="report" element={<ReportPanel />} />
        {canExport && <Route path="bundle" element={<RecordsBundle />} />}
        {canInspect && <Route path="inspectors" element={<InspectorLinks />} />}
      </Routes>
    </div>
  );
}
