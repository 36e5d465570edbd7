/** React hooks over the global store (lib/store.ts). */
import { useSyncExternalStore } from 'react';
import { getState, lmsDisplayName, subscribe, type AppState } from './store';

/** Selects a slice of global state; re-renders when that slice changes (compare by identity). */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(getState()),
    () => selector(getState()),
  );
}

/** The LMS display name (' Learning Center' when LMS data failed). */
export function useLmsDisplayName(): string {
  return useAppState(lmsDisplayName);
}
