import { describe, expect, it } from 'vitest';
import { createField } from '../model/field-factory';
import { addField, addSection } from '../model/layout';
import { generalPalette } from '../model/palette';
import { emptyForm } from '../model/reader';
import {
  dropPlaceIn,
  describeDrop,
  dropPlaceOf,
  followPointer,
  jumpToDropPlaces,
  parseDragId,
  resolveDrop,
  stepPlace,
  trackPointer,
  type Place,
} from './dnd';
import { DragState } from './drag-state';

const text = generalPalette().find((p) => p.general === 'text')!;

describe('resolveDrop', () => {
  let form = addSection(emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' }));
  form = addField(form, 1, createField(form, text));
  form = addField(form, 1, createField(form, text));
  form = addField(
    form,
    1,
    createField(
      form,
      generalPalette().find((p) => p.general === 'table')!,
    ),
  );

  it('maps drop zones, slots and fields to section targets', () => {
    expect(resolveDrop(form, 'drop-2')).toEqual({ section: 1, target: 'end', tableArea: false });
    expect(resolveDrop(form, 'drop-1-tables')).toEqual({ section: 0, target: 'end', tableArea: true });
    expect(resolveDrop(form, 'drop-3')).toBeNull();
    expect(resolveDrop(form, 'field:200')).toEqual({
      section: 1,
      target: { row: 0, index: 1 },
      tableArea: false,
    });
    expect(resolveDrop(form, 'field:300')).toEqual({
      section: 1,
      target: { row: 0, index: 0 },
      tableArea: true,
    });
    expect(resolveDrop(form, 'slot:1:0')).toEqual({
      section: 1,
      target: { row: 0, index: 2 },
      tableArea: false,
    });
  });
  it('describes drop places in words for announcements', () => {
    const [first, second] = form.sections;
    expect(describeDrop(form, 'drop-2')).toBe(`the end of ${second!.title}`);
    expect(describeDrop(form, 'drop-1-tables')).toBe(`the tables of ${first!.title}`);
    expect(describeDrop(form, 'field:200')).toBe(`row 1 of ${second!.title}`);
    expect(describeDrop(form, 'slot:1:0')).toBe(`row 1 of ${second!.title}`);
    expect(describeDrop(form, 'drop-3')).toBeNull();
  });
  it('parses drag ids', () => {
    expect(parseDragId('palette:general:text')).toEqual({ kind: 'palette', itemId: 'general:text' });
    expect(parseDragId('field:300')).toEqual({ kind: 'field', id: 300 });
    expect(parseDragId('x')).toBeNull();
  });
});

describe('drop place at release', () => {
  const page = () => {
    document.body.innerHTML = `
      <div data-drop-place="drop-1"><div data-drop-place="field:100"><span id="label">Text</span></div>
        <p id="strip">Drop here</p></div>
      <div id="overlay">dragged item</div>`;
    return (id: string) => document.getElementById(id)!;
  };

  it('takes the innermost drop place among the elements at the point, skipping others', () => {
    const el = page();
    expect(dropPlaceIn([el('overlay'), el('label'), el('strip')])).toBe('field:100');
    expect(dropPlaceIn([el('overlay'), el('strip')])).toBe('drop-1');
    expect(dropPlaceIn([el('overlay')])).toBeNull();
  });

  it('uses the release point for pointer drags and the place the keys reached for keyboard drags', () => {
    const el = page();
    const stop = trackPointer(window);
    const down = new MouseEvent('pointerdown');
    Object.defineProperty(down, 'pointerId', { value: 1 });
    const moved = new MouseEvent('pointermove', { clientX: 40, clientY: 700 });
    window.dispatchEvent(moved);
    const asked: number[][] = [];
    const elementsAt = (x: number, y: number) => {
      asked.push([x, y]);
      return [el('overlay'), el('strip')];
    };
    // A stale place (from an earlier move) loses to what is under the pointer now.
    expect(dropPlaceOf({ activatorEvent: down }, 'field:100', elementsAt)).toBe('drop-1');
    expect(asked).toEqual([[40, 700]]);
    const key = new KeyboardEvent('keydown', { code: 'Space' });
    expect(dropPlaceOf({ activatorEvent: key }, 'slot:0:0', elementsAt)).toBe('slot:0:0');
    stop();
  });

  it('falls back to the tracked place when no pointer position was seen since the drag began', () => {
    const later = new MouseEvent('pointerdown');
    Object.defineProperty(later, 'pointerId', { value: 1 });
    Object.defineProperty(later, 'timeStamp', { value: Number.MAX_SAFE_INTEGER });
    expect(dropPlaceOf({ activatorEvent: later }, 'drop-2', () => [])).toBe('drop-2');
  });
});

describe('drop places during a drag', () => {
  const place = (id: string, top: number, left: number): Place => ({ id, top, left, width: 100, height: 40 });
  const places = [place('field:200', 100, 300), place('drop-1', 50, 0), place('field:100', 100, 0)];

  it('steps through places in reading order and stops at the ends', () => {
    expect(stepPlace(places, null, true)?.id).toBe('drop-1');
    expect(stepPlace(places, null, false)?.id).toBe('field:200');
    expect(stepPlace(places, 'drop-1', true)?.id).toBe('field:100');
    expect(stepPlace(places, 'field:100', true)?.id).toBe('field:200');
    expect(stepPlace(places, 'field:200', true)?.id).toBe('field:200');
    expect(stepPlace(places, 'drop-1', false)?.id).toBe('drop-1');
    expect(stepPlace([], null, true)).toBeNull();
  });

  it('keyboard arrows set the drag over the next place and centre the item on it', () => {
    const drag = new DragState();
    drag.setStarter(() => {});
    drag.start('onKeyDown', {}, 'palette:general:text', 'Text', document.body);
    drag.begin();
    const getter = jumpToDropPlaces(drag, () => places);
    const key = (code: string) => new KeyboardEvent('keydown', { code });
    const args = {
      active: 'builder-drag',
      currentCoordinates: { x: 0, y: 0 },
      context: { collisionRect: { width: 20, height: 10 } },
    } as unknown as Parameters<typeof getter>[1];
    expect(getter(key('ArrowDown'), args)).toEqual({ x: 40, y: 65 });
    expect(drag.over).toBe('drop-1');
    getter(key('ArrowRight'), args);
    expect(drag.over).toBe('field:100');
    getter(key('ArrowUp'), args);
    expect(drag.over).toBe('drop-1');
    expect(getter(key('KeyA'), args)).toBeUndefined();
    expect(drag.over).toBe('drop-1');
  });

  it('right to left, reading order starts at the right and the left arrow goes on', () => {
    expect(stepPlace(places, 'field:200', true, 'rtl')?.id).toBe('field:100');
    expect(stepPlace(places, 'field:100', false, 'rtl')?.id).toBe('field:200');
    document.documentElement.dir = 'rtl';
    try {
      const drag = new DragState();
      drag.setStarter(() => {});
      drag.start('onKeyDown', {}, 'palette:general:text', 'Text', document.body);
      drag.begin();
      const getter = jumpToDropPlaces(drag, () => places);
      const key = (code: string) => new KeyboardEvent('keydown', { code });
      const args = {
        active: 'builder-drag',
        currentCoordinates: { x: 0, y: 0 },
        context: { collisionRect: { width: 20, height: 10 } },
      } as unknown as Parameters<typeof getter>[1];
      getter(key('ArrowDown'), args);
      getter(key('ArrowLeft'), args);
      expect(drag.over).toBe('field:200');
      getter(key('ArrowRight'), args);
      expect(drag.over).toBe('drop-1');
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });

  it('the pointer lights the place under it only while an item is lifted', () => {
    document.body.innerHTML = `<div data-drop-place="drop-1"><div data-drop-place="field:100"><i id="in"></i></div></div>`;
    const drag = new DragState();
    const stop = followPointer(drag, window, () => [document.getElementById('in')!]);
    const move = () => window.dispatchEvent(new MouseEvent('pointermove', { clientX: 5, clientY: 5 }));
    move();
    expect(drag.over).toBeNull();
    drag.setStarter(() => {});
    drag.start('onPointerDown', {}, 'field:200', 'Text', document.body);
    drag.begin();
    move();
    expect(drag.over).toBe('field:100');
    stop();
  });

  it('a pointer drop where the last move was hit-tested reuses its place; after a scroll it tests again', () => {
    document.body.innerHTML = `<div data-drop-place="drop-1"><i id="in"></i></div><p id="out"></p>`;
    const drag = new DragState();
    drag.setStarter(() => {});
    const down = new MouseEvent('pointerdown');
    Object.defineProperty(down, 'pointerId', { value: 1 });
    Object.defineProperty(down, 'timeStamp', { value: 0 });
    const stopTrack = trackPointer(window);
    const stopFollow = followPointer(drag, window, () => [document.getElementById('in')!]);
    drag.start('onPointerDown', {}, 'field:200', 'Text', document.body);
    drag.begin();
    window.dispatchEvent(new MouseEvent('pointermove', { clientX: 5, clientY: 6 }));
    window.dispatchEvent(new MouseEvent('pointerup', { clientX: 5, clientY: 6 }));
    let tested = 0;
    const elementsAt = () => {
      tested++;
      return [document.getElementById('out')!];
    };
    expect(dropPlaceOf({ activatorEvent: down }, drag.over, elementsAt)).toBe('drop-1');
    expect(tested).toBe(0);
    window.dispatchEvent(new Event('scroll'));
    expect(dropPlaceOf({ activatorEvent: down }, drag.over, elementsAt)).toBeNull();
    expect(tested).toBe(1);
    stopFollow();
    stopTrack();
  });
});
