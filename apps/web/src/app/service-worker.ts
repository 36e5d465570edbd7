/**
 * Registers the panel's service worker (sw.js, built by vite-plugin-pwa; docs/decisions/0024
 * "Install and app links") once the page has loaded, so that its precaching never competes with
 * the first render. Only in a build: the development server has no sw.js. A browser without
 * service workers, or a failed registration, leaves the panel as it was: online only.
 */
export function registerServiceWorker(
  navigatorLike: { serviceWorker?: Pick<ServiceWorkerContainer, 'register'> } = navigator,
  windowLike: Pick<Window, 'addEventListener'> & {
    document: Pick<Document, 'readyState'>;
  } = window,
): void {
  const container = navigatorLike.serviceWorker;
  if (!container) return;
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (windowLike.document.readyState === 'complete') register();
  else windowLike.addEventListener('load', register, { once: true });
}
