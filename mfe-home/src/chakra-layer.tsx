import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useToast } from '@chakra-ui/react';
import { ProductChakra } from 'ui-kit/remote-app';
import { productTheme } from 'ui-kit/theme';
import { useIslands, type ChakraParts } from './parts-store';

/** Hands Chakra's toast to the plain screen while the layer is mounted. */
function Toaster({ parts }: { parts: ChakraParts }) {
  const toast = useToast();
  useEffect(() => {
    parts.setToaster((options) => void toast(options));
    return () => parts.setToaster(null);
  }, [parts, toast]);
  return null;
}

/**
 * Home's Chakra provider (a chunk of its own, Chakra with it: chakra-parts.tsx): its toasts, the
 * dialogs and drawer it is given, and the islands of the plain screen through portals.
 */
export function ChakraLayer({ parts, children }: { parts: ChakraParts; children?: ReactNode }) {
  const islands = useIslands(parts);
  return (
    <ProductChakra theme={productTheme}>
      <Toaster parts={parts} />
      {children}
      {islands.map(([id, island]) => createPortal(island.content, island.node, id))}
    </ProductChakra>
  );
}
