/**
 * Drag-and-drop ids and resolution for @dnd-kit. Draggables: 'palette:<item id>', 'field:<id>'.
 * Droppables: the section drop zones 'drop-N' (append), table zones 'drop-N-tables', a field
 * 'field:<id>' (insert before it) and a short row's free slot 'slot:<section>:<row>'. Drop places
 * are not dnd-kit droppables: they are found on the page (`data-drop-place`), see DragState.
 */
import type { DragEndEvent, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { documentDirection, type Direction } from 'ui-kit/direction';
import { isTableDrop, sectionIndexOfDrop } from '../model/ids';
import { locate, type DropTarget } from '../model/layout';
import type { BuilderForm } from '../model/types';
import type { DragState } from './drag-state';
import { TEXTS } from './texts';

export const DROP_PLACE_ATTR = 'data-drop-place';

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
 * A drop place in words, for screen readers while an item is carried over it ("row 2 of Section 3",
 * "the tables of Section 1", "the end of Section 2"); null when `overId` is not a drop place.
 */
export function describeDrop(form: BuilderForm, overId: string | number): string | null {
  const drop = resolveDrop(form, overId);
  if (!drop) return null;
  const title = form.sections[drop.section]?.title || TEXTS.sectionN(drop.section + 1);
  if (drop.tableArea) return TEXTS.dropTablesOf(title);
  if (drop.target === 'end') return TEXTS.dropEndOf(title);
  return TEXTS.dropRowOf(drop.target.row + 1, title);
}

/** A drop place on the page, in viewport coordinates. */
export interface Place {
  id: string;
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * The drop places a lifted item can go to, read from the page (`data-drop-place`): drawn ones only
 * (not in a collapsed section) and not the lifted item's own place.
 */
export function dropPlacesOnPage(root: ParentNode, exclude: string | null): Place[] {
  const places: Place[] = [];
  for (const el of root.querySelectorAll(`[${DROP_PLACE_ATTR}]`)) {
    const id = el.getAttribute(DROP_PLACE_ATTR);
    if (!id || id === exclude) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    places.push({ id, top: r.top, left: r.left, width: r.width, height: r.height });
  }
  return places;
}

/**
 * The place a keyboard step goes to, in reading order (top, then the inline start: left, or right
 * when the page is right to left): the first (forward) or last place when none is reached yet, else
 * the next or previous one, stopping at the ends.
 */
export function stepPlace(
  places: readonly Place[],
  current: string | null,
  forward: boolean,
  direction: Direction = 'ltr',
): Place | null {
  const inline = direction === 'rtl' ? -1 : 1;
  const sorted = [...places].sort((a, b) => a.top - b.top || inline * (a.left - b.left));
  if (sorted.length === 0) return null;
  const at = current === null ? -1 : sorted.findIndex((p) => p.id === current);
  const next = at < 0 ? (forward ? 0 : sorted.length - 1) : at + (forward ? 1 : -1);
  return sorted[Math.max(0, Math.min(sorted.length - 1, next))] ?? null;
}

/**
 * Keyboard dragging jumps between drop places instead of moving 25 px per key press: arrows
 * down and inline-end (right, or left right to left) go to the next drop place in reading order, up
 * and inline-start to the previous one. The place
 * reached is the drag's `over` (DragState); the lifted item is centred on it.
 */
export function jumpToDropPlaces(
  drag: DragState,
  placesOf: () => readonly Place[] = () => dropPlacesOnPage(document, drag.active),
): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const direction = documentDirection();
    // The inline arrows follow the reading direction: right to left, the left arrow goes on.
    const next = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const previous = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const forward = event.code === 'ArrowDown' || event.code === next;
    const backward = event.code === 'ArrowUp' || event.code === previous;
    if (!forward && !backward) return undefined;
    event.preventDefault();
    const place = stepPlace(placesOf(), drag.over, forward, direction);
    if (!place) return currentCoordinates;
    drag.setOver(place.id);
    const w = context.collisionRect?.width ?? 0;
    const h = context.collisionRect?.height ?? 0;
    return { x: place.left + place.width / 2 - w / 2, y: place.top + place.height / 2 - h / 2 };
  };
}

/**
 * The drop place under the pointer at release, read from the page as it is: every drop place
 * carries its id in `data-drop-place`. (A target kept from the last drawn move would be stale when
 * the button is released before the page caught up with the last moves.)
 */

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

/** Where followPointer last hit-tested (null: not since a scroll, which moves the page under it). */
let lastHit: { x: number; y: number } | null = null;

/**
 * While an item is lifted by the pointer, the drop place under it is the drag's `over` (lights the
 * place up): a hit test per pointer move instead of dnd-kit's collision pass over every droppable.
 */
export function followPointer(
  drag: DragState,
  target: Window = window,
  elementsAt: (x: number, y: number) => Iterable<Element> = (x, y) => document.elementsFromPoint(x, y),
): () => void {
  const onMove = (e: PointerEvent) => {
    if (drag.active === null) return;
    drag.setOver(dropPlaceIn(elementsAt(e.clientX, e.clientY)));
    lastHit = { x: e.clientX, y: e.clientY };
  };
  const onScroll = () => {
    lastHit = null;
  };
  const opts = { capture: true, passive: true } as const;
  target.addEventListener('pointermove', onMove, opts);
  target.addEventListener('scroll', onScroll, opts);
  return () => {
    target.removeEventListener('pointermove', onMove, opts);
    target.removeEventListener('scroll', onScroll, opts);
    lastHit = null;
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
 * drop places), for keyboard drags the place the keys reached. `over` is the drag's place (DragState):
 * the keys' place, or the pointer's from its last move; when the button is released where that move
 * was hit-tested (and nothing scrolled since), it is reused: a second hit test at the drop would
 * force the page's layout and paint properties up to date before the drop could be drawn.
 */
export function dropPlaceOf(
  e: Pick<DragEndEvent, 'activatorEvent'>,
  over: string | null,
  elementsAt: (x: number, y: number) => Iterable<Element> = (x, y) => document.elementsFromPoint(x, y),
): string | null {
  const pointer = lastPointer;
  const isPointerDrag = 'pointerId' in e.activatorEvent;
  if (!isPointerDrag || !pointer || pointer.at < e.activatorEvent.timeStamp) return over;
  if (lastHit && lastHit.x === pointer.x && lastHit.y === pointer.y) return over;
  return dropPlaceIn(elementsAt(pointer.x, pointer.y));
}
