import { describe, expect, it } from 'vitest';
import { createField } from '../model/field-factory';
import { addField, addSection } from '../model/layout';
import { generalPalette } from '../model/palette';
import { emptyForm } from '../model/reader';
import { parseDragId, resolveDrop } from './dnd';

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
