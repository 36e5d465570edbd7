import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; false where matchMedia is missing (tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the header turns into the compact menu. */
export const NARROW_QUERY = '(width < 820px)';

/** From this width the rebrand header has room for the navigation inside its one row. */
export const WIDE_QUERY = '(width >= 1360px)';
