import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { localContentStorage } from '../content/storage.js';
import { mediaFileForToken } from './service.js';

/**
 * Library media files on the content origin (platform/content-origin.ts keeps /content/ off the
 * panel's host): always a download (Content-Disposition: attachment) with the type sniffed when it
 * was uploaded, never sniffed again by the browser, sandboxed should it ever be shown. The address
 * carries a short-lived signed token the panel's session-checked link hands out.
 */

/** The one file in a media item's storage folder. */
export const MEDIA_FILE_NAME = 'file';

const FilePath = Type.Object({
  token: Type.String({ maxLength: 120 }),
  fileName: Type.String({ maxLength: 300 }),
});

/** RFC 6266 filename parameters: an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(fileName: string): string {
  const name = fileName.trim() || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function libraryFileRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const storage = localContentStorage(config);
  app.get<{ Params: { token: string; fileName: string } }>(
    '/content/library-media/:token/:fileName',
    { schema: { hide: true, params: FilePath } },
    async (request, reply) => {
      const file = await mediaFileForToken(app.deps, request.params.token);
      const result = await send(request.raw, `/${MEDIA_FILE_NAME}`, {
        root: storage.packagePath(file.storageFolder),
        index: false,
        acceptRanges: true,
        maxAge: 0,
      });
      if (result.type === 'error' || result.type === 'directory') {
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such file.' });
      }
      reply.status(result.statusCode);
      for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
      return reply
        .header('content-type', file.contentType || 'application/octet-stream')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'private, no-store')
        .send(result.stream);
    },
  );
}
