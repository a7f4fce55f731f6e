import type { Observable } from 'shared-contracts';

/** navigator.onLine as an observable, kept current by the window's online/offline events. */
export function onlineObservable(win: Window = window): Observable<boolean> {
  const listeners = new Set<(value: boolean) => void>();
  const emit = () => listeners.forEach((listener) => listener(win.navigator.onLine));
  win.addEventListener('online', emit);
  win.addEventListener('offline', emit);
  return {
    get: () => win.navigator.onLine,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
