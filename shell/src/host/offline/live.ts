/** Dexie live queries as the host's Observable (get + subscribe, useSyncExternalStore-shaped). */
import { liveQuery } from 'dexie';
import type { Observable } from 'shared-contracts';
import type { StoreRead } from './kept-copies';

/**
 * `inputs`: something the query reads besides the database (the signed-in owner): when it changes,
 * the query runs again (Dexie only re-runs a live query for writes to what it read).
 */
function liveObservable<T>(query: () => Promise<T>, initial: T, inputs?: Observable<unknown>): Observable<T> {
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

/**
 * A live query of sealed records: the querier only reads the rows (`read` makes the two-step read, or
 * null for none: signed out) and they are opened outside it (kept-copies.ts StoreRead says why). An
 * answer opened after a newer one is dropped, so the value always follows the last rows read.
 */
export function liveRead<R, T>(
  read: () => StoreRead<R, T> | null,
  initial: T,
  inputs?: Observable<unknown>,
): Observable<T> {
  let runs = 0;
  const rows = liveObservable<{ rows: R; read: StoreRead<R, T> } | null>(
    async () => {
      const r = read();
      return r ? { rows: await r.rows(), read: r } : null;
    },
    null,
    inputs,
  );
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  let stop: (() => void) | null = null;
  const publish = (v: T): void => {
    value = v;
    listeners.forEach((l) => l(v));
  };
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      stop ??= rows.subscribe((got) => {
        const run = ++runs;
        if (!got) return publish(initial);
        got.read.open(got.rows).then(
          (v) => {
            if (run === runs) publish(v);
          },
          (e: unknown) => console.error('offline live query failed', e),
        );
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stop) {
          stop();
          stop = null;
        }
      };
    },
  };
}

export { Signal } from '../signal';
