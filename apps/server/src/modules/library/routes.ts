import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { libraryCalls, librarySchemas } from '@waypoint/domain/contract';
import { contentOriginOf } from '../../platform/content-origin.js';
import { libraryCourses, libraryMedia, mediaFileAddress } from './service.js';

/**
 * The library calls (§2 Library, §7 LIBRARY_COURSES and LIBRARY_MEDIA) on the panel's origin, and
 * a media file's download address. The guard checks the session and that {lmsKey}/{userKey} are
 * its own; what the student sees is decided by the service (LMS and groups).
 */
export async function libraryRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    libraryCalls.courses.route,
    { preHandler: app.requireStudentSession, schema: librarySchemas.courses },
    async (request) => libraryCourses(app.deps, request.params),
  );

  app.get(
    libraryCalls.media.route,
    { preHandler: app.requireStudentSession, schema: librarySchemas.media },
    async (request) => libraryMedia(app.deps, request.params),
  );

  // The OPEN link of a file item: a navigation in a new tab, with the session cookies.
  app.get(
    libraryCalls.mediaFile.route,
    { preHandler: app.requireStudentSession, schema: librarySchemas.mediaFile },
    async (request, reply) => {
      const { lmsKey, userKey, libraryKey } = request.params;
      const address = await mediaFileAddress(
        app.deps,
        { lmsKey, userKey },
        libraryKey,
        contentOriginOf(app.deps),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(address, 303);
    },
  );
}
