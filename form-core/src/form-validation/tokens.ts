/**
 * Default-value tokens (spec section 5): `$today` (optionally +/- N days, giving YYYY-MM-DD),
 * `$currentuser.{field}` (falls back to the user's full name), `$documentname` (the form name) and
 * `$context.{path}` references into the context record. Also ISO-with-offset -> UTC normalisation.
 */
import type { FormJsonSchema } from 'shared-contracts';
import { getIn } from './paths';
import { resolveRef } from './schema';

export interface TokenContext {
  now?: Date;
  /** The signed-in user's record: Name is the full name. */
  currentUser?: Record<string, unknown> & { Name?: string };
  /** The form name, for $documentname. */
  documentName?: string;
  /** The context record (and any other named records) for $context references. */
  context?: Record<string, unknown>;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Local calendar date as YYYY-MM-DD. */
export const formatDate = (d: Date): string =>
  `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const addDays = (date: Date, days: number): Date => {
  const d = new Date(date.getTime());
  d.setDate(d.getDate() + days);
  return d;
};

/** Parse 'YYYY-MM-DD' (local) or any Date-parsable string. */
export const parseDate = (s: string): Date | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : new Date(t);
};

const TODAY = /^\$today\s*(?:([+-])\s*(\d+))?$/i;
const CURRENT_USER = /^\$currentuser(?:\.(.+))?$/i;
const CONTEXT = /^\$context(?:\.(.+))?$/i;

export const isToken = (v: unknown): v is string => typeof v === 'string' && v.trim().startsWith('$');

/** Resolve one token; a value that is not a token comes back unchanged. */
export const resolveToken = (value: unknown, ctx: TokenContext): unknown => {
  if (!isToken(value)) return value;
  const token = value.trim();
  const today = TODAY.exec(token);
  if (today) {
    const n = today[2] ? Number(today[2]) * (today[1] === '-' ? -1 : 1) : 0;
    return formatDate(addDays(ctx.now ?? new Date(), n));
  }
  const user = CURRENT_USER.exec(token);
  if (user) {
    const u = ctx.currentUser ?? {};
    const field = user[1];
    const v = field ? getIn(u, field) : undefined;
    return v === undefined || v === null || v === '' ? (u.Name ?? '') : v;
  }
  if (/^\$documentname$/i.test(token)) return ctx.documentName ?? '';
  const c = CONTEXT.exec(token);
  if (c) return c[1] ? getIn(ctx.context ?? {}, c[1]) : ctx.context;
  return value;
};

const MAX_DEFAULT_DEPTH = 6;

/**
 * Fill schema defaults (tokens resolved) where the data has no value. Objects recurse; array items
 * get their item defaults. Returns the same object when nothing was filled.
 */
export const applyDefaults = (
  schema: FormJsonSchema,
  data: unknown,
  ctx: TokenContext,
  root: FormJsonSchema = schema,
  depth = 0,
  stack: Set<object> = new Set(),
): unknown => {
  const s = resolveRef(schema, root);
  // Recursive schemas: objects not in the data are not filled through a schema already on the way down.
  if (!s || typeof s !== 'object' || (data === undefined && (depth > MAX_DEFAULT_DEPTH || stack.has(s))))
    return data;
  stack.add(s);
  try {
    return fillDefaults(s, data, ctx, root, depth, stack);
  } finally {
    stack.delete(s);
  }
};

const fillDefaults = (
  s: FormJsonSchema,
  data: unknown,
  ctx: TokenContext,
  root: FormJsonSchema,
  depth: number,
  stack: Set<object>,
): unknown => {
  if (s.properties) {
    const obj =
      data !== null && typeof data === 'object' && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : undefined;
    let out = obj as Record<string, unknown> | undefined;
    for (const [key, sub] of Object.entries(s.properties)) {
      const cur = obj?.[key];
      let next: unknown = cur;
      const subS = resolveRef(sub, root);
      if (cur === undefined && subS && subS.default !== undefined) next = resolveToken(subS.default, ctx);
      else if (subS && (subS.properties || subS.items)) {
        if (cur !== undefined || subS.properties)
          next = applyDefaults(subS, cur, ctx, root, depth + 1, stack);
      }
      if (next !== cur && !(next === undefined && cur === undefined)) {
        if (next !== undefined && typeof next === 'object' && !Array.isArray(next) && subS?.properties) {
          if (Object.keys(next as object).length === 0 && cur === undefined) continue;
        }
        if (out === obj) out = { ...(obj ?? {}) };
        (out as Record<string, unknown>)[key] = next;
      }
    }
    return out ?? data;
  }
  if (s.items && !Array.isArray(s.items) && Array.isArray(data)) {
    let changed = false;
    const items = data.map((item) => {
      const next = applyDefaults(s.items as FormJsonSchema, item, ctx, root, depth + 1, stack);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : data;
  }
  return data;
};

/** ISO date-time with an offset (Z or +hh:mm) -> 'YYYY-MM-DDTHH:mm:ss.SSSZ' in UTC; others unchanged. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
export const normalizeIsoDate = (value: unknown): unknown => {
  if (typeof value !== 'string' || !ISO_WITH_OFFSET.test(value)) return value;
  const withColon = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const t = Date.parse(withColon);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
};

/** Normalise every ISO-with-offset string inside data (structural sharing). */
export const normalizeDates = (data: unknown): unknown => {
  if (typeof data === 'string') return normalizeIsoDate(data);
  if (Array.isArray(data)) {
    let changed = false;
    const out = data.map((v) => {
      const n = normalizeDates(v);
      if (n !== v) changed = true;
      return n;
    });
    return changed ? out : data;
  }
  if (data !== null && typeof data === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(data)) {
      const n = normalizeDates(v);
      if (n !== v) {
        out ??= { ...(data as Record<string, unknown>) };
        out[k] = n;
      }
    }
    return out ?? data;
  }
  return data;
};
