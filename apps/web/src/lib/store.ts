/**
 * The panel's global state (spec "global state") and its local storage.
 *
 * Exports (for every feature; read with the hooks in use-app-state.ts):
 * - getState(): AppState, setState(patch), subscribe(listener)        the raw store
 * - AppState fields: sessionId, currentUser, lmsInfo, lmsInfoStatus ('idle'|'loading'|'loaded'|
 *   'failed'), supportInfo, settingsMenuOpen, invalidConnectionMessage ('' = pop-up closed),
 *   curriculumKey
 * - setSignedIn(user)            stores a signed-in user (state, localStorage, cookies)
 * - setSessionId(id)             sets only the in-memory session id (comments page)
 * - setSettingsMenuOpen(open), toggleSettingsMenu()
 * - setInvalidConnectionMessage(message)   '' closes the Invalid Connection pop-up
 * - setCurriculumKey(key | null)
 * - findSession(): string | null the guard's session lookup (spec §2)
 * - lmsDisplayName(state)        display name, ' Learning Center' when LMS data failed
 * - logout({ redirect? }): Promise<void>   ends the server session, clears user, storage,
 *   cookies and session storage, then goes to /login (spec §4 step 5)
 * - setNavigator(fn)             the app registers the router's navigate here
 * - SESSION_INVALID_MESSAGE      the spec's text for the Invalid Connection pop-up
 * - avoidUnnecessaryLoads / mfa helpers: see below (live verification is remembered by the
 *   server, not here: ADR 0010)
 * The session-invalidated signal (api/session-events) opens the Invalid Connection pop-up by
 * setting invalidConnectionMessage while a session exists; the layout renders the pop-up.
 */
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { logout as endServerSession } from '../api/auth';
import { setKeptDataCheck, setReachabilityProbe } from '../api/connection';
import { setCredentialsProvider } from '../api/credentials';
import { ping } from '../api/public-info';
import { onSessionInvalidated } from '../api/session-events';
import type { LmsInfo, SupportInfo, UserDetails } from '../api/types';
import { deleteAllCookies, readCookie, writeCookie } from './cookies';
import { forgetKeptData, hasKeptData } from './offline-kept';
import { localStore, readJson, sessionKeys, sessionStore, storageKeys } from './storage';

/** Spec §8: the session-invalid message shown in the Invalid Connection pop-up. */
export const SESSION_INVALID_MESSAGE =
  'Your session is no longer valid, you will now be returned to the login screen in order to re-validate your session.';

/** Spec §3: the title and display name when the LMS data fails to load. */
export const FALLBACK_LMS_NAME = ' Learning Center';

export const SESSION_COOKIE = 'sessionID';
export const CURRENT_USER_COOKIE = 'currentUser';

export const DEFAULT_SUPPORT_INFO: SupportInfo = {
  Phone: '',
  OperationHours: '',
  Email: '',
  Chat: '',
  StudentFAQ: 'N/A',
  HelpCenterURL: '',
  PrivacyPolicyURL: '',
};

export interface AppState {
  sessionId: string | null;
  currentUser: UserDetails | null;
  lmsInfo: LmsInfo | null;
  lmsInfoStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  supportInfo: SupportInfo;
  settingsMenuOpen: boolean;
  invalidConnectionMessage: string;
  curriculumKey: number | null;
}

function storedUser(): UserDetails | null {
  return readJson<UserDetails>(localStore.get(storageKeys.currentUser));
}

function initialState(): AppState {
  const user = storedUser();
  return {
    sessionId: findSessionIn(null),
    currentUser: user,
    lmsInfo: null,
    lmsInfoStatus: 'idle',
    supportInfo: DEFAULT_SUPPORT_INFO,
    settingsMenuOpen: false,
    invalidConnectionMessage: '',
    curriculumKey: null,
  };
}

/** Guard lookup (spec §2): cookies sessionID + currentUser, else stored user, else memory. */
function findSessionIn(memory: string | null): string | null {
  const cookieSession = readCookie(SESSION_COOKIE);
  const cookieUser = readJson<UserDetails>(readCookie(CURRENT_USER_COOKIE));
  if (cookieSession && cookieSession !== MFA_SESSION_MARKER && cookieUser) return cookieSession;
  const user = storedUser();
  if (user?.sessionID && user.sessionID !== MFA_SESSION_MARKER) return user.sessionID;
  return memory;
}

let state: AppState = initialState();
const listeners = new Set<() => void>();

/** The current global state. */
export function getState(): AppState {
  return state;
}

/** Merges a patch into the global state and notifies subscribers. */
export function setState(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const listener of [...listeners]) listener();
}

/** Subscribes to state changes; returns the unsubscribe function. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session id the guard accepts, or null (spec §2 Guard). */
export function findSession(): string | null {
  return findSessionIn(state.sessionId);
}

/** Stores a signed-in user: global state, local storage (cookie fallback) and both cookies. */
export function setSignedIn(user: UserDetails): void {
  localStore.set(storageKeys.currentUser, JSON.stringify(user));
  writeCookie(CURRENT_USER_COOKIE, JSON.stringify(user));
  writeCookie(SESSION_COOKIE, user.sessionID);
  setState({ sessionId: user.sessionID, currentUser: user, invalidConnectionMessage: '' });
}

