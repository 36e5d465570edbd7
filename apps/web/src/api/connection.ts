/**
 * Whether the panel reaches its server (docs/decisions/0024 "Offline panel"): the browser's own
 * online flag and events, and "unreachable", set when a request got no answer (status 0) while
 * the student's last data is kept on the device (§8 read with ADR 0024: noAnswerMeaning). While
 * unreachable a light probe asks the server every PROBE_INTERVAL_MS; any answer, from the probe or
 * any other request, or the browser's online event ends it.
 *
 * No React here (the client imports it); the hook is lib/online.ts.
 */
import { noAnswerMeaning, type NoAnswerMeaning } from '@waypoint/domain';

/** How often an unreachable server is asked again. */
export const PROBE_INTERVAL_MS = 15_000;

type Listener = () => void;
const listeners = new Set<Listener>();

let unreachable = false;
let keptData: () => boolean = () => false;
let probe: (() => Promise<unknown>) | null = null;
let probeTimer: number | undefined;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function setUnreachable(next: boolean): void {
  if (unreachable === next) return;
  unreachable = next;
  if (typeof window !== 'undefined') {
    window.clearInterval(probeTimer);
    probeTimer = undefined;
    if (next && probe) {
      const ask = probe;
      probeTimer = window.setInterval(() => void ask().catch(() => undefined), PROBE_INTERVAL_MS);
    }
  }
  notify();
}

/** True while the panel cannot reach its server (the browser is offline, or no answer came). */
export function isOffline(): boolean {
  return !browserOnline() || unreachable;
}

/** Subscribes to changes of isOffline(); returns the unsubscribe function. */
export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a request that got no answer means (the client asks before it fires §8's signal); an
 * "offline" answer marks the server unreachable until the next answer.
 */
export function noAnswer(): NoAnswerMeaning {
  const meaning = noAnswerMeaning({
    browserOnline: browserOnline(),
    keptDataAvailable: keptData(),
  });
  if (meaning === 'offline' && browserOnline()) setUnreachable(true);
  return meaning;
}

/** The server answered (any status): it is reachable. */
export function answered(): void {
  setUnreachable(false);
}

/** Tells the connection whether the signed-in student's last data is kept on this device. */
export function setKeptDataCheck(check: () => boolean): void {
  keptData = check;
}

/** The request the connection sends to learn that an unreachable server answers again. */
export function setReachabilityProbe(next: () => Promise<unknown>): void {
  probe = next;
}

if (typeof window !== 'undefined') {
  // The browser's online event ends "unreachable" too: the next request tells.
  window.addEventListener('online', () => {
    if (unreachable) setUnreachable(false);
    else notify();
  });
  window.addEventListener('offline', notify);
}

/** Test helper: forgets "unreachable" and the kept-data check. */
export function resetConnectionForTests(): void {
  keptData = () => false;
  setUnreachable(false);
}
