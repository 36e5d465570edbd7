/**
 * The launch id and token of the player page (player contract, Origins): the page is at
 * `/player/{launchId}#{token}`; the token is the player's only credential. It is taken from the
 * hash, the hash is removed from the address bar and history, and the token is kept in memory and
 * in sessionStorage so that a reload of the player window keeps working.
 */

export const TOKEN_STORAGE_PREFIX = 'waypoint.player.';

// 43 characters of base64url in the contract; any base64url text is accepted so that a longer
// token from a future server still works.
const TOKEN = /^[A-Za-z0-9_-]+$/;
const PLAYER_PATH = /^\/player\/([^/]+)\/?$/;

export interface PlayerLaunch {
  /** Null when the address is not a player address. */
  launchId: string | null;
  /** Null when neither the hash nor this tab's storage holds one. */
  token: string | null;
}

function storage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null; // Storage disabled: the token then lives in memory only.
  }
}

/** Reads (and hides) the launch token; call once when the page starts. */
export function takeLaunchFromLocation(win: Window = window): PlayerLaunch {
  const { pathname, search, hash } = win.location;
  const match = PLAYER_PATH.exec(pathname);
  let launchId: string | null = null;
  if (match?.[1]) {
    try {
      launchId = decodeURIComponent(match[1]);
    } catch {
      launchId = null;
    }
  }
  const fromHash = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fromHash !== '') {
    // The token must not stay in the address bar, the history or a bookmark.
    win.history.replaceState(win.history.state, '', pathname + search);
  }
  if (!launchId) return { launchId: null, token: null };
  const key = TOKEN_STORAGE_PREFIX + launchId;
  const store = storage(win);
  if (TOKEN.test(fromHash)) {
    try {
      store?.setItem(key, fromHash);
    } catch {
      // Quota or privacy mode: a reload will then need a new launch; this window still works.
    }
    return { launchId, token: fromHash };
  }
  let stored: string | null = null;
  try {
    stored = store?.getItem(key) ?? null;
  } catch {
    stored = null;
  }
  return { launchId, token: stored && TOKEN.test(stored) ? stored : null };
}
