import type { LocalSubmission, PendingSubmission } from 'shared-contracts';

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

/**
 * An org answer of pending submissions as one comparable string (order-independent). Home re-reads
 * the org every minute; an import reads every local record of the organisation (10,000 in
 * bench:home: about 100 ms of script), so an answer equal to the last one imported is skipped.
 */
export function pendingSignature(pending: readonly PendingSubmission[]): string {
  return pending
    .map((p) => JSON.stringify(p))
    .sort()
    .join('\n');
}

/** How long an unchanged org answer may skip the full import (see shouldImport). */
export const IMPORT_RECONCILE_MS = 15 * 60_000;

export interface ImportMark {
  organizationId: string;
  signature: string;
  /** Local records of the organisation after that import (a cheap index count). */
  localCount: number;
  at: number;
}

/**
 * Whether an import must read and plan. Skipped only when the org gave the same answer as the last
 * full import (which could delete), the local record count is unchanged (nothing created or deleted
 * since, in any tab), and that import is under IMPORT_RECONCILE_MS old: a full one still runs at
 * that period for what no count shows (an org record that became in sync locally since, which an
 * import would now delete).
 */
export function shouldImport(last: ImportMark | null, next: Omit<ImportMark, 'at'>, now: number): boolean {
  return !(
    last &&
    last.organizationId === next.organizationId &&
    last.signature === next.signature &&
    last.localCount === next.localCount &&
    now - last.at < IMPORT_RECONCILE_MS
  );
}
