/**
 * Drag-and-drop ids and resolution for @dnd-kit. Draggables: 'palette:<item id>', 'field:<id>'.
 * Droppables: the section drop zones 'drop-N' (append), table zones 'drop-N-tables', a field
 * 'field:<id>' (insert before it) and a short row's free slot 'slot:<section>:<row>'.
 */
import {
  closestCenter,
  pointerWithin,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { isTableDrop, sectionIndexOfDrop } from '../model/ids';
import { locate, type DropTarget } from '../model/layout';
import type { BuilderForm } from '../model/types';

export const paletteDragId = (itemId: string) => `palette:${itemId}`;
export const fieldDragId = (id: number) => `field:${id}`;
export const slotId = (section: number, row: number) => `slot:${section}:${row}`;

export type DragSource = { kind: 'palette'; itemId: string } | { kind: 'field'; id: number };

export function parseDragId(id: string | number): DragSource | null {
  const s = String(id);
  if (s.startsWith('palette:')) return { kind: 'palette', itemId: s.slice('palette:'.length) };
  if (s.startsWith('field:')) return { kind: 'field', id: Number(s.slice('field:'.length)) };
  return null;
}

export interface ResolvedDrop {
  section: number;
  target: DropTarget;
  tableArea: boolean;
}

/** Where a drop on `overId` lands in `form`, or null when it is not a drop place. */
export function resolveDrop(form: BuilderForm, overId: string | number): ResolvedDrop | null {
  const s = String(overId);
  if (s.startsWith('drop-')) {
    const section = sectionIndexOfDrop(s);
    return section >= 0 && section < form.sections.length
      ? { section, target: 'end', tableArea: isTableDrop(s) }
      : null;
  }
  if (s.startsWith('slot:')) {
    const [, sec, row] = s.split(':');
    return { section: Number(sec), target: { row: Number(row), index: 2 }, tableArea: false };
  }
  if (s.startsWith('field:')) {
    const at = locate(form, Number(s.slice('field:'.length)));
    if (!at) return null;
    if (at.row < 0) return { section: at.section, target: { row: 0, index: at.index }, tableArea: true };
    return { section: at.section, target: { row: at.row, index: at.index }, tableArea: false };
  }
  return null;
}

/**
 * Pointer drags: the innermost droppable under the pointer (a field wins over its section's zone).
 * Keyboard drags have no pointer: the droppable closest to the dragged item's center.
 */
export const collision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    if (hits.length > 0) {
      const area = (id: string | number) => {
        const r = args.droppableRects.get(id);
        return r ? r.width * r.height : Infinity;
      };
      return [...hits].sort((a, b) => area(a.id) - area(b.id));
    }
    return [];
  }
  return closestCenter(args);
};

/**
 * Keyboard dragging jumps between drop places instead of moving 25 px per key press: arrows
 * down/right go to the next drop place in reading order, up/left to the previous one.
 */
let keyboardTarget: { active: string | number; over: string | number } | null = null;

export const jumpToDropPlaces: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const forward = event.code === 'ArrowDown' || event.code === 'ArrowRight';
  const backward = event.code === 'ArrowUp' || event.code === 'ArrowLeft';
  if (!forward && !backward) return undefined;
  event.preventDefault();
  const { active, droppableRects, droppableContainers, collisionRect, over } = context;
  const places: Array<{ id: string | number; top: number; left: number; width: number; height: number }> = [];
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.id === active?.id) continue;
    places.push({ id: container.id, top: rect.top, left: rect.left, width: rect.width, height: rect.height });
  }
  places.sort((a, b) => a.top - b.top || a.left - b.left);
  if (places.length === 0) return undefined;
  // The first key press of a drag starts from the first (or last) place, whatever the pointer-less
  // collision picked at lift-off; later presses step from the place reached.
  const continuing =
    keyboardTarget &&
    active &&
    keyboardTarget.active === active.id &&
    over &&
    keyboardTarget.over === over.id;
  const current = continuing && over ? places.findIndex((p) => p.id === over.id) : -1;
  const next = current < 0 ? (forward ? 0 : places.length - 1) : current + (forward ? 1 : -1);
  const place = places[Math.max(0, Math.min(places.length - 1, next))];
  if (!place) return currentCoordinates;
  if (active) keyboardTarget = { active: active.id, over: place.id };
  const w = collisionRect?.width ?? 0;
  const h = collisionRect?.height ?? 0;
  // Centre the dragged item on the place; closestCenter then picks exactly this place.
  return { x: place.left + place.width / 2 - w / 2, y: place.top + place.height / 2 - h / 2 };
};

/**
 * The drop place under the pointer at release. dnd-kit's `over` is the target of its last rendered
 * drag move (set in an effect after that render), so a button released before the page caught up
 * with the last moves dropped on an old target or on none. Every drop place carries its droppable id
 * in `data-drop-place`; the place at the release point is read from the page as it is.
 */
export const DROP_PLACE_ATTR = 'data-drop-place';

let lastPointer: { x: number; y: number; at: number } | null = null;

/** Records the pointer's last position (window capture, passive); returns the remover. */
export function trackPointer(target: Window = window): () => void {
  const on = (e: PointerEvent) => {
    lastPointer = { x: e.clientX, y: e.clientY, at: e.timeStamp };
  };
  const opts = { capture: true, passive: true } as const;
  target.addEventListener('pointermove', on, opts);
  target.addEventListener('pointerup', on, opts);
  return () => {
    target.removeEventListener('pointermove', on, opts);
    target.removeEventListener('pointerup', on, opts);
  };
}

/** The innermost drop place among elements at a point, topmost first (elementsFromPoint order). */
export function dropPlaceIn(elements: Iterable<Element>): string | null {
  for (const el of elements) {
    const place = el.closest(`[${DROP_PLACE_ATTR}]`);
    if (place) return place.getAttribute(DROP_PLACE_ATTR);
  }
  return null;
}

/**
 * Where a drag ended: for pointer drags the drop place under the release point (none outside the
 * drop places), for keyboard drags dnd-kit's `over` (keys move it one place at a time, in sync).
 */
export function dropPlaceOf(
  e: Pick<DragEndEvent, 'activatorEvent' | 'over'>,
  elementsAt: (x: number, y: number) => Iterable<Element> = (x, y) => document.elementsFromPoint(x, y),
): string | number | null {
  const pointer = lastPointer;
  const isPointerDrag = 'pointerId' in e.activatorEvent;
  if (!isPointerDrag || !pointer || pointer.at < e.activatorEvent.timeStamp) return e.over?.id ?? null;
  return dropPlaceIn(elementsAt(pointer.x, pointer.y));
}
