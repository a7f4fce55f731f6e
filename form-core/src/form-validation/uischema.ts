/** Default ui schemas (when none is given, or for a Control on an object or an array item). */
import type { FormJsonSchema } from 'shared-contracts';
import type { ControlElement, LayoutElement, UISchemaElement } from 'shared-contracts';
import { scopeToPath } from './paths';
import { resolveRef, typeOf } from './schema';

const cache = new WeakMap<object, UISchemaElement>();
const EMPTY_LAYOUT: UISchemaElement = { type: 'VerticalLayout', elements: [] };

/** A VerticalLayout with a Control per property (Groups for nested objects). Memoised per schema. */
export const generateUISchema = (
  schema: FormJsonSchema,
  root: FormJsonSchema = schema,
  depth = 0,
  stack: Set<object> = new Set(),
): UISchemaElement => {
  // Boolean schemas (true/false) have nothing to lay out.
  if (schema === null || typeof schema !== 'object') return EMPTY_LAYOUT;
  const hit = cache.get(schema);
  if (hit) return hit;
  const s = withAllOf(resolveRef(schema, root) ?? {}, root);
  stack.add(schema);
  let out: UISchemaElement;
  if (s.properties) {
    const elements: UISchemaElement[] = Object.entries(s.properties).map(([name, sub]): UISchemaElement => {
      const r = resolveRef(sub, root) ?? {};
      const scope = `#/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      // Nested objects become Groups a few levels deep; deeper (recursive) ones stay Controls.
      if (r.properties && typeOf(r) !== 'array' && depth < 3 && !stack.has(r) && !stack.has(sub)) {
        const inner = generateUISchema(r, root, depth + 1, stack) as LayoutElement;
        return { type: 'Group', label: r.title ?? name, elements: scopeAll(inner.elements, scope) };
      }
      return { type: 'Control', scope } as ControlElement;
    });
    out = { type: 'VerticalLayout', elements };
  } else if (typeOf(s) === 'object') {
    // An object with no known properties: nothing to lay out (a '#' control would recurse).
    out = { type: 'VerticalLayout', elements: [] };
  } else {
    out = { type: 'VerticalLayout', elements: [{ type: 'Control', scope: '#' } as ControlElement] };
  }
  stack.delete(schema);
  if (depth === 0) cache.set(schema, out);
  return out;
};

/** allOf members' properties merged into one object schema (for layout only). */
const withAllOf = (s: FormJsonSchema, root: FormJsonSchema): FormJsonSchema => {
  if (!s.allOf) return s;
  const properties: Record<string, FormJsonSchema> = { ...(s.properties ?? {}) };
  for (const part of s.allOf) Object.assign(properties, resolveRef(part, root)?.properties ?? {});
  return { ...s, type: s.type ?? 'object', properties };
};

/** Prefix child scopes with a parent object's scope. */
const scopeAll = (elements: UISchemaElement[], prefix: string): UISchemaElement[] =>
  elements.map((el) => {
    const copy = { ...el } as UISchemaElement & { elements?: UISchemaElement[] };
    if (el.scope) copy.scope = `${prefix}/${el.scope.replace(/^#\/?/, '')}`;
    if (copy.elements) copy.elements = scopeAll(copy.elements, prefix);
    return copy;
  });

/** Number of data controls inside an element (the Categorization tab counts). */
export const countControls = (el: UISchemaElement): number => {
  const children = (el as { elements?: UISchemaElement[] }).elements;
  if (Array.isArray(children)) return children.reduce((n, c) => n + countControls(c), 0);
  return el.scope ? 1 : 0;
};

/** Element types whose scope is an array shown as items (a list's entries, a table's rows). */
const ITEM_LIST_TYPES = new Set(['ListWithDetail', 'table']);

/**
 * Data paths (relative to the element's base path) of the item lists directly inside an element:
 * ListWithDetail and table scopes, not looking into a list's own detail (those are per item).
 */
export const itemListPaths = (el: UISchemaElement): string[] => {
  if (ITEM_LIST_TYPES.has(el.type) && el.scope) return [scopeToPath(el.scope)];
  const children = (el as { elements?: UISchemaElement[] }).elements;
  return Array.isArray(children) ? children.flatMap(itemListPaths) : [];
};

/** Every element of a ui schema (depth first). */
export const walkUISchema = (el: UISchemaElement, visit: (el: UISchemaElement) => void): void => {
  visit(el);
  for (const child of (el as { elements?: UISchemaElement[] }).elements ?? []) walkUISchema(child, visit);
  const detail = (el.options as { detail?: unknown } | undefined)?.detail;
  if (detail && typeof detail === 'object') walkUISchema(detail as UISchemaElement, visit);
};
