import { Route, Routes } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SectionTabs, type SectionTab } from '../../components/section-tabs';
import { RolesView } from './roles-view';
import { StaffView } from './staff-view';
import styles from './staff.module.css';

// Absolute (below the router's /console base): a relative '' inside this splat route would
// resolve to the address shown, so the Staff tab would never lead back from Roles.
const TABS: readonly SectionTab[] = [
  { to: '/staff', label: 'Staff', end: true },
  { to: '/staff/roles', label: 'Roles', end: false },
];

/**
 * Staff and roles (docs/decisions/0021): who is staff with which role and scope, and the roles
 * of the LMS as §3 Permissions flags. Reading needs staff.view; changes need staff.manage
 * (administrators), and the server checks both again.
 */
export default function StaffPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Staff and roles"
        description="Who uses the console, what their role lets them do, and which students they see."
      />
      <SectionTabs label="Staff and roles" tabs={TABS} />
      <Routes>
        <Route index element={<StaffView />} />
        <Route path="roles" element={<RolesView />} />
      </Routes>
    </div>
  );
}
