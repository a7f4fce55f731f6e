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
  type ReactNode,
} from 'react';
import { lazyWithPreload } from 'ui-kit/lazy-preload';
import type { ChakraParts, ToastFn } from './parts-store';

export { ChakraParts, useIslands, useLayerWanted, type Island, type ToastFn } from './parts-store';

export const ChakraPartsContext = createContext<ChakraParts | null>(null);

/** The layer's code (Chakra with it): fetched at idle after the first paint, or on first use. */
export const ChakraLayer = lazyWithPreload(() =>
  import('./chakra-layer').then((m) => ({ default: m.ChakraLayer })),
);

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
