/** Reads the one-time hand-off code the server put in the fragment of /sso/complete (docs/decisions/0016). */
export function handoffFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('handoff');
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** Shown when the address carries no usable hand-off (reloaded, bookmarked or mistyped). */
export const NO_HANDOFF_MESSAGE =
  'This single sign-on link is incomplete or was already used. Please sign in again.';
