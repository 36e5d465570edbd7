import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { calendarFeedCalls, calendarFeedSchemas } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { feedAddress, feedCalendar, resetFeed, UNKNOWN_FEED } from './service.js';

/**
 * The student's calendar feed (docs/decisions/0014): its address for the panel (session-checked
 * like every student call), and the feed itself for calendar applications, which have no session:
 * the random token in the address is the only key.
 */
export async function calendarFeedRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { preHandler: app.requireStudentSession };

  app.get(
    calendarFeedCalls.feed.route,
    { ...guard, schema: calendarFeedSchemas.feed },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feedAddress(app.deps, request.params.userKey);
    },
  );

  app.post(
    calendarFeedCalls.reset.route,
    { ...guard, schema: calendarFeedSchemas.reset },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resetFeed(app.deps, request.params.userKey);
    },
  );

  app.get(
    '/calendar-feed/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 60 }) }) } },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      if (!match) throw new HttpError(404, UNKNOWN_FEED);
      const calendar = await feedCalendar(app.deps, match[1]!, request.ip);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8')
        .send(calendar);
    },
  );
}
