/**
 * A stored package file as the content service worker answers it (docs/decisions/0024): the whole
 * body with its content type, or one byte range (RFC 9110 §14: `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`) as 206 with Content-Range, which audio and video elements ask for; a range outside
 * the file is 416. Several ranges in one request are answered with the whole body (allowed).
 */

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** The one range asked for; null for none or several (the whole body), 'unsatisfiable' when out. */
export function parseRange(
  header: string | null,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The answer for a request of a stored file. */
export async function answerFromStored(
  stored: Response,
  rangeHeader: string | null,
): Promise<Response> {
  const body = await stored.blob();
  const type = stored.headers.get('content-type') ?? 'application/octet-stream';
  const base = {
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  const range = parseRange(rangeHeader, body.size);
  if (range === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { ...base, 'Content-Range': `bytes */${body.size}` },
    });
  }
  if (range === null) {
    return new Response(body, {
      status: 200,
      headers: { ...base, 'Content-Length': String(body.size) },
    });
  }
  const part = body.slice(range.start, range.end + 1, type);
  return new Response(part, {
    status: 206,
    headers: {
      ...base,
      'Content-Length': String(part.size),
      'Content-Range': `bytes ${range.start}-${range.end}/${body.size}`,
    },
  });
}

/** The grant of a `/content/offline/{grantId}/...` address; null for any other address. */
export function offlineFileGrant(pathname: string): string | null {
  const match = /^\/content\/offline\/([A-Za-z0-9_-]{43})\/./.exec(pathname);
  return match?.[1] ?? null;
}
