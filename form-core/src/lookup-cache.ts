/**
 * Lookups offline. "Download for offline" keeps, for each lookup of the form, the records the user
 * can see (the first LOOKUP_CACHE_LIMIT by name, with the fields its filters test) inside the form
 * definition's `lookupCacheData`, so a required lookup can be filled with no network. Offline, the
 * lookup control searches those records the way the BFF's lookup query does (name prefix, filters,
 * ordered by name, LOOKUP_RESULTS_LIMIT shown). Pure functions: the shell fetches, mfe-form searches.
 */
import type { FormDefinition, FormJsonSchema } from 'shared-contracts';
import { ASSIGNEE_LOOKUP, correctiveSettingsOf } from './form-validation/corrective-actions';
import { resolveSchemaRef } from './schema-ref';
import type { LookupFilter, ResolvedLookupFilter, UISchemaElement } from 'shared-contracts';

/** Where the kept lookups live in `lookupCacheData` (beside the spec's {object: {id: name}} maps). */
export const LOOKUP_CACHE_KEY = '$lookups';

/** A lookup of the form: what to fetch to search it offline. */
export interface LookupTarget {
  object: string;
  titleField: string;
  valueField: string;
  /** Extra fields the cached records need: the lookup's own `fields` and every field its filters test. */
  fields: string[];
}

