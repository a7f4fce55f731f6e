import { resolveSchemaRef, schemaType } from '../schema-ref';
import { type FormJsonSchema, type OneOfOption } from 'shared-contracts';

/** Resolve a local $ref ('#/definitions/X', '#/$defs/X') against the root schema (form-core's schema-ref.ts). */
export const resolveRef = resolveSchemaRef;

/**
 * Resolved scopes per (schema, root) object pair: every renderer tester resolves the element's scope,
 * so without this a 1,000-field form parses each scope ~30 times at mount. Schemas are not mutated
 * while a form is shown (a new form version is a new object).
 */
const scopeCache = new WeakMap<object, WeakMap<object, Map<string, FormJsonSchema | undefined>>>();

/** The sub-schema a scope points at, relative to `schema` ('#/properties/a/properties/b'). */
export const resolveScope = (
  scope: string,
  schema: FormJsonSchema,
  root: FormJsonSchema,
): FormJsonSchema | undefined => {
  if (schema === null || typeof schema !== 'object' || root === null || typeof root !== 'object')
    return resolveScopeUncached(scope, schema, root);
  let byRoot = scopeCache.get(schema);
  if (!byRoot) scopeCache.set(schema, (byRoot = new WeakMap()));
  let byScope = byRoot.get(root);
  if (!byScope) byRoot.set(root, (byScope = new Map()));
  if (byScope.has(scope)) return byScope.get(scope);
  const out = resolveScopeUncached(scope, schema, root);
  byScope.set(scope, out);
  return out;
};

const resolveScopeUncached = (
  scope: string,
  schema: FormJsonSchema,
  root: FormJsonSchema,
): FormJsonSchema | undefined => {
  let cur: FormJsonSchema | undefined = resolveRef(schema, root);
  if (cur !== undefined && (cur === null || typeof cur !== 'object')) return undefined;
  for (const raw of scope.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (!cur) return undefined;
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const next: unknown = (cur as Record<string, unknown>)[seg];
    if (next === null || typeof next !== 'object') return undefined;
    cur = resolveRef(next as FormJsonSchema, root);
  }
  return cur;
};

/** The schema of a data path ('a.0.b') from the root schema. */
export const schemaAtPath = (path: string, root: FormJsonSchema): FormJsonSchema | undefined => {
  let cur: FormJsonSchema | undefined = resolveRef(root, root);
  for (const key of path === '' ? [] : path.split('.')) {
    if (!cur) return undefined;
    if (/^\d+$/.test(key) && cur.items && !Array.isArray(cur.items)) cur = resolveRef(cur.items, root);
    else cur = resolveRef(cur.properties?.[key], root);
  }
  return cur;
};

/** A node's type, the first non-null one of a list (form-core's schema-ref.ts). */
export const typeOf = schemaType;

/** A schema's options as const/title pairs (oneOf of consts, or enum). */
export const optionsOf = (schema: FormJsonSchema | undefined): OneOfOption[] => {
  if (!schema) return [];
  if (Array.isArray(schema.oneOf) && schema.oneOf.every((o) => o && 'const' in o)) {
    return (schema.oneOf as OneOfOption[]).map((o) => ({ ...o, title: o.title ?? String(o.const) }));
  }
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((v) => ({ const: v as string, title: String(v) }));
  }
  return [];
};

export const startCase = (name: string): string =>
  name
    .replace(/__c$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .trim();

/** Field title: the schema title or the property name made readable. */
export const titleOf = (schema: FormJsonSchema | undefined, name: string): string =>
  schema?.title ?? startCase(name);

/** The keys an option of a choice may carry besides `const`: annotations Ajv does not validate. */
const OPTION_ANNOTATIONS = new Set([
  'title',
  'color',
  'backgroundColor',
  'textColor',
  'validFor',
  'description',
]);
const isConstOptions = (v: unknown): v is { const: unknown }[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every(
    (o) =>
      o !== null &&
      typeof o === 'object' &&
      'const' in o &&
      Object.keys(o).every((k) => k === 'const' || OPTION_ANNOTATIONS.has(k)),
  );

/** Spec keywords Ajv must not see as keywords ('id' would be read as a schema id and rejected). */
const STRIP = new Set(['id']);

/**
 * A copy of the schema Ajv can compile: `id` (column order) removed. Memoised by identity so the
 * sanitised copy, and the validator compiled from it, are made once per schema object.
 */
const sanitised = new WeakMap<object, FormJsonSchema>();
export const toAjvSchema = (schema: FormJsonSchema): FormJsonSchema => {
  const hit = sanitised.get(schema);
  if (hit) return hit;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (STRIP.has(k) && typeof v !== 'object') continue;
      // property maps keep their keys ('id' may be a field name there).
      out[k] = k === 'properties' || k === 'definitions' || k === '$defs' ? walkMap(v) : walk(v);
    }
    // Draft-07: keywords beside $ref are ignored. The product's table fields carry `type: 'object'`
    // beside a $ref to an array definition; Ajv 8 would apply both and refuse every table.
    if (typeof out.$ref === 'string') delete out.type;
    // 'Numeric Only' columns store numbers for plain numeric text: a string column accepts them too.
    if (out.regexRuleName === 'Numeric Only' && out.type === 'string') out.type = ['string', 'number'];
    // A choice's options as an enum: the same values pass, but Ajv no longer builds an error object for
    // every option a valid answer is not (3 per question per keystroke on a 200-question checklist).
    if (isConstOptions(out.oneOf) && out.enum === undefined) {
      out.enum = out.oneOf.map((o) => o.const);
      delete out.oneOf;
    }
    return out;
  };
  const walkMap = (map: unknown): unknown => {
    if (map === null || typeof map !== 'object') return map;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(map)) out[k] = walk(v);
    return out;
  };
  const result = walk(schema) as FormJsonSchema;
  sanitised.set(schema, result);
  return result;
};
