/**
 * Ajv errors grouped by data path, re-run after every edit, without re-deriving what did not change.
 * At 1,000 fields a keystroke's whole-form validation used to allocate ~160 KB (a path string, a schema
 * lookup and a message per error, a new map), which filled the heap and brought a major GC pause
 * (tens of ms) every ~40 keystrokes. Here each error's path and message are cached by where it is
 * (instance path, schema path, missing property, Ajv's message), and an unchanged list of errors gives
 * back the previous map itself, so the caller sees no change and nothing is allocated.
 */
import type { ErrorObject } from 'ajv';
import type { FormJsonSchema } from 'shared-contracts';
import { errorMessageOf, errorPath } from './validation';

interface Resolved {
  schemaPath: string;
  missing: unknown;
  ajvMessage: string | undefined;
  /** Data path and shown message of the error. */
  path: string;
  message: string;
}

export class ErrorIndex {
  /** Resolved errors by instance path (usually one or two per path). */
  private readonly cache = new Map<string, Resolved[]>();
  private last: Resolved[] = [];
  private lastMap = new Map<string, readonly string[]>();

  constructor(private readonly root: FormJsonSchema) {}

  /** The current errors by data path; the very same map as the last call when nothing changed. */
  index(errors: readonly ErrorObject[]): ReadonlyMap<string, readonly string[]> {
    const last = this.last;
    let i = 0;
    while (i < errors.length && i < last.length && this.resolve(errors[i] as ErrorObject) === last[i]) i++;
    if (i === errors.length && i === last.length) return this.lastMap;
    const seq = last.slice(0, i);
    for (; i < errors.length; i++) seq.push(this.resolve(errors[i] as ErrorObject));
    const map = new Map<string, string[]>();
    for (const r of seq) {
      const list = map.get(r.path);
      if (list) list.push(r.message);
      else map.set(r.path, [r.message]);
    }
    this.last = seq;
    this.lastMap = map;
    return map;
  }

  private resolve(e: ErrorObject): Resolved {
    const missing = (e.params as { missingProperty?: unknown }).missingProperty;
    let list = this.cache.get(e.instancePath);
    if (list) {
      for (const r of list) {
        if (r.schemaPath === e.schemaPath && r.missing === missing && r.ajvMessage === e.message) return r;
      }
    } else this.cache.set(e.instancePath, (list = []));
    const r: Resolved = {
      schemaPath: e.schemaPath,
      missing,
      ajvMessage: e.message,
      path: errorPath(e),
      message: errorMessageOf(e, this.root),
    };
    list.push(r);
    return r;
  }
}