export interface CachedLookup extends LookupTarget {
  records: Record<string, unknown>[];
  /** ISO time the records were fetched. */
  at: string;
  /** True when the org had more records than were kept. */
  truncated: boolean;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

export const lookupTargetKey = (t: Pick<LookupTarget, 'object' | 'titleField' | 'valueField'>): string =>
  `${t.object}|${t.titleField}|${t.valueField}`;

function schemaLookups(schema: FormJsonSchema, root: FormJsonSchema, out: LookupTarget[], depth = 0): void {
  const node = resolveSchemaRef(schema, root);
  if (!node || depth > 30) return;
  if (node.lookupTo && typeof node.lookupTo.object === 'string' && node.lookupTo.object) {
    out.push({
      object: node.lookupTo.object,
      titleField: node.lookupTo.titleField || 'Name',
      valueField: node.lookupTo.valueField || 'Id',
      fields: (node.lookupTo.fields ?? []).filter((f): f is string => typeof f === 'string'),
    });
  }
  for (const child of Object.values(node.properties ?? {})) schemaLookups(child, root, out, depth + 1);
  const items = Array.isArray(node.items) ? node.items : node.items ? [node.items] : [];
  for (const item of items) schemaLookups(item, root, out, depth + 1);
}

/** The schema node a control's scope names ('#/properties/A/properties/B'), from `base` (the root, or a row's item). */
function nodeAt(scope: unknown, base: FormJsonSchema, root: FormJsonSchema): FormJsonSchema | undefined {
  if (typeof scope !== 'string' || !scope.startsWith('#/')) return undefined;
  let cur: FormJsonSchema | undefined = base;
  for (const seg of scope.slice(2).split('/')) {
    if (seg === 'properties') continue;
    cur = resolveSchemaRef(cur, root)?.properties?.[seg];
    if (!cur) return undefined;
  }
  return resolveSchemaRef(cur, root);
}

/**
 * Lookup elements of the layout: their object from the ui options or the scoped schema node, and the
 * record fields their lookup-filter rules test (kept with the records so the filters work offline).
 * Inside a list's rows (its elements, its `options.detail`) scopes are relative to the row: they are
 * resolved against the items' schema, so a row's lookup keeps its filters' fields too (issue 40.9).
 */
function uiLookups(
  el: UISchemaElement | undefined,
  root: FormJsonSchema,
  out: LookupTarget[],
  base: FormJsonSchema = root,
  depth = 0,
): void {
  if (!el || typeof el !== 'object' || depth > 30) return;
  const opts = isRec(el.options) ? el.options : {};
  const node = nodeAt(el.scope, base, root);
  const object = typeof opts.lookupTo === 'string' && opts.lookupTo ? opts.lookupTo : node?.lookupTo?.object;
  if (el.type === 'lookup' || object) {
    const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
    out.push({
      object: object || 'Account',
      titleField: node?.lookupTo?.titleField || str(opts.titleField) || 'Name',
      valueField: node?.lookupTo?.valueField || str(opts.valueField) || 'Id',
      fields: [
        ...(el.rules ?? []).flatMap((r) =>
          r.type === 'lookupFilter' ? (r.filters ?? []).map((f: LookupFilter) => f.field) : [],
        ),
        // A lookup that depends on another is filtered by this field of its records (options.dependsOn).
        ...(str(opts.dependsOn) && str(opts.dependsOnField) ? [opts.dependsOnField as string] : []),
      ],
    });
  }
  // A list's rows: what is inside describes one item, at the item's schema.
  const items = node?.items && !Array.isArray(node.items) ? resolveSchemaRef(node.items, root) : undefined;
  const inner = items ?? base;
  for (const child of (el as { elements?: UISchemaElement[] }).elements ?? [])
    uiLookups(child, root, out, el.scope ? inner : base, depth + 1);
  if (isRec(opts.detail)) uiLookups(opts.detail as unknown as UISchemaElement, root, out, inner, depth + 1);
}

/**
 * The form's lookups, one per object, title and value field, with the fields their filters need; on a
 * form whose failed items propose corrective actions, also the actions' assignee (Users by name).
 */
export function lookupTargets(formDef: Pick<FormDefinition, 'schema' | 'ui' | 'scoring'>): LookupTarget[] {
  const found: LookupTarget[] = [];
  schemaLookups(formDef.schema, formDef.schema, found);
  uiLookups(formDef.ui, formDef.schema, found);
  if (correctiveSettingsOf(formDef.scoring)) found.push({ ...ASSIGNEE_LOOKUP, fields: [] });
  const byKey = new Map<string, LookupTarget>();
  for (const t of found) {
    const key = lookupTargetKey(t);
    const fields = [...(byKey.get(key)?.fields ?? []), ...t.fields].filter(
      (f) => typeof f === 'string' && f && f !== t.titleField && f !== t.valueField && f !== 'Id',
    );
    byKey.set(key, { ...t, fields: [...new Set(fields)] });
  }
  return [...byKey.values()];
}

/** The lookups kept in a definition's `lookupCacheData`, by `lookupTargetKey`. */
export function cachedLookups(
  formDef: Pick<FormDefinition, 'lookupCacheData'> | undefined,
): Record<string, CachedLookup> {
  const kept = formDef?.lookupCacheData?.[LOOKUP_CACHE_KEY];
  if (!isRec(kept)) return {};
  const out: Record<string, CachedLookup> = {};
  for (const [key, v] of Object.entries(kept)) {
    if (isRec(v) && Array.isArray(v.records) && typeof v.object === 'string')
      out[key] = v as unknown as CachedLookup;
  }
  return out;
}

/** The definition with these lookups kept (replacing any kept before under the same keys). */
export function withCachedLookups(formDef: FormDefinition, lookups: CachedLookup[]): FormDefinition {
  if (lookups.length === 0) return formDef;
  const kept = { ...cachedLookups(formDef) } as Record<string, CachedLookup>;
  for (const l of lookups) kept[lookupTargetKey(l)] = l;
  return { ...formDef, lookupCacheData: { ...(formDef.lookupCacheData ?? {}), [LOOKUP_CACHE_KEY]: kept } };
}

const comparable = (v: unknown): string | number =>
  typeof v === 'number' ? v : typeof v === 'boolean' ? String(v) : String(v ?? '').toLowerCase();

/** A filter tested on a kept record as the org's SOQL would (text compares ignore case, as SOQL's do). */
export function matchesLookupFilter(record: Rec, f: ResolvedLookupFilter): boolean {
  if (!(f.field in record)) return false; // a field the device does not have: never show what might not match
  const a = comparable(record[f.field]);
  const b = comparable(f.value);
  const sa = String(a);
  const sb = String(b);
  switch (f.operator) {
    case 'eq':
      return a === b || sa === sb;
    case 'neq':
      return !(a === b || sa === sb);
    case 'lt':
      return a < b;
    case 'lte':
      return a <= b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    case 'startswith':
      return sa.startsWith(sb);
    case 'endswith':
      return sa.endsWith(sb);
    case 'contains':
      return sa.includes(sb);
    default:
      return false;
  }
}

/** The kept records a lookup search finds: name prefix (ignoring case), filters, ordered by title. */
export function searchCachedLookup(
  lookup: Pick<CachedLookup, 'records' | 'titleField'>,
  request: { search: string; filters: ResolvedLookupFilter[]; limit: number },
): Rec[] {
  const prefix = request.search.trim().toLowerCase();
  return lookup.records
    .filter((r) =>
      String(r[lookup.titleField] ?? '')
        .toLowerCase()
        .startsWith(prefix),
    )
    .filter((r) => request.filters.every((f) => matchesLookupFilter(r, f)))
    .sort((a, b) => String(a[lookup.titleField] ?? '').localeCompare(String(b[lookup.titleField] ?? '')))
    .slice(0, request.limit);
}
