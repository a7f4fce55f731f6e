import { useCallback, useEffect, useRef, useState } from 'react';
import { FORM_SEARCH_MIN_LENGTH, type HostServices } from 'shared-contracts';
import type { AssignedTask, FormListItem } from './model';
import { sortTasks } from './model';

/** What mfe-home keeps in browser storage so that home still shows after an offline reload. */
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

export function markSynced(userId: string): void {
  writeCache('syncedOn', userId, new Date().toISOString());
}

export interface RemoteList<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
  /** ISO time of the last successful read from the org ('' = none yet in this tab). */
  syncedAt: string;
  reload(): void;
}

/**
 * A list read from the BFF, cached per user for offline use, re-read when back online and on each
 * `refresh` tick (useOrgRefresh). A re-read that brings the same records changes nothing on screen.
 */
function useRemoteList<T>(
  host: HostServices,
  userId: string | null,
  what: string,
  load: () => Promise<T[]>,
  online: boolean,
  refresh = 0,
): RemoteList<T> {
  const [items, setItems] = useState<T[]>(() => (userId ? (readCache<T[]>(what, userId) ?? []) : []));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [syncedAt, setSyncedAt] = useState('');
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
        setSyncedAt(new Date().toISOString());
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [host, userId, what, online, nonce, refresh]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { items, loading, failed, syncedAt, reload };
}

interface QueryResult<T> {
  records: T[];
}

export function useAssignedTasks(host: HostServices, userId: string | null, online: boolean, refresh = 0) {
  return useRemoteList<AssignedTask>(
    host,
    userId,
    'tasks',
    async () => {
      const r = await host.api.get<QueryResult<AssignedTask>>('/api/searchQuery/', { kind: 'assignedTasks' });
      return sortTasks(r.records ?? []);
    },
    online,
    refresh,
  );
}

export function useForms(host: HostServices, userId: string | null, online: boolean, refresh = 0) {
  return useRemoteList<FormListItem>(
    host,
    userId,
    'forms',
    () => host.api.get<FormListItem[]>('/api/forms'),
    online,
    refresh,
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
