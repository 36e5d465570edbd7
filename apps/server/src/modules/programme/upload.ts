/**
 * A SCORM package uploaded from the console (multipart/form-data: the place fields, then the one
 * file part `package`). The file is streamed to a private temporary folder, never held whole in
 * memory, and handed to the import-scorm importer by path; the folder goes when the request ends,
 * whatever happened.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { PACKAGE_LIMITS } from '../content/package-zip.js';

/** The multipart limits of an upload: one file (as large as the importer takes), a few fields. */
export const PACKAGE_MULTIPART_LIMITS = {
  // Busboy cuts a file off one byte past the limit and marks it truncated.
  fileSize: PACKAGE_LIMITS.maxZipBytes + 1,
  files: 1,
  fields: 10,
  fieldSize: 4 * 1024,
  parts: 12,
  fieldNameSize: 100,
  headerPairs: 50,
};

export const PACKAGE_FILE_FIELD = 'package';

/** What arrived: the text fields, and the file's path in the temporary folder (null: none). */
export interface ReceivedUpload {
  fields: Map<string, string>;
  file: { path: string; name: string } | null;
}

/** What an upload carries: its file field, the most bytes it may have, the words of its refusals. */
export interface UploadKind {
  field: string;
  maxBytes: number;
  /** 'A package', 'A file'. */
  noun: string;
  /** 'Nothing was imported.' */
  nothing: string;
}

const PACKAGE_UPLOAD: UploadKind = {
  field: PACKAGE_FILE_FIELD,
  maxBytes: PACKAGE_LIMITS.maxZipBytes,
  noun: 'The package',
  nothing: 'Nothing was imported.',
};

/** The multipart limits of an upload of that kind (one file, a few fields). */
export const multipartLimitsFor = (kind: Pick<UploadKind, 'maxBytes'>) => ({
  ...PACKAGE_MULTIPART_LIMITS,
  fileSize: kind.maxBytes + 1,
});

/**
 * Reads an upload and runs `use` with it; the temporary file is removed afterwards. 415 when the
 * body is not multipart, 413 when the file is larger than the importer takes, 400 when it breaks
 * off or carries more than one file.
 */
export function withUploadedPackage<T>(
  request: FastifyRequest,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  return withUploadedFile(request, PACKAGE_UPLOAD, use);
}

/** withUploadedPackage for another kind of file (the library's media files). */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  kind: UploadKind,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const incomplete = () =>
    new HttpError(400, `The upload did not arrive complete. ${kind.nothing}`);
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      `${kind.noun.replace(/^The /, 'A ')} is uploaded as multipart/form-data.`,
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-upload-'));
  try {
    const upload: ReceivedUpload = { fields: new Map(), file: null };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== kind.field || upload.file) {
            part.file.resume();
            throw new HttpError(400, `Send one file, in the field '${kind.field}'.`);
          }
          const target = path.join(
            dir,
            kind.field === PACKAGE_FILE_FIELD ? 'package.zip' : 'upload',
          );
          await pipeline(part.file, createWriteStream(target, { mode: 0o600 }));
          if (part.file.truncated) {
            throw new HttpError(
              413,
              `${kind.noun} is larger than ${Math.floor(kind.maxBytes / 1024 ** 2)} MB. ${kind.nothing}`,
            );
          }
          upload.file = { path: target, name: part.filename };
        } else {
          if (part.valueTruncated)
            throw new HttpError(400, `The field '${part.fieldname}' is too long.`);
          upload.fields.set(part.fieldname, String(part.value));
        }
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 413)
        throw new HttpError(413, `The upload sent too many fields or files. ${kind.nothing}`);
      throw incomplete();
    }
    return await use(upload);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
