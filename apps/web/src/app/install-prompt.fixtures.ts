import { vi } from 'vitest';
import type { InstallHost } from './install-prompt';

/** A window that can be told to fire events, and to run as the installed app or not. */
export function fakeHost(options: { standalone?: boolean } = {}) {
  const listeners = new Map<string, ((event: Event) => void)[]>();
  const host: InstallHost = {
    addEventListener: (type, listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    matchMedia: (query) => ({
      matches: query === '(display-mode: standalone)' && options.standalone === true,
    }),
  };
  const fire = (type: string, event: Event = new Event(type, { cancelable: true })) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
    return event;
  };
  return { host, fire };
}

/** Chromium's beforeinstallprompt, answering the dialog with `outcome`. */
export function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}
