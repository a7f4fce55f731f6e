/**
 * A refused submit's errors as the org or the BFF gave them (spec section 5: "server errors per
 * errorPath are mapped back onto fields by custom validation, recursing up to depth 5"). The form
 * puts them on its fields; home's In Progress card tells them in its error toast. An error the BFF's
 * check gave carries its code and parameters (shared-contracts field-errors): it reads in the
 * user's language, not in the English it was stored in.
 */
import { CUSTOM_VALIDATION_MAX_DEPTH, fieldErrorText } from 'shared-contracts';
import { joinPath } from './paths';

const messageOf = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') {
    return fieldErrorText(v) ?? (v as { message: string }).message;
  }
  return undefined;
};

/**
 * Server errors onto fields. Accepts a list of {errorPath, message} (errorPath dot or slash
 * separated) and/or an object tree mirroring the data whose leaves are messages; recursion into
 * nested objects stops at depth 5.
 */
export const mapServerErrors = (
  serverErrors: unknown,
  maxDepth: number = CUSTOM_VALIDATION_MAX_DEPTH,
): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  const add = (p: string, m: string): void => {
    map.set(p, [...(map.get(p) ?? []), m]);
  };
  const walk = (node: unknown, base: string, depth: number): void => {
    if (node === null || node === undefined || depth > maxDepth) return;
    const direct = messageOf(node);
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        const ep = item && typeof item === 'object' ? (item as { errorPath?: unknown }).errorPath : undefined;
        if (typeof ep === 'string') {
          const m = messageOf(item);
          if (m) add(joinPath(base, ep.replace(/^\//, '').replace(/\//g, '.')), m);
        } else if (typeof item === 'string') add(base, item);
        else walk(item, joinPath(base, String(i)), depth + 1);
      });
      return;
    }
    if (typeof node === 'object') {
      const ep = (node as { errorPath?: unknown }).errorPath;
      if (typeof ep === 'string' && direct) {
        add(joinPath(base, ep.replace(/^\//, '').replace(/\//g, '.')), direct);
        return;
      }
      if (direct) {
        add(base, direct);
        return;
      }
      for (const [k, v] of Object.entries(node)) walk(v, joinPath(base, k), depth + 1);
      return;
    }
    if (direct) add(base, direct);
  };
  walk(serverErrors, '', 0);
  return map;
};

/** The messages of a refused submit's errors, in order: the form's banner list, home's error toast. */
export const serverErrorTexts = (errors: unknown): string[] => {
  const out: string[] = [];
  for (const msgs of mapServerErrors(errors).values()) out.push(...msgs);
  return out;
};
