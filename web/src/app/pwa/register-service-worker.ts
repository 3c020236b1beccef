/**
 * Registers the service worker (web/public/sw.js, docs/web.md#offline-tickets) once the page has
 * loaded. Called from a chunk that loads after the first paint (the toaster), so the home page's
 * initial JavaScript does not grow. The worker is told what this page loaded before it was in
 * control, so the first page opened is kept for offline use too.
 */
let registered = false;

export function registerServiceWorker(): void {
  if (registered) return;
  registered = true;
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(window.location.origin));
        registration.active?.postMessage({
          type: 'keep',
          page: window.location.href,
          urls: [window.location.href, ...loaded],
        });
      })
      .catch((error: unknown) => console.warn('offline support is not available', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
