import { describe, expect, it, vi } from 'vitest';
import { DragState } from './drag-state';

describe('DragState', () => {
  it('offers an item to the starter and lifts it when dnd-kit begins', () => {
    const drag = new DragState();
    const starter = vi.fn();
    const node = document.createElement('div');
    drag.start('onPointerDown', { type: 'pointerdown' }, 'field:100', 'Text', node);
    expect(starter).not.toHaveBeenCalled(); // no bridge yet: nothing to start
    drag.setStarter(starter);
    drag.start('onPointerDown', { type: 'pointerdown' }, 'field:100', 'Text', node);
    expect(starter).toHaveBeenCalledWith('onPointerDown', { type: 'pointerdown' }, node);
    expect(drag.active).toBeNull();
    expect(drag.begin()).toBe('field:100');
    expect(drag.active).toBe('field:100');
    expect(drag.label).toBe('Text');
    // While lifted, other items do not start (the keyboard's drop key reaches the handle too).
    drag.start('onKeyDown', {}, 'field:200', 'Other', node);
    expect(starter).toHaveBeenCalledTimes(1);
  });

  it('notifies only the keys that flip', () => {
    const drag = new DragState();
    drag.setStarter(() => {});
    const calls: string[] = [];
    const keys = ['active:field:100', 'active:field:200', 'over:drop-1', 'over:field:300', 'over:slot:0:0'];
    const stops = keys.map((k) => drag.subscribeKey(k, () => calls.push(k)));
    let all = 0;
    drag.subscribe(() => all++);
    drag.start('onPointerDown', {}, 'field:100', 'Text', document.body);
    drag.begin();
    expect(calls).toEqual(['active:field:100']);
    drag.setOver('drop-1');
    drag.setOver('drop-1');
    drag.setOver('field:300');
    expect(calls.slice(1)).toEqual(['over:drop-1', 'over:drop-1', 'over:field:300']);
    // Its own place counts as none.
    drag.setOver('field:100');
    expect(drag.over).toBeNull();
    expect(calls.slice(4)).toEqual(['over:field:300']);
    drag.setOver('slot:0:0');
    expect(drag.end()).toEqual({ active: 'field:100', over: 'slot:0:0' });
    expect(calls.slice(5)).toEqual(['over:slot:0:0', 'active:field:100', 'over:slot:0:0']);
    expect(all).toBe(6);
    expect(drag.active).toBeNull();
    for (const stop of stops) stop();
    drag.start('onPointerDown', {}, 'field:200', 'Other', document.body);
    drag.begin();
    expect(calls).toHaveLength(8);
  });

  it('begins nothing when no item asked to start', () => {
    const drag = new DragState();
    expect(drag.begin()).toBeNull();
    expect(drag.active).toBeNull();
  });
});
