import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  consoleRecordsCalls as calls,
  consoleRecordsSchemas as schemas,
} from '@waypoint/domain/console-contract';
import { actorOf } from '../../staff/audit.js';
import { changeRetention, pseudonymise, retentionOverview } from './service.js';

/**
 * Retention in the console (records.retention, administrators): the settings and the people past
 * retention in the caller's scope, a change of the settings, and pseudonymising one person (409
 * under a legal hold or when they are not past retention, 404 outside the scope).
 */
export async function retentionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  const guard = app.requireStaff('records.retention');
  app.get(
    calls.retention.route,
    { preHandler: guard, schema: schemas.retention },
    async (request) => retentionOverview(deps, request.staff!),
  );
  app.put(
    calls.updateRetention.route,
    { preHandler: guard, schema: schemas.updateRetention },
    async (request) => changeRetention(deps, actorOf(request), request.staff!.lmsKey, request.body),
  );
  app.post(
    calls.pseudonymise.route,
    { preHandler: guard, schema: schemas.pseudonymise },
    async (request) => pseudonymise(deps, actorOf(request), request.staff!, request.params.userKey),
  );
}
