import { useEffect, useState } from 'react';
import { FORM_SEARCH_MIN_LENGTH, type HostServices } from 'shared-contracts';
import type { FormListItem } from './model';

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
