/** Dexie live queries as the host's Observable (get + subscribe, useSyncExternalStore-shaped). */
import { liveQuery } from 'dexie';
import type { Observable } from 'shared-contracts';

/**
 * `inputs`: something the query reads besides the database (the signed-in owner): when it changes,
 * the query runs again (Dexie only re-runs a live query for writes to what it read).
 */
export function liveObservable<T>(
  query: () => Promise<T>,
  initial: T,
  inputs?: Observable<unknown>,
): Observable<T> {
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  let sub: { unsubscribe(): void } | null = null;
  let stopInputs: (() => void) | null = null;
  const start = (): void => {
    sub = liveQuery(query).subscribe({
      next: (v) => {
        value = v;
        listeners.forEach((l) => l(v));
      },
      error: (e: unknown) => console.error('offline live query failed', e),
    });
  };
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      if (!sub) {
        start();
        stopInputs = inputs
          ? inputs.subscribe(() => {
              sub?.unsubscribe();
              start();
            })
          : null;
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && sub) {
          sub.unsubscribe();
          sub = null;
          stopInputs?.();
          stopInputs = null;
        }
      };
    },
  };
}

export { Signal } from '../signal';
