/**
 * One player window's session (ADR 0007): the SCO's frame, its commits (Commit,
 * Terminate, the autocommit timer, the closing beacon), the heartbeat, multi-SCO navigation and
 * "Exit lesson".
 */
import { CommitQueue, type SaveStatus } from './commit-queue';
import { resolveNavRequest } from './nav-request';
import { PlayerApiError, playerPageUrl, type PlayerApi } from './player-api';
import type { ScormRuntime } from './scorm-runtime';
import type {
  CmiValues,
  PlayerNavigation,
  PlayerSibling,
  PlayerState,
} from '@waypoint/domain/contract';

export type SessionPhase =
  /** The SCO runs in its frame. */
  | { kind: 'running' }
  /** The frame is gone and the final commit is on its way (Exit lesson, or another lesson). */
  | { kind: 'leaving'; to: 'exit' | 'lesson' }
  /** Exit finished but the browser kept the window open: "You can close this window." */
  | { kind: 'closed' }
  /** The server refused the other lesson (launch rules): its message. */
  | { kind: 'navigation-failed'; message: string };

export interface SessionSnapshot {
  phase: SessionPhase;
  save: SaveStatus;
  /**
   * A sequenced package: Previous / Next as the server's sequencer last answered (the launch's
   * state, then each commit that changed what it reads). Null without sequencing.
   */
  navigation: PlayerNavigation | null;
}

export interface PlayerSessionOptions {
  state: PlayerState;
  api: PlayerApi;
  runtime: ScormRuntime;
  win?: Window;
  /** Opens another player address in this window (location.replace). */
  replaceLocation?: (url: string) => void;
  /** Tries to close the window; true when it is closing. */
  closeWindow?: () => boolean;
  retryDelayMs?: (attempt: number) => number;
  /**
   * A lesson played from this device's store (docs/decisions/0024): commits go to the device's
   * queue, no heartbeat, and the opening's first commit carries every stored element the opening
   * started with (state.cmi; the server may record the opening as an attempt of its own).
   */
  offline?: boolean;
}

/** Ends saving: the launch is closed or the token is no longer valid. */
const FATAL = new Set([401, 403, 404, 409]);

/**
 * Leaving a lesson unloads the SCO as a browser leaving the page does (ADR 0007): its frame goes to
 * about:blank, so its beforeunload and unload handlers both run (much content sets exit=suspend
 * only in beforeunload). The SCO gets this long to finish unloading; a frame that never gets there
 * (a handler that hangs, a "leave this page?" prompt) is then removed, which still runs unload.
 */
export const UNLOAD_WAIT_MS = 5_000;

/**
 * Then the final commit gets this long. Past it the window closes anyway: its pagehide beacon
 * carries whatever is still unacknowledged, as when the learner closes the window; a window the
 * browser keeps open goes on retrying and shows the save state.
 */
export const FINAL_COMMIT_WAIT_MS = 10_000;

/** The comments location of a lesson whose SCO keeps no bookmark. */
export const COMMENTS_AT_START = 'start';

