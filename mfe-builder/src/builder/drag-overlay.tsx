// The builder's drag pieces that render: dnd-kit's one draggable, bridged to DragState, and the
// lifted item's label under the pointer.
import { useEffect, useSyncExternalStore } from 'react';
import { Box } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { DRAG_ID, type DragState } from './drag-state';

/**
 * dnd-kit's one draggable: items (chips, palette entries) start it through DragState with their own
 * element, so no item subscribes to dnd-kit's context, which changes on every drag move. This is the
 * only component that re-renders with it.
 */
export function DragBridge({ drag }: { drag: DragState }) {
  const { setNodeRef, listeners } = useDraggable({ id: DRAG_ID });
  useEffect(() => {
    drag.setStarter((name, event, node) => {
      setNodeRef(node);
      listeners?.[name]?.(event);
    });
    return () => drag.setStarter(null);
  }, [drag, setNodeRef, listeners]);
  return null;
}

/** The lifted item's label under the pointer. */
export function OverlayLabel({ drag }: { drag: DragState }) {
  const label = useSyncExternalStore(drag.subscribe, () => (drag.active === null ? null : drag.label));
  if (label === null) return null;
  return (
    <Box px={3} py={2} bg="white" borderWidth="1px" borderRadius="md" boxShadow="md" fontSize="sm">
      {label}
    </Box>
  );
}
