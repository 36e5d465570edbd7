import type { FeatureArea } from '../feature-area.js';
import { assignmentRoutes } from './routes.js';

/**
 * Assignments from the staff console (docs/decisions/0021): bulk assign and unassign, assignment
 * rules (rules.ts: applyAssignmentRules for people who join or change), and the assignment tables.
 */
export const assignmentsArea: FeatureArea = {
  name: 'assignments',
  lmsRoutes: [assignmentRoutes],
  migrations: ['0025-assignment-rules'],
};
