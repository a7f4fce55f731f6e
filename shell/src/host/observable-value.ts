import type { Observable } from 'shared-contracts';

/** A settable value with subscribers; the shape remotes read with useSyncExternalStore. */
export function observableValue<T>(initial: T): Observable<T> & { set(value: T): void } {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener(value));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
