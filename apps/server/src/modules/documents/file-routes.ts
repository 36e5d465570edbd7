import type { FastifyInstance } from 'fastify';
import { isContentRequest } from '../../platform/content-origin.js';
import { documentFileStoreOn } from './file-store.js';
import { findDownload } from './service.js';

/** Content-Disposition for a download: an ASCII fallback and the exact name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A student's saved document file, on the content origin only (never the panel's host, so a file
 * can never run as the panel): reached by the short-lived link the detail call gave its owner, and
 * always sent as an attachment that the browser may not sniff into another type.
 */
export async function documentFileRoutes(app: FastifyInstance): Promise<void> {
  const files = documentFileStoreOn(app.deps.storage);
  app.get<{ Params: { token: string } }>(
    '/content/documents/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const found = isContentRequest(request, app.deps)
        ? await findDownload({ ...app.deps, files }, request.params.token)
        : null;
      if (!found) {
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such file.' });
      }
      return reply
        .header('content-type', found.contentType)
        .header('content-disposition', attachmentDisposition(found.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('referrer-policy', 'no-referrer')
        .send(found.bytes);
    },
  );
}
