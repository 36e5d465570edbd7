/**
 * Where the client finds the session id and keys to send (spec §7). The store registers itself
 * here so the client does not import the store (which imports the client).
 */

export interface Credentials {
  sessionId: string | null;
  lmsKey: number | null;
  userKey: number | null;
}

let provider: () => Credentials = () => ({ sessionId: null, lmsKey: null, userKey: null });

/** Tells the client how to read the current credentials. */
export function setCredentialsProvider(next: () => Credentials): void {
  provider = next;
}

/** The credentials to send with the next request. */
export function currentCredentials(): Credentials {
  return provider();
}
