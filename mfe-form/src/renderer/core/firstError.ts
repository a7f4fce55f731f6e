/**
 * Which refused field the user is taken to after a refused Save (issue 19): the first one in the
 * layout's order (not the schema's), and which sections or tabs must open to show it.
 */
import type { UISchemaElement } from 'shared-contracts';
import { joinPath, scopeToPath } from 'form-core/paths';
import { toTemplate, type RequiredScope } from 'form-core/requiredScope';

/** The error paths in layout order; a path no control shows comes last (schema order kept). */
export const inLayoutOrder = (paths: readonly string[], scope: RequiredScope | undefined): string[] => {
  if (!scope) return [...paths];
  const order = new Map<string, number>();
  let i = 0;
  for (const t of scope.byTemplate.keys()) order.set(t, i++);
  const rank = (path: string): number => {
    const keys = path.split('.');
    for (let n = keys.length; n > 0; n--) {
      const r = order.get(toTemplate(keys.slice(0, n).join('.')));
      if (r !== undefined) return r;
    }
    return Number.MAX_SAFE_INTEGER;
  };
  return paths
    .map((p, k) => ({ p, k, r: rank(p) }))
    .sort((a, b) => a.r - b.r || a.k - b.k)
    .map((x) => x.p);
};

const within = new WeakMap<object, string[]>();
/** Data path templates (relative to the element's base) of every control inside an element. */
const templatesWithin = (el: UISchemaElement): string[] => {
  let hit = within.get(el);
  if (hit) return hit;
  const out: string[] = [];
  const visit = (e: UISchemaElement): void => {
    if (e.scope) out.push(toTemplate(scopeToPath(e.scope)));
    for (const c of (e as { elements?: UISchemaElement[] }).elements ?? []) if (!e.scope) visit(c);
  };
  visit(el);
  hit = out;
  within.set(el, hit);
  return hit;
};

/** Whether the field at `path` is shown inside this element (rendered at `base`). */
export const containsPath = (el: UISchemaElement, base: string, path: string): boolean => {
  const target = toTemplate(path);
  return templatesWithin(el).some((t) => {
    const full = toTemplate(joinPath(base, t));
    return target === full || target.startsWith(`${full}.`);
  });
};
