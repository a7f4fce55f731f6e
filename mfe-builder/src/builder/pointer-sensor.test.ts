import { PointerSensor, type PointerSensorProps } from '@dnd-kit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropSafePointerSensor } from './pointer-sensor';

// jsdom has no PointerEvent: dnd-kit reads only the type and the coordinates.
const pointer = (type: string, x: number, y: number) =>
  new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y });

/** Starts a sensor on a handle, drags it 20 px and releases it (a drop); returns the Edit button. */
function dropWith(Sensor: typeof PointerSensor): {
  edit: HTMLButtonElement;
  onEnd: () => void;
  onCancel: () => void;
} {
  const handle = document.createElement('div');
  const edit = document.createElement('button');
  document.body.append(handle, edit);
  const down = pointer('pointerdown', 10, 10);
  handle.dispatchEvent(down);
  const onEnd = vi.fn();
  const onCancel = vi.fn();
  const props = {
    active: 'a',
    event: down,
    activeNode: handle,
    context: {},
    options: { activationConstraint: { distance: 5 } },
    onStart: vi.fn(),
    onMove: vi.fn(),
    onEnd,
    onCancel,
    onAbort: vi.fn(),
    onPending: vi.fn(),
  } as unknown as PointerSensorProps;
  new Sensor(props);
  document.dispatchEvent(pointer('pointermove', 30, 30));
  document.dispatchEvent(pointer('pointerup', 30, 30));
  return { edit, onEnd, onCancel };
}

describe('DropSafePointerSensor', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('a click pressed right after a drop (before dnd-kit’s 50 ms timer) reaches its button', () => {
    vi.useFakeTimers();
    const { edit, onEnd } = dropWith(DropSafePointerSensor);
    expect(onEnd).toHaveBeenCalledOnce();
    const clicked = vi.fn();
    edit.addEventListener('click', clicked);
    // The click that ends the drag (same pointerup) is still held back...
    edit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).not.toHaveBeenCalled();
    // ...a new gesture's click is not, though the timer has not run (a loaded machine).
    edit.dispatchEvent(pointer('pointerdown', 50, 50));
    edit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('a key press (Enter on a focused button) also ends the hold', () => {
    vi.useFakeTimers();
    const { edit } = dropWith(DropSafePointerSensor);
    const clicked = vi.fn();
    edit.addEventListener('click', clicked);
    edit.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    edit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('Escape after a drop is a new key press, not a cancel of the ended drag', () => {
    vi.useFakeTimers();
    const { edit, onCancel } = dropWith(DropSafePointerSensor);
    edit.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('dnd-kit’s own sensor loses that click (why this one exists)', () => {
    vi.useFakeTimers();
    const { edit } = dropWith(PointerSensor);
    const clicked = vi.fn();
    edit.addEventListener('click', clicked);
    edit.dispatchEvent(pointer('pointerdown', 50, 50));
    edit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    edit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).toHaveBeenCalledOnce();
  });
});
