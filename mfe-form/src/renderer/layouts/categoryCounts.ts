import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { UISchemaElement } from 'shared-contracts';
import { useFormContext } from '../context';
import { joinPath } from 'form-core/paths';
import { countControls, itemListPaths } from 'form-core/uischema';

/**
 * The count each Categorization tab shows. A category holding item lists (ListWithDetail, table)
 * counts their items, live (the genealogy viewer's "Persons 12"); any other category counts its
 * fields. Subscribes to the list paths only, and re-renders only when a count changes, so typing
 * inside an item does not re-render the tabs.
 */
export const useCategoryCounts = (categories: UISchemaElement[], base: string): number[] => {
  const { store } = useFormContext();
  const plan = useMemo(
    () =>
      categories.map((c) => {
        const lists = itemListPaths(c).map((p) => joinPath(base, p));
        return { lists, fields: countControls(c) };
      }),
    [categories, base],
  );
  const paths = useMemo(() => [...new Set(plan.flatMap((p) => p.lists))], [plan]);
  const subscribe = useCallback(
    (l: () => void) => {
      const offs = paths.map((p) => store.subscribeValue(p, l));
      return () => offs.forEach((off) => off());
    },
    [store, paths],
  );
  // A string snapshot: equal counts compare equal, so unchanged counts never re-render.
  const snapshot = useCallback(
    () =>
      plan
        .map((p) =>
          p.lists.length === 0
            ? p.fields
            : p.lists.reduce((n, path) => {
                const v = store.get(path);
                return n + (Array.isArray(v) ? v.length : 0);
              }, 0),
        )
        .join(','),
    [plan, store],
  );
  const key = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => key.split(',').map(Number), [key]);
};
