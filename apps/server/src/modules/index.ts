import type { FastifyInstance } from 'fastify';
import { calendarFeedRoutes } from './calendar-feed/routes.js';
import { nowRoutes } from './now/routes.js';
import { operatorRoutes } from './operator/routes.js';
import { authRoutes } from './auth/routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { lmsInfoRoutes } from './lms-info/routes.js';
import { passwordRoutes } from './users/routes.js';
import { progressRoutes } from './progress/routes.js';
import { widgetRoutes } from './widgets/routes.js';
import { launchRoutes } from './launch/routes.js';
import { documentRoutes } from './documents/routes.js';
import { libraryRoutes } from './library/routes.js';
import { commentRoutes } from './comments/routes.js';
import { reportRoutes } from './reports/routes.js';
import { evaluationRoutes } from './evaluations/routes.js';
import { certificateRoutes } from './certificates/routes.js';
import { reminderRoutes } from './reminders/routes.js';

/**
 * Every module's routes, under /lms (registered with that prefix by app.ts). API routes live
 * under /lms/api (spec §7); each module folder has routes.ts, service.ts, repo.ts, presenter.ts.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(nowRoutes);
  await app.register(operatorRoutes, { prefix: '/operator' });
  // API modules register here, one line each; their routes come from the contract
  // (@waypoint/domain/contract) and carry the /api prefix of spec §7 themselves.
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(lmsInfoRoutes);
  await app.register(passwordRoutes);
  await app.register(progressRoutes);
  await app.register(widgetRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(launchRoutes);
  await app.register(documentRoutes);
  await app.register(libraryRoutes);
  await app.register(commentRoutes);
  await app.register(reportRoutes);
  await app.register(evaluationRoutes);
  await app.register(certificateRoutes);
  await app.register(reminderRoutes);
}
