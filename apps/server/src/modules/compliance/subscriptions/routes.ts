import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleComplianceCalls as calls,
  consoleComplianceSchemas as schemas,
} from '@waypoint/domain/console-contract';
import { actorOf } from '../../staff/audit.js';
import {
  complianceSettings,
  subscribe,
  subscription,
  unsubscribe,
  unsubscribeByToken,
  updateComplianceSettings,
  type SubscriptionActor,
} from './service.js';

const actor = (request: FastifyRequest): SubscriptionActor => ({
  staff: request.staff!,
  audit: actorOf(request),
});

/**
 * Scheduled compliance reports and the LMS's compliance settings (docs/decisions/0022). A
 * subscription is the caller's own, so 'compliance.view' is all it needs; the settings change
 * the LMS ('lms.modify'). The unsubscribe link has no session: its token is the credential.
 */
export async function complianceSubscriptionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;

  app.get(
    calls.subscription.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.subscription },
    async (request) => subscription(deps, request.staff!),
  );
  app.put(
    calls.subscribe.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.subscribe },
    async (request) => subscribe(deps, actor(request), request.body),
  );
  app.delete(
    calls.unsubscribe.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.unsubscribe },
    async (request) => unsubscribe(deps, actor(request)),
  );
  app.post(
    calls.unsubscribeByToken.route,
    { schema: schemas.unsubscribeByToken },
    async (request) => unsubscribeByToken(deps, request.body.token, request.ip),
  );
  app.get(
    calls.settings.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.settings },
    async (request) => complianceSettings(deps, request.staff!),
  );
  app.put(
    calls.updateSettings.route,
    { preHandler: app.requireStaff('lms.modify'), schema: schemas.updateSettings },
    async (request) => updateComplianceSettings(deps, actor(request), request.body),
  );
}
