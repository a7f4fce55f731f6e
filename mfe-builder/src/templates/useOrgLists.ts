import { useEffect, useState } from 'react';
import { BUILDER } from 'shared-contracts';
import type { BaseClassInfo, NamedRecord as Named } from 'shared-contracts';
import type { templatesApi } from './api';
import { DYNAMIC_FILTER_INTERFACE } from './logic';

/** The option lists of the org a component goes to. */
export interface OrgLists {
  lwc: Named[];
  vf: Named[];
  flows: Named[];
  filters: Named[];
  layouts: { id: string | null; name: string }[];
  baseClass: BaseClassInfo | null;
}
const EMPTY_LISTS: OrgLists = { lwc: [], vf: [], flows: [], filters: [], layouts: [], baseClass: null };

/** `value` once it has been quiet for `ms` (search boxes). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The option lists of the org at `orgUrl` (none while there is none): flows, filter classes and the
 * base class; the object's layouts; components named like `lwcTerm` and Visualforce pages like
 * `vfTerm` (both searched after a quiet moment). `refreshBaseClass` re-reads the base class (after a
 * publish).
 */
export function useOrgLists(
  api: ReturnType<typeof templatesApi>,
  orgUrl: string,
  query: { namespace: string; objectApiName: string; lwcTerm: string; vfTerm: string },
): { lists: OrgLists; refreshBaseClass(): void } {
  const [lists, setLists] = useState<OrgLists>(EMPTY_LISTS);
  const { namespace, objectApiName } = query;
  const lwcSearch = useDebounced(query.lwcTerm, BUILDER.paletteSearchDelayMs);
  const vfSearch = useDebounced(query.vfTerm, BUILDER.paletteSearchDelayMs);

  useEffect(() => {
    if (!orgUrl) return;
    let live = true;
    Promise.all([
      api.flows(orgUrl).catch(() => []),
      api.filterClasses(orgUrl, DYNAMIC_FILTER_INTERFACE(namespace)).catch(() => []),
      api.baseClass(orgUrl).catch(() => null),
    ]).then(([flows, filters, baseClass]) => {
      if (live) setLists((l) => ({ ...l, flows, filters, baseClass }));
    });
    return () => {
      live = false;
    };
  }, [api, orgUrl, namespace]);

  useEffect(() => {
    if (!orgUrl || !objectApiName) return;
    let live = true;
    api
      .layouts(orgUrl, objectApiName)
      .then((layouts) => live && setLists((l) => ({ ...l, layouts })))
      .catch(() => live && setLists((l) => ({ ...l, layouts: [] })));
    return () => {
      live = false;
    };
  }, [api, orgUrl, objectApiName]);

  useEffect(() => {
    if (!orgUrl) return;
    let live = true;
    api
      .lwcList(lwcSearch, orgUrl)
      .then((lwc) => live && setLists((l) => ({ ...l, lwc })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, orgUrl, lwcSearch]);

  useEffect(() => {
    if (!orgUrl) return;
    let live = true;
    api
      .vfPages(vfSearch, orgUrl)
      .then((vf) => live && setLists((l) => ({ ...l, vf })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, orgUrl, vfSearch]);

  const refreshBaseClass = () => {
    if (!orgUrl) return;
    api.baseClass(orgUrl).then(
      (baseClass) => setLists((l) => ({ ...l, baseClass })),
      () => undefined,
    );
  };
  return { lists, refreshBaseClass };
}
