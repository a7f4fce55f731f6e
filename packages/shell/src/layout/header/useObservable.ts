import { useSyncExternalStore } from 'react';
import type { Observable } from 'shared-contracts';

export function useObservable<T>(o: Observable<T>): T {
  return useSyncExternalStore(
    (listener) => o.subscribe(() => listener()),
    () => o.get(),
  );
}
