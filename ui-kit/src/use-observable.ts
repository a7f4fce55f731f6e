import { useCallback, useSyncExternalStore } from 'react';
import type { Observable } from 'shared-contracts';

/**
 * Reads an Observable of the host in a React component (subpath `ui-kit/use-observable`:
 * React only, so Chakra-free screens use it too). The subscribe function keeps its identity across
 * renders: a new one makes React unsubscribe and subscribe again after every change, which for the
 * host's live queries means tearing down and restarting the query each time.
 */
export function useObservable<T>(o: Observable<T>): T {
  const subscribe = useCallback((listener: () => void) => o.subscribe(() => listener()), [o]);
  const get = useCallback(() => o.get(), [o]);
  return useSyncExternalStore(subscribe, get);
}
