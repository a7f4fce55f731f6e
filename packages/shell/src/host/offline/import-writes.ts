import type { LocalSubmission } from 'shared-contracts';

/**
 * The records of an import plan that actually change the store. planImport re-puts every in-sync
 * org record on each import (home re-reads the org every minute); writing one that only differs in
 * `syncedOn` rewrites the store and re-runs every live query over it (home's lists of up to
 * thousands of records) for nothing. Home's "Synced on" comes from the org read itself, not from
 * these records' timestamps.
 */
export function changedPuts(
  puts: readonly LocalSubmission[],
  locals: ReadonlyMap<string, LocalSubmission>,
): LocalSubmission[] {
  return puts.filter((put) => {
    const local = locals.get(put.id);
    return !local || !sameRecord(local, put);
  });
}

function sameRecord(a: LocalSubmission, b: LocalSubmission): boolean {
  return deepEqual({ ...a, syncedOn: '' }, { ...b, syncedOn: '' });
}

/** Structural equality of stored (structured-clone) values: key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
