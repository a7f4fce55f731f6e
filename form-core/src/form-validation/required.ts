/**
 * Required fields at any depth (issue 19). JSON Schema's `required` only checks that a key is present,
 * and only inside an object that exists: `properties.General.required` says nothing while `General` is
 * absent (a form nobody touched), and `""` satisfies it. The form renders every section and treats an
 * empty or whitespace-only entry as no value, so this check does the same:
 *
 * - an absent object (a section, a group) is checked as if present and empty;
 * - a required string, number, date... is missing when absent, null, empty or whitespace-only;
 * - a required boolean (a checkbox) is missing unless checked: like HTML's required checkbox, it is
 *   an "I confirm" (the product's Yes/No questions are string selects, where No is an answer);
 * - a required array (table, list, files, signatures) is missing when no row has content (rows where
 *   every value is empty are dropped on save; an unsigned signature item is no row);
 * - required keys of array items apply per item with content, at the item's own index;
 * - a required object with properties is checked through its properties (the form always renders
 *   it); one without properties (free-form) is missing when it has no content;
 * - a required lookup is missing until a record is chosen: text typed in it without choosing one
 *   leaves its `{field}_Id` companion empty (issue 40.9), and the org would get no record.
 *
 * The plan (the schema pruned to what holds a required key) is built once per schema object, so a
 * check walks only required paths and the arrays above them, never the whole form.
 */
import type { FormJsonSchema } from 'shared-contracts';
import { LOCATION_FORMAT, isGeoValue } from '../geolocation';
import { joinPath } from './paths';
import { isEmptyValue } from './rules';
import { resolveRef, typeOf } from './schema';

type Kind = 'boolean' | 'array' | 'object' | 'value' | 'location';

interface Entry {
  key: string;
  required: boolean;
  kind: Kind;
  /** A lookup (schema `lookupTo`): filled only with its record chosen (the `_Id` companion). */
  lookup?: boolean;
  /** The pruned node below this key, when something under it is required. */
  child?: PlanNode;
}

/** An object's required keys and the keys leading to more; or an array's item node. */
export type PlanNode = { type: 'object'; entries: Entry[] } | { type: 'array'; item: PlanNode };

export interface RequiredPlan {
  root: PlanNode | undefined;
}

const kindOf = (s: FormJsonSchema | undefined): Kind => {
  const t = typeOf(s);
  if (t === 'boolean') return 'boolean';
  // A location is one answer (latitude and longitude together), not a group of fields.
  if (s?.format === LOCATION_FORMAT) return 'location';
  if (t === 'array' || s?.items !== undefined) return 'array';
  if (t === 'object' || s?.properties !== undefined) return 'object';
  return 'value';
};

const MAX_DEPTH = 12;

const buildNode = (
  raw: FormJsonSchema | undefined,
  root: FormJsonSchema,
  depth: number,
  stack: Set<object>,
): PlanNode | undefined => {
  const s = resolveRef(raw, root);
  if (!s || typeof s !== 'object' || depth > MAX_DEPTH || stack.has(s)) return undefined;
  stack.add(s);
  try {
    const kind = kindOf(s);
    if (kind === 'array') {
      const items = Array.isArray(s.items) ? undefined : s.items;
      const item = buildNode(items, root, depth + 1, stack);
      return item ? { type: 'array', item } : undefined;
    }
    if (kind !== 'object' || !s.properties) return undefined;
    const required = new Set(s.required ?? []);
    const entries: Entry[] = [];
    for (const [key, sub] of Object.entries(s.properties)) {
      const child = buildNode(sub, root, depth + 1, stack);
      const resolved = resolveRef(sub, root);
      const isRequired = required.has(key);
      if (!isRequired && !child) continue;
      let kind = kindOf(resolved);
      // An object without known properties has nothing to check inside: it must have content itself.
      if (kind === 'object' && !resolved?.properties) kind = 'value';
      entries.push({
        key,
        required: isRequired,
        kind,
        child,
        ...(resolved?.lookupTo ? { lookup: true } : {}),
      });
    }
    return entries.length > 0 ? { type: 'object', entries } : undefined;
  } finally {
    stack.delete(s);
  }
};

const plans = new WeakMap<object, RequiredPlan>();

/** The required plan of a form schema (memoised per schema object). */
export const requiredPlan = (schema: FormJsonSchema): RequiredPlan => {
  let plan = plans.get(schema);
  if (!plan) {
    plan = { root: buildNode(schema, schema, 0, new Set()) };
    plans.set(schema, plan);
  }
  return plan;
};

/** Whether a value holds anything: not empty, not whitespace, not a row of empty cells, not an unsigned signature. */
export const hasContent = (v: unknown): boolean => {
  if (Array.isArray(v)) return v.some(hasContent);
  if (v !== null && typeof v === 'object') {
    if ('SignatureBase64' in v && isEmptyValue((v as { SignatureBase64?: unknown }).SignatureBase64))
      return false;
    return Object.values(v).some(hasContent);
  }
  return !isEmptyValue(v);
};

/** The `{field}_Id` companion a lookup control writes when a record is chosen. */
export const LOOKUP_ID_SUFFIX = '_Id';

/** A record id as the value itself (15 or 18 characters with a digit): what an API client sends. */
const looksLikeRecordId = (v: unknown): boolean =>
  typeof v === 'string' && /^(?=.*\d)[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(v);

/**
 * Whether the lookup `key` of this object names a record: its id companion is set (a record chosen in
 * the lookup), or the value is a record id itself. Text typed without choosing is neither.
 */
export const lookupChosen = (obj: Record<string, unknown> | undefined, key: string): boolean =>
  !isEmptyValue(obj?.[`${key}${LOOKUP_ID_SUFFIX}`]) || looksLikeRecordId(obj?.[key]);

/** Whether a required value of this kind is missing. */
export const isMissing = (kind: Kind | 'object', v: unknown): boolean => {
  switch (kind) {
    case 'boolean':
      return v !== true;
    case 'array':
      return !Array.isArray(v) || !v.some(hasContent);
    case 'object':
      return false;
    case 'location':
      return !isGeoValue(v);
    default:
      return isEmptyValue(v) || (typeof v === 'object' && !hasContent(v));
  }
};

/**
 * The data paths of missing required values, in schema order. `skip(path)` exempts a missing path (a
 * field hidden by a rule, a read-only one); it is asked of missing paths only, never of the sections,
 * rows and filled fields on the way (this runs after every edit), so it must judge a path by what
 * holds it as well (requiredScope.ts's isExempt looks up to the closest control and the layouts and
 * lists around it).
 */
export const missingRequired = (
  plan: RequiredPlan,
  data: unknown,
  skip?: (path: string) => boolean,
): string[] => {
  const out: string[] = [];
  const walk = (node: PlanNode, value: unknown, path: string): void => {
    if (node.type === 'array') {
      if (!Array.isArray(value)) return;
      value.forEach((item, i) => {
        // A row with no content is dropped on save: nothing in it is missing.
        if (hasContent(item)) walk(node.item, item, joinPath(path, String(i)));
      });
      return;
    }
    const obj = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    for (const e of node.entries) {
      const p = joinPath(path, e.key);
      const v = obj?.[e.key];
      if (e.required && (isMissing(e.kind, v) || (e.lookup && !lookupChosen(obj, e.key)))) {
        if (!skip?.(p)) out.push(p);
        continue;
      }
      if (e.child) walk(e.child, v, p);
    }
  };
  if (plan.root) walk(plan.root, data, '');
  return out;
};
