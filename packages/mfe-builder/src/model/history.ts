/**
 * Undo/redo over immutable snapshots. Edits share structure (see layout.ts), so a snapshot costs
 * only the objects an edit replaced; undo and redo are O(1) pointer moves.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

export const HISTORY_LIMIT = 500;

export function initHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** Records a new state; a no-op edit (same object) records nothing. Redo is dropped. */
export function commit<T>(h: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (next === h.present) return h;
  const past = h.past.length >= limit ? h.past.slice(h.past.length - limit + 1) : h.past.slice();
  past.push(h.present);
  return { past, present: next, future: [] };
}

export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  const past = h.past.slice(0, -1);
  return { past, present: h.past[h.past.length - 1] as T, future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  const [next, ...future] = h.future;
  return { past: [...h.past, h.present], present: next as T, future };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;
