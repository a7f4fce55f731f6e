/** Registers the shell's service worker (code cache for offline starts); a failure only costs that. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('[shell] service worker not registered', error);
  });
}
