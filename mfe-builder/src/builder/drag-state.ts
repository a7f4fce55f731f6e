/**
 * The drag's state outside React and outside dnd-kit's context: which item is lifted and which drop
 * place it is over. dnd-kit re-renders every useDraggable/useDroppable user on each drag-state change
 * (about 1,000 hooks at 500 fields); here an item subscribes to its own key, so lifting, moving
 * over a place and dropping re-render only the items whose flag changed.
 *
 * dnd-kit stays the drag engine (sensors, keyboard, auto-scroll, overlay) through one draggable
 * (`DRAG_ID`, see DragBridge); items start it through `start` with their own id and element.
 */
export const DRAG_ID = 'builder-drag';

/** The React listener names dnd-kit's pointer and keyboard sensors activate on. */
export type ActivatorName = 'onPointerDown' | 'onKeyDown';

/** Starts dnd-kit's draggable on `node` with the given React event (set by the bridge). */
export type Starter = (name: ActivatorName, event: unknown, node: HTMLElement) => void;

export class DragState {
  private keyed = new Map<string, Set<() => void>>();
  private all = new Set<() => void>();
  private starter: Starter | null = null;
  /** The item that last asked to start (dnd-kit starts a pointer drag only after 5 px). */
  private candidate: { id: string; label: string } | null = null;
  active: string | null = null;
  over: string | null = null;
  label = '';

  /** Subscribes to one key (`active:<id>` or `over:<place>`): called only when it flips. */
  subscribeKey(key: string, listener: () => void): () => void {
    let set = this.keyed.get(key);
    if (!set) {
      set = new Set();
      this.keyed.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.keyed.get(key) === set) this.keyed.delete(key);
    };
  }

  /** Subscribes to every change (the overlay's label). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.all.add(listener);
    return () => this.all.delete(listener);
  };

  private notify(keys: Array<string | null>) {
    for (const key of keys) {
      if (key === null) continue;
      for (const l of this.keyed.get(key) ?? []) l();
    }
    for (const l of this.all) l();
  }

  setStarter(starter: Starter | null): void {
    this.starter = starter;
  }

  /** An item's pointerdown / keydown: offers the item to dnd-kit's sensors. */
  start(name: ActivatorName, event: unknown, id: string, label: string, node: HTMLElement): void {
    if (!this.starter || this.active !== null) return;
    this.candidate = { id, label };
    this.starter(name, event, node);
  }

  /** dnd-kit began the drag: the candidate is lifted. */
  begin(): string | null {
    const c = this.candidate;
    this.candidate = null;
    if (!c) return null;
    const before = this.active;
    this.active = c.id;
    this.label = c.label;
    this.over = null;
    this.notify([before && `active:${before}`, `active:${c.id}`]);
    return c.id;
  }

  /** The place the lifted item is over (null: none); the item's own place counts as none. */
  setOver(place: string | null): void {
    const next = place !== null && place === this.active ? null : place;
    if (next === this.over) return;
    const before = this.over;
    this.over = next;
    this.notify([before && `over:${before}`, next && `over:${next}`]);
  }

  /** Drop or cancel: returns what was lifted and where it was over, and clears both. */
  end(): { active: string | null; over: string | null } {
    const { active, over } = this;
    this.active = null;
    this.over = null;
    this.candidate = null;
    this.notify([active && `active:${active}`, over && `over:${over}`]);
    return { active, over };
  }
}