export class PlayerSession {
  readonly queue: CommitQueue;
  private phase: SessionPhase = { kind: 'running' };
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private frame: HTMLIFrameElement | null = null;
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];
  private readonly cleanups: Array<() => void> = [];
  private leaving: Promise<void> | null = null;
  private readonly win: Window;
  private navigation: PlayerNavigation | null;

  constructor(private readonly options: PlayerSessionOptions) {
    const { state, api, runtime } = options;
    this.win = options.win ?? window;
    const { sequencing } = state;
    this.navigation = sequencing
      ? {
          continue: sequencing.continue,
          previous: sequencing.previous,
          ...(sequencing.continueRefused ? { continueRefused: sequencing.continueRefused } : {}),
          ...(sequencing.previousRefused ? { previousRefused: sequencing.previousRefused } : {}),
        }
      : null;
    this.queue = new CommitQueue({
      lastSeq: state.lastSeq,
      // What the runtime holds after loading state.cmi is what the server has: only what differs
      // from it is ever sent. Offline, the server has none of what the opening started with, so
      // the first commit carries it (the runtime's own defaults stay out, as online).
      baseline: options.offline
        ? withoutElements(runtime.readStored(), state.cmi)
        : runtime.readStored(),
      read: () => runtime.readStored(),
      transport: {
        send: async (payload, sendOptions) => {
          const answer = await api.commit(payload, sendOptions);
          if (answer.navigation) this.setNavigation(answer.navigation);
          return answer;
        },
        sendOnUnload: (payload) => void api.commitOnUnload(payload),
      },
      retryDelayMs: options.retryDelayMs,
    });
    this.snapshot = {
      phase: this.phase,
      save: this.queue.getStatus(),
      navigation: this.navigation,
    };
  }

  get state(): PlayerState {
    return this.options.state;
  }

  /** The lesson plays from this device's store: progress is saved on the device. */
  get offline(): boolean {
    return this.options.offline === true;
  }

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * The panel's Comments page for the place the learner is on: the SCO's bookmark (1.2
   * cmi.core.lesson_location, 2004 cmi.location), or the lesson's start when it has none (§2
   * Comments screen). Null in a library preview, which has no comments.
   */
  commentsUrl(): string | null {
    const base = this.options.state.commentsUrl;
    if (!base) return null;
    const stored = this.options.runtime.readStored();
    const bookmark = stored['cmi.core.lesson_location'] || stored['cmi.location'] || '';
    return `${base}&location=${encodeURIComponent(bookmark || COMMENTS_AT_START)}`;
  }

  /** Wires the runtime, the timers and the page lifecycle. Call once, before the frame exists. */
  start(): void {
    const { state, runtime, api } = this.options;
    const { queue, win } = this;
    this.cleanups.push(queue.subscribe(() => this.emit()));
    runtime.onChange(() => queue.noteChange());
    runtime.onCommit(() => void queue.commit());
    runtime.onTerminate((navRequest) => this.onTerminate(navRequest));

    // Autocommit: every autocommitSeconds, when something changed.
    this.timers.push(
      setInterval(() => {
        if (!queue.finalRequested && queue.hasUnsavedChanges()) void queue.commit();
      }, state.autocommitSeconds * 1000),
    );
    if (!this.offline) {
      this.timers.push(
        setInterval(() => {
          if (queue.closed || queue.stopped || queue.finalRequested) return;
          api.heartbeat().catch((error: unknown) => {
            if (error instanceof PlayerApiError && FATAL.has(error.status)) {
              queue.stop(error.message);
            }
          });
        }, state.heartbeatSeconds * 1000),
      );
    } else if (queue.hasUnsavedChanges()) {
      // Offline: the opening's state (a resumed attempt's elements) is stored on the device at once.
      void queue.commit();
    }

    const onPageHide = (event: PageTransitionEvent) => this.onPageHide(event.persisted);
    const onVisibility = () => {
      if (win.document.visibilityState === 'hidden') this.saveBeforeHiding();
    };
    const onOnline = () => queue.retryNow();
    win.addEventListener('pagehide', onPageHide);
    win.document.addEventListener('visibilitychange', onVisibility);
    win.addEventListener('online', onOnline);
    this.cleanups.push(() => {
      win.removeEventListener('pagehide', onPageHide);
      win.document.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('online', onOnline);
    });
  }

  /**
   * Puts the SCO's frame in the container. The frame belongs to the session, not to React, so that
   * leaving can unload it before anything else (the SCO's unload handlers then run and commit first).
   */
  attachFrame(container: HTMLElement): void {
    if (this.phase.kind !== 'running') return;
    if (!this.frame) {
      const frame = this.win.document.createElement('iframe');
      frame.setAttribute('title', this.options.state.lessonName);
      frame.setAttribute('allow', 'fullscreen; autoplay; clipboard-write');
      frame.setAttribute('src', this.options.state.contentUrl);
      this.frame = frame;
    }
    if (this.frame.parentElement !== container) container.append(this.frame);
  }

  /** "Exit lesson": the final commit, then close the window (or say it can be closed). */
  exit(): Promise<void> {
    if (this.leaving) return this.leaving;
    this.leaving = this.leave('exit').finally(() => (this.leaving = null));
    return this.leaving;
  }

  /** Opens another lesson of the package (Previous / Next / the lesson list, or a nav request). */
  goTo(sibling: PlayerSibling, request?: string): Promise<void> {
    if (this.leaving) return this.leaving;
    this.leaving = this.leave('lesson', sibling, request).finally(() => (this.leaving = null));
    return this.leaving;
  }

  /** Stops timers and listeners (tests, or a page that is replaced). */
  dispose(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.queue.dispose();
  }

  private async leave(
    to: 'exit' | 'lesson',
    sibling?: PlayerSibling,
    request?: string,
  ): Promise<void> {
    const { queue, options } = this;
    if (this.phase.kind === 'leaving' || this.phase.kind === 'closed') return;
    this.setPhase({ kind: 'leaving', to });
    // The SCO saves in its own beforeunload and unload handlers (often Terminate / LMSFinish): let
    // it, first.
    await this.unloadFrame();
    // A no-op when the SCO's final commit already went through (the launch is closed).
    void queue.commit({ final: true });
    await within(queue.whenIdle(), FINAL_COMMIT_WAIT_MS);
    if (to === 'exit' || !sibling) {
      const closing = (options.closeWindow ?? (() => defaultClose(this.win)))();
      if (!closing) this.setPhase({ kind: 'closed' });
      return;
    }
    try {
      const next = await options.api.navigate(sibling.lessonKey, request);
      const url = playerPageUrl(next.launchId, next.token);
      (options.replaceLocation ?? ((href) => this.win.location.replace(href)))(url);
    } catch (error) {
      const message =
        error instanceof Error ? error.message : 'The other lesson could not be opened.';
      this.setPhase({ kind: 'navigation-failed', message });
    }
  }

  private onTerminate(navRequest: string): void {
    void this.queue.commit({ final: true });
    if (this.options.runtime.version !== '2004' || this.phase.kind !== 'running') return;
    const { siblings, sequencing } = this.options.state;
    const action = resolveNavRequest(navRequest, siblings, sequencing !== undefined);
    if (action.kind === 'none') return;
    // Leave after the SCO's Terminate call has returned to it.
    setTimeout(() => {
      if (action.kind === 'exit') void this.exit();
      else void this.goTo(action.sibling, action.request);
    }, 0);
  }

  private saveBeforeHiding(): void {
    // The tab may come back: keep the launch open, but put unsaved data on its way now, since a
    // hidden page can be discarded without any further event. Once a final commit is on its way
    // (keepalive fetch or beacon, both outlive the page) there is nothing to add.
    const { queue } = this;
    if (!queue.finalRequested && queue.hasUnsavedChanges()) queue.sendOnUnload({ final: false });
  }

  private onPageHide(persisted: boolean): void {
    if (persisted) {
      // Into the back-forward cache: the page may come back, so this is not the end.
      this.saveBeforeHiding();
      return;
    }
    const { queue } = this;
    queue.setUnloading();
    // Browsers may unload the frame after this page: remove it now so the SCO's own unload
    // handlers (Terminate with its last values) run first and go out before our final commit.
    this.removeFrame();
    if (!queue.closed && !queue.finalSentOnUnload) queue.sendOnUnload({ final: true });
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  /** Navigates the SCO's frame to about:blank and waits (at most UNLOAD_WAIT_MS) until it is there. */
  private unloadFrame(): Promise<void> {
    const frame = this.frame;
    if (!frame?.isConnected) {
      this.removeFrame();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        frame.removeEventListener('load', done);
        // Removing it too: a frame kept at about:blank would only hide the phase message. When the
        // page went away meanwhile (pagehide), the frame is already gone.
        if (this.frame === frame) this.removeFrame();
        resolve();
      };
      const timer = setTimeout(done, UNLOAD_WAIT_MS);
      // 'load' of about:blank comes after the SCO's document has run beforeunload and unload.
      frame.addEventListener('load', done);
      frame.setAttribute('src', 'about:blank');
    });
  }

  private removeFrame(): void {
    const frame = this.frame;
    this.frame = null;
    frame?.remove();
  }

  /** The sequencer's new answer: the buttons and the SCO's request_valid follow it. */
  private setNavigation(navigation: PlayerNavigation): void {
    if (!this.navigation) return;
    this.navigation = navigation;
    try {
      this.options.runtime.setNavigation(navigation);
    } catch (error) {
      // The commit it came with is saved all the same; only the SCO's request_valid lags.
      console.error('Waypoint player: adl.nav.request_valid could not be updated.', error);
    }
    this.emit();
  }

  private setPhase(phase: SessionPhase): void {
    this.phase = phase;
    this.emit();
  }

  private emit(): void {
    this.snapshot = {
      phase: this.phase,
      save: this.queue.getStatus(),
      navigation: this.navigation,
    };
    for (const listener of [...this.listeners]) listener();
  }
}

/** The values whose element the other record does not name. */
function withoutElements(values: CmiValues, named: CmiValues): CmiValues {
  const kept: CmiValues = {};
  for (const [element, value] of Object.entries(values)) {
    if (!Object.hasOwn(named, element)) kept[element] = value;
  }
  return kept;
}

/** Resolves when the promise does, or after ms, whichever is first. */
function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function defaultClose(win: Window): boolean {
  try {
    win.close();
  } catch {
    return false;
  }
  // closed is true at once when the browser accepted to close a window opened by a script.
  return win.closed;
}
