/**
 * A record search as the user types: the host's `searchRecords` asked SEARCH_DELAY_MS after the last
 * keystroke, only the latest answer kept (an older one arriving late is dropped), at most the request's
 * limit, with the answer's note (say, searched on the device's copy). Shared by the lookup control and
 * the corrective action's assignee.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from '../context';
import type { LookupRequest } from '../core/options';
import type { LookupRecord } from '../types';

export const SEARCH_DELAY_MS = 250;

export interface RecordSearch {
  results: LookupRecord[];
  note: string | undefined;
  loading: boolean;
}

/**
 * Searches for `search` (null: not searching). `request` builds the request when the search runs (so it
 * reads the form's data then); keep it stable (useCallback), a new one searches again.
 */
export function useRecordSearch(
  search: string | null,
  request: (search: string) => LookupRequest,
): RecordSearch {
  const { services } = useFormContext();
  const [results, setResults] = useState<LookupRecord[]>([]);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  useEffect(() => {
    if (search === null || !services.searchRecords) return;
    const id = ++seq.current;
    const timer = setTimeout(() => {
      setLoading(true);
      const req = request(search);
      services
        .searchRecords?.(req)
        .then((answer) => {
          if (id !== seq.current) return;
          const records = Array.isArray(answer) ? answer : answer.records;
          setResults(records.slice(0, req.limit));
          setNote(Array.isArray(answer) ? undefined : answer.note);
        })
        .catch(() => {
          if (id !== seq.current) return;
          setResults([]);
          setNote(undefined);
        })
        .finally(() => {
          if (id === seq.current) setLoading(false);
        });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, services, request]);
  return { results, note, loading };
}
