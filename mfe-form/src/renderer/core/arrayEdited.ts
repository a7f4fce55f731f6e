/**
 * The edited flag of an array (table, list, files), kept up to date per changed item instead of
 * recomputed over the whole array after every keystroke in one of its cells (isEdited normalises and
 * compares every row: O(table) time and garbage per keystroke, 0.6 ms at 100×5).
 *
 * Same answer as `isEdited(array, original, default)`: items are compared after normEmpty, with empty
 * items left out (so positions shift when an item becomes empty or stops being empty: that case, a
 * length change or an unknown change recomputes everything).
 *
 * Items are normalised only when compared, and an item that is the same object as the reference item
 * it lines up with is equal without either being normalised: a table opened as it came (every row the
 * original's own object) costs an emptiness check per row at mount, not a normalised copy and a deep
 * comparison of every row (10 ms of a 100×5 table's first paint on the shared machine, issue 31).
 */
import { deepEqual } from 'form-core/paths';
import { isEdited, isEmptyNorm, normEmpty } from './validation';

/** One side the array is compared with (the original data or the schema default). */
interface Side {
  /** Its non-empty items, as they are (normalised on first comparison: `norm`). */
  items: readonly unknown[];
  norm: unknown[];
  /** mismatch[j]: the j-th non-empty item differs from items[j] (for j < both lengths). */
  mismatch: boolean[];
  mismatches: number;
}

/** Not normalised yet (normEmpty never answers it). */
const UNSET = Symbol('unset');

const sideOf = (reference: unknown): Side | undefined => {
  if (isEmptyNorm(reference)) return { items: [], norm: [], mismatch: [], mismatches: 0 };
  if (!Array.isArray(reference)) return undefined;
  const items = reference.filter((x) => !isEmptyNorm(x));
  return { items, norm: new Array<unknown>(items.length).fill(UNSET), mismatch: [], mismatches: 0 };
};

const normOf = (side: Side, j: number): unknown => {
  let n = side.norm[j];
  if (n === UNSET) side.norm[j] = n = normEmpty(side.items[j]);
  return n;
};

export class ArrayEdited {
  private value: unknown;
  private edited = false;
  /** normEmpty of each item of `value`, UNSET until compared (undefined: empty item). */
  private norm: unknown[] = [];
  /** Position of each item among the non-empty ones (-1: empty). */
  private aligned: number[] = [];
  private count = 0;
  private readonly sides: Side[] | undefined;

  constructor(
    private readonly original: unknown,
    private readonly fallback: unknown,
    value: unknown,
  ) {
    const a = sideOf(original);
    const b = sideOf(fallback);
    // A reference that is not an array (a scalar where an array is expected) is left to isEdited.
    this.sides = a && b ? [a, b] : undefined;
    this.reset(value);
  }

  /**
   * The flag for the array's new value. `changed`: indices of the only items that may differ from
   * `previous` (the rest kept their identity, as an edit inside one item leaves them); used only when
   * `previous` is the value this tracker saw last. Omitted, or a length change: everything is compared.
   */
  update(value: unknown, changed?: readonly number[], previous?: unknown): boolean {
    if (value === this.value) return this.edited;
    const prev = this.value;
    if (
      !changed ||
      previous !== prev ||
      !this.sides ||
      !Array.isArray(value) ||
      !Array.isArray(prev) ||
      value.length !== prev.length
    ) {
      this.reset(value);
      return this.edited;
    }
    this.value = value;
    for (const i of changed) {
      if (!(i >= 0 && i < value.length) || value[i] === prev[i]) continue;
      const j = this.aligned[i] as number;
      if (isEmptyNorm(value[i]) !== j < 0) {
        // The item became empty or stopped being empty: the items after it change position.
        this.reset(value);
        return this.edited;
      }
      this.norm[i] = UNSET;
      if (j >= 0) for (const side of this.sides) this.compareAt(side, j, i);
    }
    this.edited = this.sides.every((s) => !this.matches(s));
    return this.edited;
  }

  private reset(value: unknown): void {
    this.value = value;
    if (!this.sides || !Array.isArray(value)) {
      this.edited = isEdited(value, this.original, this.fallback);
      this.norm = [];
      this.aligned = [];
      this.count = 0;
      return;
    }
    this.norm = new Array<unknown>(value.length).fill(UNSET);
    this.aligned = [];
    let count = 0;
    for (const item of value) this.aligned.push(isEmptyNorm(item) ? -1 : count++);
    this.count = count;
    for (const side of this.sides) {
      side.mismatch = [];
      side.mismatches = 0;
      for (let i = 0; i < value.length; i++) {
        const j = this.aligned[i] as number;
        if (j >= 0) this.compareAt(side, j, i);
      }
    }
    this.edited = this.sides.every((s) => !this.matches(s));
  }

  /** Compares item i of the value (the j-th non-empty one) with the side's j-th item. */
  private compareAt(side: Side, j: number, i: number): void {
    if (j >= side.items.length) return;
    const item = (this.value as unknown[])[i];
    let differs = false;
    if (item !== side.items[j]) {
      let n = this.norm[i];
      if (n === UNSET) this.norm[i] = n = normEmpty(item);
      differs = !deepEqual(n, normOf(side, j));
    }
    if (differs !== (side.mismatch[j] === true)) side.mismatches += differs ? 1 : -1;
    side.mismatch[j] = differs;
  }

  private matches(side: Side): boolean {
    return this.count === side.items.length && side.mismatches === 0;
  }
}
