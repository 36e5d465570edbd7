import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error.js';
import { formatBytes } from '../content/package-zip.js';

/**
 * Streams an uploaded file (the body of an operator command that carries one) to a temporary file under
 * DATA_DIR/content, refusing it (413) beyond maxBytes, so a package never sits whole in memory.
 * Returns the file's path; the caller removes it.
 */
export async function saveUpload(
  dataDir: string,
  body: Readable,
  maxBytes: number,
  what = 'The package zip',
) {
  const folder = path.join(dataDir, 'content');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `.upload-${randomBytes(8).toString('hex')}`);
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) {
        callback(new HttpError(413, `${what} is larger than ${formatBytes(maxBytes)}.`));
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(body, limit, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return file;
}
