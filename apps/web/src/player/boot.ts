/**
 * Starts the player: the launch's state from the server, then the runtime of its SCORM version on
 * the window, then the session. Only after this does the page create the SCO's frame, so the API
 * exists before the SCO looks for it.
 */
import {
  createPlayerApi,
  PlayerApiError,
  playerPageUrl,
  type PlayerApi,
  type PlayerApiOptions,
} from './player-api';
import { PlayerSession } from './player-session';
import { createScormRuntime, loadScormApiClass, type ScormApiClass } from './scorm-runtime';
import type { PlayerLaunch } from './launch-location';
import type { PlayerState, ScormVersion } from '@waypoint/domain/contract';

export type BootResult =
  | { kind: 'ready'; state: PlayerState; session: PlayerSession }
  | { kind: 'error'; message: string };

export const MISSING_LAUNCH_MESSAGE =
  'This lesson window has no valid launch. Open the lesson again from the Learning Center.';
export const REDIRECT_MESSAGE = "Opening the lesson this course's sequencing offers now…";
export const RUNTIME_LOAD_MESSAGE =
  'The lesson player could not load. Check your connection, then reload this window.';

export interface BootOptions {
  launch: PlayerLaunch;
  win?: Window;
  fetch?: PlayerApiOptions['fetch'];
  sendBeacon?: PlayerApiOptions['sendBeacon'];
  /** Tests pass the class; the page loads the version's chunk. */
  loadApiClass?: (version: ScormVersion) => Promise<ScormApiClass>;
  /** Passed to the session (tests). */
  session?: {
    replaceLocation?: (url: string) => void;
    closeWindow?: () => boolean;
    retryDelayMs?: (attempt: number) => number;
  };
}

export async function bootPlayer(options: BootOptions): Promise<BootResult> {
  const win = options.win ?? window;
  // A package's scripts run in this window's frame: they must not reach (or navigate) the panel's
  // tab through window.opener.
  win.opener = null;
  const { launchId, token } = options.launch;
  if (!launchId || !token) return { kind: 'error', message: MISSING_LAUNCH_MESSAGE };
  const api = createPlayerApi({
    launchId,
    token,
    fetch: options.fetch,
    sendBeacon: options.sendBeacon,
  });
  let state: PlayerState;
  try {
    state = await api.getState();
  } catch (error) {
    const message = error instanceof PlayerApiError ? error.message : RUNTIME_LOAD_MESSAGE;
    return { kind: 'error', message };
  }
  // A sequenced package's sequencer delivered another lesson than the one launched (SN OP.1):
  // open that one's launch in this window instead.
  const redirect = state.sequencing?.redirect;
  if (redirect) {
    win.location.replace(playerPageUrl(redirect.launchId, redirect.token));
    return { kind: 'error', message: REDIRECT_MESSAGE };
  }
  return startSession(state, api, options, win, false);
}

/** Loads the version's runtime on the window, then starts the session. */
async function startSession(
  state: PlayerState,
  api: PlayerApi,
  options: Pick<BootOptions, 'loadApiClass' | 'session'>,
  win: Window,
  offline: boolean,
): Promise<BootResult> {
  let ApiClass: ScormApiClass;
  try {
    ApiClass = await (options.loadApiClass ?? loadScormApiClass)(state.scormVersion);
  } catch {
    return { kind: 'error', message: RUNTIME_LOAD_MESSAGE };
  }
  const runtime = createScormRuntime({
    version: state.scormVersion,
    ApiClass,
    cmi: state.cmi,
    siblings: state.siblings,
    sequencing: state.sequencing,
    win,
  });
  const session = new PlayerSession({ state, api, runtime, win, offline, ...options.session });
  session.start();
  return { kind: 'ready', state, session };
}

export const MISSING_GRANT_MESSAGE =
  'This window names no lesson stored on this device. Open the lesson again from Waypoint.';
export const OFFLINE_LOAD_MESSAGE =
  'The lesson stored on this device could not be opened. Reload this window, or open the lesson ' +
  'from Waypoint while online.';

export interface OfflineBootOptions extends Pick<BootOptions, 'win' | 'loadApiClass' | 'session'> {
  /** The stored lesson's grant (the page's fragment); null when there is none. */
  grantId: string | null;
  /** Tests pass their own; the page loads the offline chunk (IndexedDB store and queue). */
  open?: (grantId: string) => Promise<{ state: PlayerState; api: PlayerApi }>;
  /** After the opening: the page syncs what waits when online (docs/decisions/0024). */
  afterOpen?: (grantId: string) => void;
}

/**
 * Starts the player of a lesson stored on this device (`/player/offline/play#{grantId}`,
 * docs/decisions/0024): its state and API from the device's store, the same runtime and session,
 * commits queued on the device.
 */
export async function bootOfflinePlayer(options: OfflineBootOptions): Promise<BootResult> {
  const win = options.win ?? window;
  win.opener = null;
  const { grantId } = options;
  if (!grantId) return { kind: 'error', message: MISSING_GRANT_MESSAGE };
  let opened: { state: PlayerState; api: PlayerApi };
  try {
    opened = await (options.open ?? openStoredLesson)(grantId);
  } catch (error) {
    // The offline module's messages are the student's (not stored, expired, no storage).
    const message =
      error instanceof Error && error.name === 'OfflinePlayError'
        ? error.message
        : OFFLINE_LOAD_MESSAGE;
    return { kind: 'error', message };
  }
  options.afterOpen?.(grantId);
  return startSession(opened.state, opened.api, options, win, true);
}

async function openStoredLesson(grantId: string) {
  const { openOfflinePlayer } = await import('../offline/offline-player');
  return openOfflinePlayer(grantId);
}
