import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, ObjectInfo, ObjectStorage } from './index.js';

/**
 * Sends a stored object over HTTP the same way from either backend (ADR 0017): ETag and
 * Last-Modified validators, 304 for a matching If-None-Match (or If-Modified-Since), one byte
 * range (206 with Content-Range, 416 when it cannot be met, RFC 9110 §14), and the type from the
 * object or its name. Several ranges in one request get the whole file, which RFC 9110 allows.
 */

/** The MIME type of a file name (the table @fastify/send serves with). */
export function typeOfPath(name: string): string {
  return send.mime.getType(name) ?? 'application/octet-stream';
}

function withCharset(type: string): string {
  return send.isUtf8MimeType(type) && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;
}

/** RFC 9110 §13.1.2 weak comparison: any listed tag (or '*') matching the object's. */
function noneMatchHits(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/** One `bytes=` range against the size; anything else is ignored (the whole file is sent). */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header ? /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header) : null;
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  let start: number;
  let end: number;
  if (first === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return { kind: 'whole' };
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) {
    return { kind: 'unsatisfiable' };
  }
  return { kind: 'part', range: { start, end } };
}

/** If-Range (RFC 9110 §13.1.5): the range applies only while the object is still that one. */
function ifRangeHolds(header: string | undefined, info: ObjectInfo): boolean {
  if (header === undefined) return true;
  if (header.startsWith('"')) return header === info.etag;
  const date = Date.parse(header);
  return !Number.isNaN(date) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= date;
}

function notModified(request: FastifyRequest, info: ObjectInfo): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) return noneMatchHits(noneMatch, info.etag);
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= date;
}

/**
 * Answers the request with the object under `key`; returns false (and sends nothing) when there is
 * no such object, so the caller answers its own 404. The caller adds Cache-Control and the like.
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  options: { contentType?: string } = {},
): Promise<boolean> {
  const info = await storage.head(key);
  if (!info) return false;
  reply
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('accept-ranges', 'bytes');
  if (notModified(request, info)) {
    reply.status(304).send();
    return true;
  }
  const ifRange = request.headers['if-range'];
  const wanted = ifRangeHolds(Array.isArray(ifRange) ? ifRange[0] : ifRange, info)
    ? parseRange(request.headers.range, info.size)
    : ({ kind: 'whole' } as const);
  if (wanted.kind === 'unsatisfiable') {
    reply.status(416).header('content-range', `bytes */${info.size}`).send();
    return true;
  }
  const range = wanted.kind === 'part' ? wanted.range : null;
  const found = await storage.get(key, range ? { range } : {});
  if (!found) return false;
  const type = options.contentType ?? found.info.contentType ?? typeOfPath(key);
  reply
    .header('content-type', withCharset(type))
    .header('content-length', range ? range.end - range.start + 1 : found.info.size);
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  } else {
    reply.status(200);
  }
  if (request.method === 'HEAD') {
    found.body.destroy();
    reply.send();
  } else {
    reply.send(found.body);
  }
  return true;
}
