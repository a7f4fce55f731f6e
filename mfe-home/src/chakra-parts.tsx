// Home's parts that need Chakra (toasts, dialogs, the outbox drawer, corrective actions, the report's
// buttons) under one Chakra provider that loads after the first screen (chakra-layer.tsx, its own
// chunk with Chakra): at idle after home's first paint, or at once when the user asks for one of them.
// A part deep in the plain screen (a card's report buttons) is an island: a placeholder in the card,
// filled through a portal from the one provider, so the page keeps one toast container per root.
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { UseToastOptions } from '@chakra-ui/react';
import { lazyWithPreload } from 'ui-kit/lazy-preload';

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

export const ChakraPartsContext = createContext<ChakraParts | null>(null);

/** The layer's code (Chakra with it): fetched at idle after the first paint, or on first use. */
export const ChakraLayer = lazyWithPreload(() =>
  import('./chakra-layer').then((m) => ({ default: m.ChakraLayer })),
);

/** Whether the layer is wanted yet (re-rendering when it becomes so). */
export function useLayerWanted(parts: ChakraParts): boolean {
  return useSyncExternalStore(parts.subscribe, parts.isWanted);
}

/** The islands to render through portals (the layer's side). */
export function useIslands(parts: ChakraParts): ReadonlyArray<[string, Island]> {
  return useSyncExternalStore(parts.subscribe, parts.list);
}

/** Chakra's toast from anywhere on the plain screen (raised once the layer is there). */
export function useToast(): ToastFn {
  const parts = useContext(ChakraPartsContext);
  if (!parts) throw new Error('useToast outside home');
  return parts.toast;
}

/**
 * `children` (Chakra components) rendered here by the layer, in its provider: nothing until the layer
 * has loaded (it is asked for as soon as an island shows).
 */
export function ChakraIsland({ children }: { children: ReactNode }) {
  const parts = useContext(ChakraPartsContext);
  const id = useId();
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (node && parts) parts.setIsland(id, { node, content: children });
  });
  useEffect(() => () => parts?.dropIsland(id), [parts, id]);
  return <div ref={setNode} style={{ display: 'contents' }} />;
}
