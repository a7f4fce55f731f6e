import { useCallback, useEffect, useRef, useState } from 'react';
import { FORM_SEARCH_MIN_LENGTH, type HostServices, type OrgRefresh } from 'shared-contracts';
import type { AssignedTask, FormListItem } from './model';
import { sortTasks } from './model';

/**
 * What mfe-home keeps in browser storage so that home still shows after an offline reload. `userId`
 * is the owner's key, `<organizationId>.<userId>`: every key the app writes is one org's and one user's.
 */
const cacheKey = (what: string, userId: string) => `cq.home.${what}.${userId}`;

export function readCache<T>(what: string, userId: string): T | null {
  try {
    const raw = window.localStorage.getItem(cacheKey(what, userId));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeCache(what: string, userId: string, value: unknown): void {
  try {
    window.localStorage.setItem(cacheKey(what, userId), JSON.stringify(value));
  } catch {
    // storage full or blocked: the list still shows from memory
  }
}

/** Dispatched on window after an org read stored its time ('syncedOn'): the Synced on line re-reads. */
export const SYNCED_EVENT = 'cq-home-synced';

export function markSynced(userId: string): void {
  writeCache('syncedOn', userId, new Date().toISOString());
  window.dispatchEvent(new Event(SYNCED_EVENT));
}

/**
 * Calls `listener` whenever the stored org-read time of `userId` may have changed: after this tab's
 * reads (SYNCED_EVENT) and after another tab's (the browser's storage event, which it fires in every
 * other tab of the origin, and with a null key when storage is cleared). Nothing runs in between, so
 * the Synced on line costs an idle home nothing, where re-reading storage every 2 s cost a render.
 */
export function onSyncedOnStored(userId: string, listener: () => void): () => void {
  const key = cacheKey('syncedOn', userId);
  const onStorage = (e: StorageEvent): void => {
    if (e.key === null || e.key === key) listener();
  };
  window.addEventListener(SYNCED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SYNCED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface RemoteList<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/**
 * A list read from the BFF, cached per user for offline use, re-read when back online and on each of
 * the host's org re-reads that concerns it (`signal`: host.offline.orgRefresh). A re-read that brings the same records
 * sets no state, so it re-renders nothing (home idles at a re-read a minute); the read's time goes
 * to storage and the Synced on line (markSynced).
 */
function useRemoteList<T>(
  host: HostServices,
  userId: string | null,
  what: string,
  load: () => Promise<T[]>,
  online: boolean,
  signal?: OrgRefresh,
): RemoteList<T> {
  const [items, setItems] = useState<T[]>(() => (userId ? (readCache<T[]>(what, userId) ?? []) : []));
  const [loading, setLoadingState] = useState(false);
  const [failed, setFailedState] = useState(false);
  // Set only on a change: a same-value setState can still cost home a render (React's bail-out
  // happens after rendering when the fiber has pending work).
  const flags = useRef({ loading: false, failed: false });
  const setLoading = useCallback((v: boolean) => {
    if (flags.current.loading !== v) setLoadingState((flags.current.loading = v));
  }, []);
  const setFailed = useCallback((v: boolean) => {
    if (flags.current.failed !== v) setFailedState((flags.current.failed = v));
  }, []);
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const shownRef = useRef('');

  useEffect(() => {
    if (!userId) return;
    const cached = readCache<T[]>(what, userId) ?? [];
    shownRef.current = JSON.stringify(cached);
    setItems(cached);
  }, [userId, what]);

  useEffect(() => {
    if (!userId || !online) return;
    let live = true;
    const read = (): void => {
      // A background re-read of a list already on screen shows no spinner.
      if (shownRef.current === '' || shownRef.current === '[]') setLoading(true);
      loadRef.current().then(
        (next) => {
          if (!live) return;
          const json = JSON.stringify(next);
          if (json !== shownRef.current) {
            shownRef.current = json;
            setItems(next);
            writeCache(what, userId, next);
          }
          setFailed(false);
          setLoading(false);
          markSynced(userId);
        },
        () => {
          if (!live) return;
          setFailed(true);
          setLoading(false);
        },
      );
    };
    read();
    // Hints name the list that changed ('tasks', 'forms'): other lists' hints do not re-read this one.
    const unsubscribe = signal?.subscribe(read, what === 'tasks' || what === 'forms' ? what : undefined);
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [host, userId, what, online, nonce, signal, setLoading, setFailed]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { items, loading, failed, reload };
}

interface QueryResult<T> {
  records: T[];
}

export function useAssignedTasks(
  host: HostServices,
  userId: string | null,
  online: boolean,
  signal?: OrgRefresh,
) {
  return useRemoteList<AssignedTask>(
    host,
    userId,
    'tasks',
    async () => {
      const r = await host.api.get<QueryResult<AssignedTask>>('/api/searchQuery/', { kind: 'assignedTasks' });
      return sortTasks(r.records ?? []);
    },
    online,
    signal,
  );
}

export function useForms(host: HostServices, userId: string | null, online: boolean, signal?: OrgRefresh) {
  return useRemoteList<FormListItem>(
    host,
    userId,
    'forms',
    () => host.api.get<FormListItem[]>('/api/forms'),
    online,
    signal,
  );
}

export const SEARCH_DEBOUNCE_MS = 300;

/** The Forms tab search: runs only when the text is longer than 1 character; offline it filters locally. */
export function useFormSearch(
  host: HostServices,
  text: string,
  all: readonly FormListItem[],
  online: boolean,
): { results: FormListItem[] | null; loading: boolean } {
  const [state, setState] = useState<{ results: FormListItem[] | null; loading: boolean }>({
    results: null,
    loading: false,
  });
  const term = text.trim();
  const active = term.length >= FORM_SEARCH_MIN_LENGTH;

  useEffect(() => {
    if (!active) {
      setState({ results: null, loading: false });
      return;
    }
    const local = () => {
      const needle = term.toLowerCase();
      return all.filter(
        (f) => f.Name.toLowerCase().includes(needle) || (f.Title__c ?? '').toLowerCase().includes(needle),
      );
    };
    if (!online) {
      setState({ results: local(), loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ results: s.results, loading: true }));
    const timer = setTimeout(() => {
      host.api.get<FormListItem[]>('/api/search', { search: term }).then(
        (results) => live && setState({ results, loading: false }),
        () => live && setState({ results: local(), loading: false }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [host, term, active, all, online]);

  return state;
}
