import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendObject } from '../../platform/object-storage/http.js';
import { joinKey, type ObjectStorage } from '../../platform/object-storage/index.js';
import { mediaFileForToken } from './service.js';

/**
 * Library media files on the content origin (platform/content-origin.ts keeps /content/ off the
 * panel's host): always a download (Content-Disposition: attachment) with the type sniffed when it
 * was uploaded, never sniffed again by the browser, sandboxed should it ever be shown. The address
 * carries a short-lived signed token the panel's session-checked link hands out.
 */

/** The one file in a media item's storage folder (the last part of its key). */
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

// Folder names come from the importer ('lib-' and hex digits) or the database.
const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function checkFolder(folder: string): string {
  if (!FOLDER_NAME.test(folder)) throw new Error(`Invalid media folder name '${folder}'.`);
  return folder;
}

/** A media item's one object (ADR 0017). */
export const mediaKey = (folder: string) =>
  joinKey('library', checkFolder(folder), MEDIA_FILE_NAME);

/**
 * Where media uploaded before the object storage lived: the item's folder in the content
 * storage (DATA_DIR/content/<folder>/file). Still read, so an upgraded install keeps its files.
 */
const earlierMediaKey = (folder: string) =>
  joinKey('content', checkFolder(folder), MEDIA_FILE_NAME);

/** Stores a media item's bytes (whole or not at all) with the type sniffed at upload. */
export async function saveMediaFile(
  objects: ObjectStorage,
  folder: string,
  bytes: Buffer,
  contentType: string,
): Promise<void> {
  await objects.put(mediaKey(folder), bytes, { contentType });
}

/** Deletes a media item's object, wherever it was stored (nothing happens when it is absent). */
export async function removeMediaFile(objects: ObjectStorage, folder: string): Promise<void> {
  await objects.delete(mediaKey(folder));
  await objects.deletePrefix(`content/${checkFolder(folder)}/`);
}

const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
};

export async function libraryFileRoutes(app: FastifyInstance): Promise<void> {
  const objects = app.deps.storage;
  app.get<{ Params: { token: string; fileName: string } }>(
    '/content/library-media/:token/:fileName',
    { schema: { hide: true, params: FilePath } },
    async (request, reply) => {
      const file = await mediaFileForToken(app.deps, request.params.token);
      reply.headers(SAFE_HEADERS).header('content-disposition', attachmentHeader(file.fileName));
      const options = { contentType: file.contentType || 'application/octet-stream' };
      const key = (await objects.head(mediaKey(file.storageFolder)))
        ? mediaKey(file.storageFolder)
        : earlierMediaKey(file.storageFolder);
      if (await sendObject(request, reply, objects, key, options)) return reply;
      for (const name of [...Object.keys(SAFE_HEADERS), 'content-disposition']) {
        reply.removeHeader(name);
      }
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'No such file.' });
    },
  );
}
