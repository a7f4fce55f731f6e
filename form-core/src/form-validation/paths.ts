/**
 * Data paths: dot separated ('General.Name', 'Persons.0.name'). Scopes are JSON Pointers into the
 * data schema ('#/properties/General/properties/Name'). Updates are immutable with structural sharing,
 * so an unchanged subtree keeps its identity and its subscribers stay quiet.
 */
export type Path = string;

export const joinPath = (base: Path, rel: Path): Path => (base && rel ? `${base}.${rel}` : base || rel);

export const splitPath = (path: Path): string[] => (path === '' ? [] : path.split('.'));

/** '#/properties/a/properties/b' -> 'a.b'; '#' -> ''. Items segments are dropped ('#/items/...'). */
export const scopeToPath = (scope: string): Path => {
  const parts = scope.replace(/^#\/?/, '').split('/').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = decodePointer(parts[i] ?? '');
    if (part === 'properties') {
      const name = parts[i + 1];
      if (name !== undefined) out.push(decodePointer(name));
      i++;
    }
  }
  return out.join('.');
};

const decodePointer = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** Walks the path in place rather than splitting it: rules, the scorer and required checks call it per keystroke. */
export const getIn = (data: unknown, path: Path): unknown => {
  if (path === '') return data;
  let cur: unknown = data;
  let start = 0;
  for (;;) {
    if (cur === null || typeof cur !== 'object') return undefined;
    const dot = path.indexOf('.', start);
    cur = (cur as Record<string, unknown>)[dot < 0 ? path.slice(start) : path.slice(start, dot)];
    if (dot < 0) return cur;
    start = dot + 1;
  }
};

const isIndex = (key: string): boolean => /^\d+$/.test(key);

/** Immutable set; `undefined` removes the key from an object. */
export const setIn = (data: unknown, path: Path, value: unknown): unknown => {
  const keys = splitPath(path);
  if (keys.length === 0) return value;
  const rec = (cur: unknown, i: number): unknown => {
    const key = keys[i] as string;
    const last = i === keys.length - 1;
    const container: Record<string, unknown> | unknown[] =
      cur !== null && typeof cur === 'object'
        ? Array.isArray(cur)
          ? cur.slice()
          : { ...(cur as Record<string, unknown>) }
        : isIndex(key)
          ? []
          : {};
    const prev = (container as Record<string, unknown>)[key];
    const next = last ? value : rec(prev, i + 1);
    if (Object.is(prev, next) && cur !== null && typeof cur === 'object') return cur;
    if (next === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[key];
    else (container as Record<string, unknown>)[key] = next;
    return container;
  };
  return rec(data, 0);
};

/** True when `path` equals `other` or lies inside it ('a.b' is within 'a'). */
export const isWithin = (path: Path, other: Path): boolean =>
  other === '' || path === other || path.startsWith(`${other}.`);

/** Ajv instancePath ('/a/0/b') -> 'a.0.b'. */
export const pointerToPath = (pointer: string): Path =>
  pointer
    .split('/')
    .filter(Boolean)
    .map((p) => decodePointer(p))
    .join('.');

export const deepEqual = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
};
