import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { ObjectInfo, ObjectStorage } from './types.js';
import { checkKey, checkPrefix } from './keys.js';
import { checkRange } from './local.js';
import type { S3Location } from './storage-url.js';

/**
 * S3-compatible backend (ADR 0017): AWS S3, MinIO, Cloudflare R2 and others. Credentials come
 * from the SDK's standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an
 * instance role), never from STORAGE_URL. With an endpoint the bucket goes in the path
 * (forcePathStyle), which every S3-compatible service understands.
 */

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** DeleteObjects takes at most 1000 keys a call. */
const DELETE_BATCH = 1000;

async function bufferOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function s3ObjectStorage(location: S3Location, client?: S3Client): ObjectStorage {
  const s3 =
    client ??
    new S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: the newer default (CRC32 trailers on every upload)
      // is not understood by every S3-compatible service.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = location.bucket;
  const full = (key: string) => `${location.prefix}${checkKey(key)}`;

  const infoOf = (
    key: string,
    output: {
      ContentLength?: number;
      ContentRange?: string;
      ETag?: string;
      LastModified?: Date;
      ContentType?: string;
    },
  ): ObjectInfo => {
    // A ranged answer's ContentLength is the range's; the whole size follows the '/'.
    const total = output.ContentRange ? Number(output.ContentRange.split('/')[1]) : NaN;
    return {
      key,
      size: Number.isFinite(total) ? total : (output.ContentLength ?? 0),
      etag: output.ETag ?? '""',
      lastModified: output.LastModified ?? new Date(0),
      contentType: output.ContentType ?? null,
    };
  };

  const storage: ObjectStorage = {
    kind: 's3',

    async put(key, body, options = {}) {
      const Key = full(key);
      // S3 needs the length up front: a stream of unknown length is read into memory first.
      const payload =
        Buffer.isBuffer(body) || options.size !== undefined ? body : await bufferOf(body);
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: payload,
          ContentLength: Buffer.isBuffer(payload) ? payload.length : options.size,
          ContentType: options.contentType ?? 'application/octet-stream',
        }),
      );
    },

    async get(key, options = {}) {
      const Key = full(key);
      let range = options.range ?? null;
      if (range) {
        // Checked against the real size first, so both backends refuse the same ranges.
        const info = await storage.head(key);
        if (!info) return null;
        range = checkRange(range, info.size);
      }
      try {
        const output = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(output.Body instanceof Readable)) throw new Error('S3 returned no readable body.');
        return { info: infoOf(key, output), body: output.Body, range };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key) {
      try {
        return infoOf(key, await s3.send(new HeadObjectCommand({ Bucket, Key: full(key) })));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },

    async deletePrefix(prefix) {
      const keys = await storage.list(prefix);
      for (let at = 0; at < keys.length; at += DELETE_BATCH) {
        const batch = keys.slice(at, at + DELETE_BATCH);
        const output = await s3.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true },
          }),
        );
        const failed = output.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `S3 did not delete ${failed.length} objects under '${prefix}': ${failed[0]?.Message ?? 'no reason given'}`,
          );
        }
      }
      return keys.length;
    },

    async list(prefix) {
      const Prefix = `${location.prefix}${checkPrefix(prefix)}`;
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const output = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }),
        );
        for (const item of output.Contents ?? []) {
          if (item.Key) keys.push(item.Key.slice(location.prefix.length));
        }
        ContinuationToken = output.IsTruncated ? output.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
  };
  return storage;
}
