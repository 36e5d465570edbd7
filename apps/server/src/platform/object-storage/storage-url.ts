/**
 * STORAGE_URL (ADR 0017): unset for the local folder under DATA_DIR, or
 * `s3://bucket[/prefix]?endpoint=https://…&region=…` for an S3-compatible service.
 */

export interface S3Location {
  bucket: string;
  /** Put before every key: '' or a folder ending in '/'. */
  prefix: string;
  /** The service's address for anything but AWS (MinIO, R2, …); null for AWS itself. */
  endpoint: string | null;
  region: string;
}

// S3 bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a
// letter or digit (the rule every S3-compatible service accepts).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const KNOWN_PARAMETERS = new Set(['endpoint', 'region']);

/** Parses STORAGE_URL; throws an Error whose message says what is wrong. */
export function parseStorageUrl(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('STORAGE_URL is not a valid URL');
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3://');
  if (url.username || url.password) {
    throw new Error(
      'STORAGE_URL must not carry credentials (use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    );
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    throw new Error(`STORAGE_URL bucket '${bucket}' is not a valid S3 bucket name`);
  }
  const parts = decodeURIComponent(url.pathname)
    .split('/')
    .filter((part) => part !== '');
  if (parts.some((part) => part === '.' || part === '..')) {
    throw new Error("STORAGE_URL prefix must not contain '.' or '..'");
  }
  for (const name of url.searchParams.keys()) {
    if (!KNOWN_PARAMETERS.has(name)) {
      throw new Error(`STORAGE_URL has an unknown parameter '${name}' (known: endpoint, region)`);
    }
  }
  const endpoint = url.searchParams.get('endpoint') || null;
  if (endpoint !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new Error('STORAGE_URL endpoint must be an http:// or https:// URL');
    }
  }
  // With an endpoint the region is often meaningless (MinIO, R2): us-east-1 is what they accept.
  const region = url.searchParams.get('region') || (endpoint ? 'us-east-1' : '');
  if (!REGION.test(region)) {
    throw new Error(
      'STORAGE_URL needs region=… (letters, digits and hyphens; optional with an endpoint)',
    );
  }
  return { bucket, prefix: parts.map((part) => `${part}/`).join(''), endpoint, region };
}
