import { useEffect, useState } from 'react';

/**
 * Calls back once the browser is idle after the page has rendered (requestIdleCallback, at most
 * `timeout` ms later; a short timer where the browser has no idle callbacks). Returns the cancel.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

/**
 * False until the browser is first idle after this component mounted. Code that the first paint
 * does not need (closed pop-ups, the login page's live background) waits for it, so that it never
 * competes with the page's own content (ADR 0012).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
