/**
 * Item-side drag hooks over DragState: each item subscribes to its own key only, so a drag
 * re-renders the items whose lifted/over flag changed, never the whole canvas.
 */
import {
  useCallback,
  useMemo,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { DragState } from './drag-state';

/** DndContext's id: dnd-kit uses it as the id of its hidden drag instructions (aria-describedby). */
export const DND_ID = 'builder-dnd';

function useFlag(drag: DragState, key: string, get: () => boolean): boolean {
  const subscribe = useCallback((l: () => void) => drag.subscribeKey(key, l), [drag, key]);
  return useSyncExternalStore(subscribe, get, get);
}

/** True while the lifted item is over this drop place. */
export function useIsOver(drag: DragState, place: string): boolean {
  return useFlag(
    drag,
    `over:${place}`,
    useCallback(() => drag.over === place, [drag, place]),
  );
}

/** True while this item is lifted. */
export function useIsLifted(drag: DragState, id: string): boolean {
  return useFlag(
    drag,
    `active:${id}`,
    useCallback(() => drag.active === id, [drag, id]),
  );
}

export interface DragHandleProps {
  role: 'button';
  tabIndex: 0;
  'aria-roledescription': 'draggable';
  'aria-describedby': string;
  'aria-disabled': boolean;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
}

/**
 * The props of an item's drag handle (stable while its inputs are): pointer down and Space/Enter
 * offer the item to dnd-kit's sensors; `node` is the element drawn as lifted (default: the handle).
 */
export function useDragHandle(
  drag: DragState,
  id: string,
  label: string,
  disabled = false,
  node?: RefObject<HTMLElement>,
): DragHandleProps {
  return useMemo(() => {
    const base = {
      role: 'button',
      tabIndex: 0,
      'aria-roledescription': 'draggable',
      'aria-describedby': DND_ID,
      'aria-disabled': disabled,
    } as const;
    if (disabled) return base;
    const element = (e: { currentTarget: HTMLElement }) => node?.current ?? e.currentTarget;
    return {
      ...base,
      onPointerDown: (e: PointerEvent<HTMLElement>) => drag.start('onPointerDown', e, id, label, element(e)),
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => drag.start('onKeyDown', e, id, label, element(e)),
    };
  }, [drag, id, label, disabled, node]);
}
