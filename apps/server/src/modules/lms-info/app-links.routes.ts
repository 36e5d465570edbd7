import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  consoleAppLinkCalls as calls,
  consoleAppLinkSchemas as schemas,
} from '@waypoint/domain/console-contract';
import { actorOf } from '../staff/audit.js';
import { appLinksOf, replaceAppLinks } from './app-links.service.js';

/**
 * The LMS's App Download links in the staff console (docs/decisions/0024 "Install and app
 * links"): every staff role reads them ('programme.view' needs no flag); a change is the LMS's
 * ('lms.modify', as the compliance settings are), checked, stored and audited in one transaction.
 */
export async function appLinkRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;

  app.get(
    calls.appLinks.route,
    { preHandler: app.requireStaff('programme.view'), schema: schemas.appLinks },
    async (request) => ({ links: await appLinksOf(deps, request.staff!.lmsKey) }),
  );
  app.put(
    calls.replaceAppLinks.route,
    { preHandler: app.requireStaff('lms.modify'), schema: schemas.replaceAppLinks },
    async (request) => ({
      links: await replaceAppLinks(
        deps,
        request.staff!.lmsKey,
        request.body.links,
        actorOf(request),
      ),
    }),
  );
}
