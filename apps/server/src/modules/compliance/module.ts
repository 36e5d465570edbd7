import type { FeatureArea } from '../feature-area.js';
import { complianceExportRoutes } from './exports/routes.js';
import { inspectionPageRoutes } from './inspector/page-routes.js';
import { inspectionRoutes, inspectorLinkRoutes } from './inspector/routes.js';
import { complianceRoutes } from './routes.js';
import { standingJobs } from './standings.js';
import { complianceReportJobs } from './subscriptions/jobs.js';
import { complianceSubscriptionRoutes } from './subscriptions/routes.js';

/**
 * Compliance oversight (docs/decisions/0022): assignment standings kept fresh (standings.ts and
 * migration 0026's triggers), the qualification matrix, the daily lists and a cell's history.
 */
export const complianceArea: FeatureArea = {
  name: 'compliance',
  lmsRoutes: [
    complianceRoutes,
    complianceExportRoutes,
    inspectorLinkRoutes,
    inspectionRoutes,
    complianceSubscriptionRoutes,
  ],
  rootRoutes: [inspectionPageRoutes],
  jobs: (deps) => [...standingJobs(deps), ...complianceReportJobs(deps)],
  migrations: ['0026-compliance'],
};
