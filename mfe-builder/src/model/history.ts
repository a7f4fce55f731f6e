/**
 * Undo/redo over immutable snapshots. Edits share structure (see layout.ts), so a snapshot costs
 * only the objects an edit replaced. Past and future are persistent stacks (linked cells shared
 * between history states), so undo and redo are O(1): one cell moves from one stack to the other,
 * nothing is copied. Only a commit past the limit rebuilds the past (dropping its oldest state).
 */
interface Cell<T> {
  readonly value: T;
  readonly next: Cell<T> | null;
}

export interface History<T> {
  /** Most recent first. */
  readonly past: Cell<T> | null;
  readonly pastSize: number;
  readonly present: T;
  /** Next redo first. */
  readonly future: Cell<T> | null;
}

export const HISTORY_LIMIT = 500;

export function initHistory<T>(present: T): History<T> {
  return { past: null, pastSize: 0, present, future: null };
}

/** The first `n` cells of a stack, rebuilt (the older ones are dropped). */
function take<T>(stack: Cell<T> | null, n: number): Cell<T> | null {
  const values: T[] = [];
  for (let c = stack; c && values.length < n; c = c.next) values.push(c.value);
  let out: Cell<T> | null = null;
  for (let i = values.length - 1; i >= 0; i--) out = { value: values[i] as T, next: out };
  return out;
}

/** Records a new state; a no-op edit (same object) records nothing. Redo is dropped. */
export function commit<T>(h: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (next === h.present) return h;
  const full = h.pastSize >= limit;
  const kept = full ? take(h.past, limit - 1) : h.past;
  return {
    past: { value: h.present, next: kept },
    pastSize: full ? limit : h.pastSize + 1,
    present: next,
    future: null,
  };
}

export function undo<T>(h: History<T>): History<T> {
  if (!h.past) return h;
  return {
    past: h.past.next,
    pastSize: h.pastSize - 1,
    present: h.past.value,
    future: { value: h.present, next: h.future },
  };
}

export function redo<T>(h: History<T>): History<T> {
  if (!h.future) return h;
  return {
    past: { value: h.present, next: h.past },
    pastSize: h.pastSize + 1,
    present: h.future.value,
    future: h.future.next,
  };
}

export const canUndo = (h: History<unknown>) => h.past !== null;
export const canRedo = (h: History<unknown>) => h.future !== null;
