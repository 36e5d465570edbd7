/**
 * Starts the player: the launch's state from the server, then the runtime of its SCORM version on
 * the window, then the session. Only after this does the page create the SCO's frame, so the API
 * exists before the SCO looks for it.
 */
import {
  createPlayerApi,
  PlayerApiError,
  playerPageUrl,
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
  const session = new PlayerSession({ state, api, runtime, win, ...options.session });
  session.start();
  return { kind: 'ready', state, session };
}