/** Sets only the in-memory session id (the comments page takes it from its query). */
export function setSessionId(sessionId: string | null): void {
  setState({ sessionId });
}

/** Opens or closes the settings menu. */
export function setSettingsMenuOpen(open: boolean): void {
  if (state.settingsMenuOpen !== open) setState({ settingsMenuOpen: open });
}

/** Flips the settings menu. */
export function toggleSettingsMenu(): void {
  setState({ settingsMenuOpen: !state.settingsMenuOpen });
}

/** Sets the Invalid Connection message; '' closes the pop-up. */
export function setInvalidConnectionMessage(message: string): void {
  setState({ invalidConnectionMessage: message });
}

/** Sets the curriculum the course-details screen shows (null for drafts). */
export function setCurriculumKey(curriculumKey: number | null): void {
  setState({ curriculumKey });
}

/** The LMS display name, or ' Learning Center' when the LMS data failed (spec §3). */
export function lmsDisplayName(current: AppState = state): string {
  if (current.lmsInfoStatus === 'failed') return FALLBACK_LMS_NAME;
  return current.lmsInfo?.lmsDisplayName ?? '';
}

/** Reads and clears the avoidUnnecessaryLoads flag (spec §4 step 7). */
export function takeAvoidUnnecessaryLoads(): boolean {
  const set = localStore.get(storageKeys.avoidUnnecessaryLoads) === 'true';
  if (set) localStore.set(storageKeys.avoidUnnecessaryLoads, 'false');
  return set;
}

/** Marks that the next shell entry need not reload the LMS data. */
export function setAvoidUnnecessaryLoads(value: boolean): void {
  localStore.set(storageKeys.avoidUnnecessaryLoads, String(value));
}

/** The MFA id and remember days kept in session storage between login and the MFA screen. */
export interface PendingMfa {
  mfaID: string;
  rememberDays: number;
}

/** Keeps the pending MFA id and remember days in session storage. */
export function savePendingMfa(pending: PendingMfa): void {
  sessionStore.set(sessionKeys.mfaID, pending.mfaID);
  sessionStore.set(sessionKeys.mfaRememberDays, String(pending.rememberDays));
}

/** The pending MFA state, or null when there is none. */
export function readPendingMfa(): PendingMfa | null {
  const mfaID = sessionStore.get(sessionKeys.mfaID);
  if (!mfaID) return null;
  return { mfaID, rememberDays: Number(sessionStore.get(sessionKeys.mfaRememberDays)) || 0 };
}

/** Forgets the pending MFA state (after a successful code). */
export function clearPendingMfa(): void {
  try {
    window.sessionStorage.removeItem(sessionKeys.mfaID);
    window.sessionStorage.removeItem(sessionKeys.mfaRememberDays);
  } catch {
    /* unavailable */
  }
}

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The app registers the router's navigate so logout() can go to /login without a reload. */
export function setNavigator(next: (to: string) => void): void {
  navigate = next;
}

/** Clears the stored user, storage, cookies, session storage and the in-memory session. */
export function clearSession(): void {
  localStore.remove(storageKeys.currentUser);
  localStore.remove(storageKeys.globalServiceStorage);
  localStore.remove(storageKeys.doNotLoadProgressReport);
  localStore.remove(storageKeys.avoidUnnecessaryLoads);
  deleteAllCookies();
  sessionStore.clear();
  forgetOfflineData();
  setState({
    sessionId: null,
    currentUser: null,
    settingsMenuOpen: false,
    invalidConnectionMessage: '',
    curriculumKey: null,
  });
}

/**
 * Forgets the student's data kept for offline use (ADR 0024 "Offline panel"): the local marks at
 * once, the IndexedDB cache by its lazily loaded module (never part of the login page's bundle).
 */
function forgetOfflineData(): void {
  forgetKeptData();
  if (typeof indexedDB === 'undefined') return;
  void import('./offline-cache').then((cache) => cache.clearOfflineCache()).catch(() => undefined);
}

/** Logout (spec §4 step 5): ends the server session, clears everything, then goes to /login. */
export async function logout(options: { redirect?: boolean } = {}): Promise<void> {
  const sessionId = findSession();
  if (sessionId) {
    // Before clearing cookies: the server needs the XSRF and binding cookies to end the session.
    await endServerSession(sessionId).catch(() => undefined);
  }
  clearSession();
  if (options.redirect ?? true) navigate('/login');
}

setCredentialsProvider(() => ({
  sessionId: state.sessionId,
  lmsKey: state.currentUser?.lmsKey ?? null,
  userKey: state.currentUser?.userKey ?? null,
}));

// A status 0 means "offline" while this student's data is kept on the device (ADR 0024); the
// ping tells when the server answers again.
setKeptDataCheck(() => hasKeptData(state.currentUser));
setReachabilityProbe(ping);

onSessionInvalidated(() => {
  if (state.sessionId) setInvalidConnectionMessage(SESSION_INVALID_MESSAGE);
});

/** Test helper: resets the store to what storage holds now. */
export function resetStoreForTests(): void {
  state = initialState();
}
