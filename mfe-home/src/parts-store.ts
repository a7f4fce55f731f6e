// What home's plain screen and its Chakra layer share (chakra-parts.tsx, chakra-layer.tsx): the islands,
// the toasts asked for before the layer is there, and whether it is wanted yet. Its own module, so the
// layer's chunk imports it without importing the module that loads that chunk.
import { useSyncExternalStore, type ReactNode } from 'react';
import type { UseToastOptions } from '@chakra-ui/react';

export type ToastFn = (options: UseToastOptions) => void;

export interface Island {
  node: HTMLElement;
  content: ReactNode;
}

/** What the plain screen hands the Chakra layer: islands, toasts, and whether it is wanted yet. */
export class ChakraParts {
  private islands = new Map<string, Island>();
  private snapshot: ReadonlyArray<[string, Island]> = [];
  private listeners = new Set<() => void>();
  private toastFn: ToastFn | null = null;
  private pending: UseToastOptions[] = [];
  wanted = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  private changed() {
    this.snapshot = [...this.islands];
    for (const listener of this.listeners) listener();
  }
  /** The islands, a new array on each change (useSyncExternalStore's snapshot). */
  list = () => this.snapshot;
  isWanted = () => this.wanted;

  /** The layer is to load and render now (idempotent). */
  want() {
    if (this.wanted) return;
    this.wanted = true;
    this.changed();
  }
  setIsland(id: string, island: Island) {
    this.islands.set(id, island);
    this.changed();
    this.want();
  }
  dropIsland(id: string) {
    if (this.islands.delete(id)) this.changed();
  }
  /** A toast now, or as soon as the layer's toaster is there (asking for it). */
  toast: ToastFn = (options) => {
    if (this.toastFn) this.toastFn(options);
    else {
      this.pending.push(options);
      this.want();
    }
  };
  /** The layer's toaster (null when it goes): the toasts asked for before it are raised now. */
  setToaster(fn: ToastFn | null) {
    this.toastFn = fn;
    if (!fn) return;
    const pending = this.pending;
    this.pending = [];
    for (const options of pending) fn(options);
  }
}

/** Whether the layer is wanted yet (re-rendering when it becomes so). */
export function useLayerWanted(parts: ChakraParts): boolean {
  return useSyncExternalStore(parts.subscribe, parts.isWanted);
}

/** The islands to render through portals (the layer's side). */
export function useIslands(parts: ChakraParts): ReadonlyArray<[string, Island]> {
  return useSyncExternalStore(parts.subscribe, parts.list);
}
