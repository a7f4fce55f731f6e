/**
 * Entries (rule states, formulas) indexed by the data paths they read, so a change at one path finds
 * the entries to re-evaluate in O(depth + entries hit) instead of scanning every entry of the form.
 */
import { isWithin } from 'form-core/paths';

export class DependencyIndex<T> {
  private readonly byPath = new Map<string, Set<T>>();

  add(entry: T, deps: readonly string[]): void {
    for (const d of deps) {
      let set = this.byPath.get(d);
      if (!set) this.byPath.set(d, (set = new Set()));
      set.add(entry);
    }
  }

  remove(entry: T, deps: readonly string[]): void {
    for (const d of deps) {
      const set = this.byPath.get(d);
      if (!set) continue;
      set.delete(entry);
      if (set.size === 0) this.byPath.delete(d);
    }
  }

  /** Distinct dependency paths held (for tests and diagnostics). */
  get pathCount(): number {
    return this.byPath.size;
  }

  /**
   * Entries whose inputs may have changed after a write at `root`: those reading `root` or one of its
   * ancestors (an immutable write gives every ancestor a new value) and, when `subtree` (an object or
   * array was replaced there), those reading a path inside it.
   */
  affected(root: string, subtree: boolean, out: Set<T> = new Set()): Set<T> {
    let p = root;
    for (;;) {
      this.byPath.get(p)?.forEach((e) => out.add(e));
      if (p === '') break;
      const i = p.lastIndexOf('.');
      p = i < 0 ? '' : p.slice(0, i);
    }
    if (subtree) {
      for (const [path, set] of this.byPath) {
        if (path !== root && isWithin(path, root)) set.forEach((e) => out.add(e));
      }
    }
    return out;
  }
}
