import { describe, expect, it } from 'vitest';
import { createField } from '../model/field-factory';
import { addField, addSection } from '../model/layout';
import { generalPalette } from '../model/palette';
import { emptyForm } from '../model/reader';
import { dropPlaceIn, dropPlaceOf, parseDragId, resolveDrop, trackPointer } from './dnd';

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

  it('uses the release point for pointer drags and dnd-kit over for keyboard drags', () => {
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
    // A stale `over` (the last rendered move) loses to what is under the pointer now.
    expect(dropPlaceOf({ activatorEvent: down, over: null }, elementsAt)).toBe('drop-1');
    expect(asked).toEqual([[40, 700]]);
    const key = new KeyboardEvent('keydown', { code: 'Space' });
    const over = { id: 'slot:0:0' } as Parameters<typeof dropPlaceOf>[0]['over'];
    expect(dropPlaceOf({ activatorEvent: key, over }, elementsAt)).toBe('slot:0:0');
    stop();
  });

  it('falls back to dnd-kit over when no pointer position was seen since the drag began', () => {
    const later = new MouseEvent('pointerdown');
    Object.defineProperty(later, 'pointerId', { value: 1 });
    Object.defineProperty(later, 'timeStamp', { value: Number.MAX_SAFE_INTEGER });
    const over = { id: 'drop-2' } as Parameters<typeof dropPlaceOf>[0]['over'];
    expect(dropPlaceOf({ activatorEvent: later, over }, () => [])).toBe('drop-2');
  });
});
