import { useSyncExternalStore } from 'react';

/**
 * Installing the panel (docs/decisions/0024 "Install and app links"). A browser that can install
 * the panel says so once, with a `beforeinstallprompt` event, often before any strip is on screen:
 * the panel keeps that event from the start (main.tsx) and the App Download strip offers 'Install',
 * which shows the browser's own dialog. Once installed, or when the panel already runs as the
 * installed app, there is nothing to offer.
 */

/** What the strip may offer: nothing, the Install button, or nothing because it is installed. */
export type InstallState = 'unavailable' | 'available' | 'installed';

/** The `beforeinstallprompt` event (Chromium's; not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the store listens to: the window's events, and whether it runs as an installed app. */
export interface InstallHost {
  addEventListener(type: string, listener: (event: Event) => void): void;
  matchMedia?(query: string): { matches: boolean };
  /** iOS Safari's home-screen app says so here (not in TypeScript's DOM types). */
  navigator?: object;
}

export interface InstallPrompt {
  state(): InstallState;
  subscribe(listener: () => void): () => void;
  /** Shows the browser's install dialog; what the student chose, or 'unavailable'. */
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
}

/** Whether the page runs as the installed app (its own window), not in a browser tab. */
function runsInstalled(host: InstallHost): boolean {
  return (
    host.matchMedia?.('(display-mode: standalone)').matches === true ||
    (host.navigator as { standalone?: unknown } | undefined)?.standalone === true
  );
}

/** The install prompt of one window; listens from the moment it is made. */
export function createInstallPrompt(host: InstallHost): InstallPrompt {
  let deferred: BeforeInstallPromptEvent | null = null;
  let installed = runsInstalled(host);
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  host.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser from showing its own banner now: the strip offers it when asked.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  host.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    changed();
  });

  return {
    state: () => (installed ? 'installed' : deferred ? 'available' : 'unavailable'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async install() {
      const event = deferred;
      if (!event || installed) return 'unavailable';
      // An event can prompt once: whatever the answer, a new one comes if the browser offers again.
      deferred = null;
      changed();
      await event.prompt();
      const { outcome } = await event.userChoice;
      return outcome;
    },
  };
}

let windowPrompt: InstallPrompt | null = null;

/** The window's install prompt, listening from the first call (main.tsx calls it at start). */
export function installPrompt(): InstallPrompt {
  windowPrompt ??= createInstallPrompt(window);
  return windowPrompt;
}

/** The install state, re-rendered as it changes. */
export function useInstallState(prompt: InstallPrompt = installPrompt()): InstallState {
  return useSyncExternalStore(prompt.subscribe, prompt.state, () => 'unavailable');
}
