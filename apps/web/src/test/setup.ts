import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files of a worker share one jsdom (isolate: false, vitest.config.ts), and this set-up runs
// before each file: it starts from a page as a fresh jsdom would give it. Radix leaves styles and
// attributes on <body> while a dialog is open; routers move the URL; tests store things.
for (const element of [document.documentElement, document.body]) {
  for (const { name } of [...element.attributes]) element.removeAttribute(name);
}
document.head.replaceChildren();
document.body.replaceChildren();
window.history.replaceState(null, '', '/');
window.localStorage.clear();
window.sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
