/**
 * Identical field schemas compiled once. Ajv inlines every property's checks (with verbose error
 * objects), so a 1,000-field form generates ~750 KB of validator source and most of its mount time is
 * that compile. Forms repeat a handful of field shapes ({type: string, maxLength: 255}, a pattern...),
 * so each shape that occurs twice or more moves to `definitions` and the fields `$ref` it (with Ajv's
 * `inlineRefs: false` each shape is one small function). Verdicts, instance paths, messages and error
 * data are unchanged; titles and other annotations are ignored when comparing shapes (Ajv does not read
 * them and the renderer takes titles and errorMessage from the original schema).
 */
import type { FormJsonSchema } from 'shared-contracts';

/** The spec's own annotation keywords: Ajv is told of them (validation.ts) and validates nothing with them. */
export const SPEC_ANNOTATION_KEYWORDS: readonly string[] = [
  'errorMessage',
  'regexRuleName',
  'dependent',
  'child',
  'validFor',
  'preventAddition',
  'preventDeletion',
  'lookupTo',
];

/** Keywords Ajv does not validate with: two fields differing only in these share a shape. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'default',
  'readOnly',
  'writeOnly',
  ...SPEC_ANNOTATION_KEYWORDS,
]);

export const SHARED_PREFIX = '__cqShape';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean => v === null || typeof v !== 'object';

/** A leaf: no sub-schemas, no $-keywords (refs, ids, anchors); the shape's canonical text, else undefined. */
const leafKey = (s: unknown): string | undefined => {
  if (!isObject(s)) return undefined;
  const kept: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(s)) {
    if (ANNOTATIONS.has(k)) continue;
    if (k.startsWith('$')) return undefined;
    if (!(isPrimitive(v) || (Array.isArray(v) && v.every(isPrimitive)))) return undefined;
    kept.push([k, v]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(kept);
};

/**
 * The schema with repeated leaf field shapes (under `properties`, and object `items`, outside any
 * `$id` scope) replaced by refs to one shared definition each. Returns the input when nothing repeats.
 */
export const shareLeafSchemas = (schema: FormJsonSchema): FormJsonSchema => {
  if (!isObject(schema)) return schema;
  // Pass 1: count shapes.
  const counts = new Map<string, number>();
  const visit = (node: Json, onLeaf: (key: string, leaf: Json) => void): void => {
    const props = node.properties;
    if (isObject(props)) {
      for (const sub of Object.values(props)) {
        if (!isObject(sub) || '$id' in sub) continue;
        const key = leafKey(sub);
        if (key !== undefined) onLeaf(key, sub);
        else visit(sub, onLeaf);
      }
    }
    const items = node.items;
    if (isObject(items) && !('$id' in items) && leafKey(items) === undefined) visit(items, onLeaf);
  };
  visit(schema, (key) => counts.set(key, (counts.get(key) ?? 0) + 1));
  const shared = new Map<string, string>();
  for (const [key, n] of counts) if (n > 1) shared.set(key, `${SHARED_PREFIX}${shared.size}`);
  if (shared.size === 0) return schema;
  // Pass 2: copy the path down to each shared leaf, the leaf becoming a ref.
  const definitions: Json = { ...(isObject(schema.definitions) ? schema.definitions : {}) };
  const rewrite = (node: Json): Json => {
    let out: Json | undefined;
    const props = node.properties;
    if (isObject(props)) {
      let newProps: Json | undefined;
      for (const [name, sub] of Object.entries(props)) {
        if (!isObject(sub) || '$id' in sub) continue;
        const key = leafKey(sub);
        const def = key === undefined ? undefined : shared.get(key);
        let next: Json = sub;
        if (def !== undefined) {
          definitions[def] ??= sub;
          next = { $ref: `#/definitions/${def}` };
        } else if (key === undefined) next = rewrite(sub);
        if (next !== sub) (newProps ??= { ...props })[name] = next;
      }
      if (newProps) out = { ...node, properties: newProps };
    }
    const items = node.items;
    if (isObject(items) && !('$id' in items) && leafKey(items) === undefined) {
      const next = rewrite(items);
      if (next !== items) out = { ...(out ?? node), items: next };
    }
    return out ?? node;
  };
  return { ...rewrite(schema), definitions } as FormJsonSchema;
};
