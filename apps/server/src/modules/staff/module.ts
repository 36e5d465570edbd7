import type { FeatureArea } from '../feature-area.js';
import { staffCli } from './cli.js';
import { staffCommands } from './operator-commands.js';
import { auditRoutes } from './audit.routes.js';
import { rolesRoutes } from './roles.routes.js';
import { staffRoutes } from './routes.js';

/**
 * The staff console's foundation (docs/decisions/0021): roles and staff members, their guard and
 * scope (guard.ts, scope.ts), the audit log (audit.ts), the console's session call, and the
 * operator's staff commands; the roles and staff pages (roles.routes.ts) and the audit log's
 * reading (audit.routes.ts).
 */
export const staffArea: FeatureArea = {
  name: 'staff',
  lmsRoutes: [staffRoutes, rolesRoutes, auditRoutes],
  operatorCommands: staffCommands,
  cli: staffCli,
  migrations: ['0022-staff-console'],
};
