/**
 * Object keys (ADR 0017): '/'-separated names such as `content/pkg-0123/index.html`. The same key
 * means the same object on every backend, so the rules are checked here once, before any backend
 * sees a key: no empty, '.' or '..' segment, no backslash or control character, no leading '/',
 * a first part not starting with '.' (the local folder keeps its unfinished writes there), and at
 * most 1024 bytes (the S3 limit).
 */

export class InvalidObjectKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid object key '${key.slice(0, 200)}': ${reason}.`);
  }
}

const MAX_KEY_BYTES = 1024;
// Control characters and backslash: a backslash is a separator on Windows and in some S3 tools.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/** Returns the key when it is valid; throws InvalidObjectKeyError otherwise. */
export function checkKey(key: string): string {
  if (key === '') throw new InvalidObjectKeyError(key, 'it is empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) {
    throw new InvalidObjectKeyError(key, `it is longer than ${MAX_KEY_BYTES} bytes`);
  }
  if (FORBIDDEN.test(key)) {
    throw new InvalidObjectKeyError(key, 'it has a control character or a backslash');
  }
  if (key.startsWith('.')) throw new InvalidObjectKeyError(key, "it starts with '.'");
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new InvalidObjectKeyError(key, "it has an empty, '.' or '..' part");
    }
  }
  return key;
}

/**
 * Returns the prefix when it names a whole folder of keys (a valid key followed by '/'), so that
 * deleting `content/pkg-1/` can never touch `content/pkg-10/...`.
 */
export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new InvalidObjectKeyError(prefix, "a prefix must end in '/'");
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** Joins key parts with '/' and checks the result. */
export function joinKey(...parts: string[]): string {
  return checkKey(parts.join('/'));
}
