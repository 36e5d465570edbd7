import { Route, Routes } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SectionTabs, type SectionTab } from '../../components/section-tabs';
import { AssignForm } from './assign-form';
import { CurriculaView, CurriculumAssignmentsView } from './curricula-view';
import { PersonAssignmentsView } from './person-assignments';
import { RulesView } from './rules-view';
import styles from './assignments.module.css';

// Absolute (below the console's base): relative links in a splat route resolve against the
// whole address, so a tab would nest under the one before it.
const TABS: readonly SectionTab[] = [
  { to: '/assignments', label: 'Assign', end: true },
  { to: '/assignments/rules', label: 'Rules', end: false },
  { to: '/assignments/curricula', label: 'By curriculum', end: false },
];

/**
 * Assignments (docs/decisions/0021): assign curricula to people or by rule, the rules, and the
 * assignments of a curriculum or a person with Unassign. Reading needs assignments.view, changes
 * assignments.assign; the server checks both again, and the scope.
 */
export default function AssignmentsPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Assignments"
        description="Give curricula to people, by hand or by rule, and see who holds what."
      />
      <SectionTabs label="Assignments" tabs={TABS} />
      <Routes>
        <Route index element={<AssignForm />} />
        <Route path="rules" element={<RulesView />} />
        <Route path="curricula" element={<CurriculaView />} />
        <Route path="curricula/:curriculumKey" element={<CurriculumAssignmentsView />} />
        <Route path="person/:userKey" element={<PersonAssignmentsView />} />
      </Routes>
    </div>
  );
}
