/**
 * Schema `pattern` keywords compiled the way Ajv compiles them (unicode flag), cached; null for a
 * pattern that does not compile. One copy for the renderer's checks and the builder's editors.
 */
const cache = new Map<string, RegExp | null>();

export const compilePattern = (pattern: string): RegExp | null => {
  let re = cache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    cache.set(pattern, re);
  }
  return re;
};
