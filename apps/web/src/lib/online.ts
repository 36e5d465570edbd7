/**
 * The panel's online state for React (docs/decisions/0024 "Offline panel"): useOnline() is false
 * while the browser is offline or the server gives no answer (api/connection.ts). An action that
 * needs the server calls refuseOffline() first: offline it does nothing but say so
 * (OFFLINE_ACTION_MESSAGE, shown by the offline notice, components/offline-banner.tsx). The lesson
 * rows' offline play path reads useOnline() too.
 */
import { useSyncExternalStore } from 'react';
import { isOffline, subscribeConnection } from '../api/connection';

export { OFFLINE_ACTION_MESSAGE } from '@waypoint/domain';
export { isOffline } from '../api/connection';

const online = () => !isOffline();

/** True while the panel reaches its server; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, online, online);
}

type Listener = () => void;
const refusalListeners = new Set<Listener>();
let refusals = 0;

/**
 * For an action that needs the server: true (and the offline notice says so) while offline, so
 * the action stops there; false while online.
 */
export function refuseOffline(): boolean {
  if (!isOffline()) return false;
  refusals += 1;
  for (const listener of [...refusalListeners]) listener();
  return true;
}

/** For a link to the server (a download, a file): offline the click is refused and said so. */
export function refuseOfflineClick(event: { preventDefault: () => void }): void {
  if (refuseOffline()) event.preventDefault();
}

const subscribeRefusals = (listener: Listener) => {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
};
const readRefusals = () => refusals;

/** How many actions were refused offline so far: a change means "say it again". */
export function useOfflineRefusals(): number {
  return useSyncExternalStore(subscribeRefusals, readRefusals, readRefusals);
}
