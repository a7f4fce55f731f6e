import { describe, expect, it } from 'vitest';
import { createField } from './field-factory';
import { dropId, nextControlId, sectionIndexOfDrop, tableDropId } from './ids';
import {
  addDocument,
  addField,
  addSection,
  addSignature,
  canDrop,
  canMove,
  deleteSection,
  draggedPaletteIds,
  moveField,
  removeField,
  removeSignature,
} from './layout';
import { generalPalette, isReusable, objectPalette, withDragState } from './palette';
import { emptyForm } from './reader';
import type { BuilderForm, PaletteItem } from './types';

const general = (kind: string): PaletteItem => generalPalette().find((p) => p.general === kind)!;
const objectItem = objectPalette(
  'cqext__SQX_Inspection__c',
  [{ name: 'cqext__Notes__c', label: 'Notes', type: 'string' }],
  false,
)[0]!;

function withFields(
  n: number,
  form: BuilderForm = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' }),
): BuilderForm {
  let f = form;
  for (let i = 0; i < n; i++) f = addField(f, 0, createField(f, general('text')));
  return f;
}

describe('ids', () => {
  it('numbers controls in steps of 100 and names drop zones drop-N', () => {
    const form = withFields(3);
    expect(Object.keys(form.fields).map(Number)).toEqual([100, 200, 300]);
    expect(nextControlId(form)).toBe(400);
    expect(dropId(0)).toBe('drop-1');
    expect(sectionIndexOfDrop(tableDropId(2))).toBe(2);
  });
  it('gives General fields unique CQ_Form_ API names', () => {
    const form = withFields(3);
    expect(Object.values(form.fields).map((f) => f.key)).toEqual([
      'CQ_Form_Text_Field',
      'CQ_Form_Text_Field_2',
      'CQ_Form_Text_Field_3',
    ]);
  });
});

describe('rows', () => {
  it('keeps at most 2 fields per row, appending to a new row', () => {
    expect(withFields(5).sections[0]!.rows).toEqual([[100, 200], [300, 400], [500]]);
  });
  it('inserting into a full row pushes the overflow into a new row below', () => {
    let form = withFields(4); // [[100,200],[300,400]]
    const f = createField(form, general('date'));
    form = addField(form, 0, f, { row: 0, index: 1 });
    expect(form.sections[0]!.rows).toEqual([[100, 500], [200], [300, 400]]);
  });
  it('moves a field within and across sections, dropping emptied rows', () => {
    let form = addSection(withFields(3)); // [[100,200],[300]]
    form = moveField(form, 300, 0, { row: 0, index: 0 });
    expect(form.sections[0]!.rows).toEqual([[300, 100], [200]]);
    form = moveField(form, 200, 1, 'end');
    expect(form.sections[0]!.rows).toEqual([[300, 100]]);
    expect(form.sections[1]!.rows).toEqual([[200]]);
  });
  it('moving later in the same row accounts for its own removal', () => {
    let form = withFields(2);
    form = moveField(form, 100, 0, { row: 0, index: 2 });
    expect(form.sections[0]!.rows).toEqual([[200, 100]]);
  });
  it('an edit shares untouched sections and fields', () => {
    const form = addSection(withFields(2));
    const next = addField(form, 1, createField(form, general('text')));
    expect(next.sections[0]).toBe(form.sections[0]);
    expect(next.fields[100]).toBe(form.fields[100]);
  });
});

describe('drop rules', () => {
  it('refuses object fields and plain fields in table areas, and tables outside them', () => {
    expect(canDrop({ kind: 'object' }, true)).toBe('object-field-into-table-area');
    expect(canDrop({ kind: 'text' }, true)).toBe('field-into-table-area');
    expect(canDrop({ kind: 'table' }, false)).toBe('table-between-areas');
    expect(canDrop({ kind: 'table' }, true)).toBeNull();
    expect(canDrop({ kind: 'object' }, false)).toBeNull();
  });

  it('a table moves within its own table area, never into another section', () => {
    let form = addSection(emptyForm());
    form = addField(form, 0, createField(form, general('table')));
    form = addField(form, 0, createField(form, general('table')));
    expect(canMove(form, 100, 1, true)).toBe('table-to-other-section');
    expect(moveField(form, 100, 1, 'end')).toBe(form);
    expect(canMove(form, 100, 0, true)).toBeNull();
    expect(moveField(form, 200, 0, { row: -1, index: 0 }).sections[0]!.tables).toEqual([200, 100]);
  });
  it('tables land in the table area with a default 3x3 table', () => {
    const form = withFields(0);
    const table = createField(form, general('table'));
    const next = addField(form, 0, table);
    expect(next.sections[0]!.tables).toEqual([100]);
    expect(table.key).toBe('G_Table_1');
    expect(table.definition?.relationshipName).toBe('G_Table_1__r');
    expect(Object.keys((table.definition?.items as { properties: object }).properties)).toEqual([
      'C1',
      'C2',
      'C3',
    ]);
    expect(table.options).toMatchObject({ rowsCount: 3, columnWidth: { C1: 250, C2: 250, C3: 250 } });
  });
});

describe('palette state', () => {
  it('greys an object field once dropped and frees it when removed', () => {
    let form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
    const f = createField(form, objectItem);
    form = addField(form, 0, f);
    expect([...draggedPaletteIds(form)]).toEqual([objectItem.id]);
    expect(withDragState(objectItem, draggedPaletteIds(form)).isDragged).toBe(true);
    expect(isReusable(objectItem)).toBe(false);
    form = removeField(form, f.id);
    expect(draggedPaletteIds(form).size).toBe(0);
  });

  it('greys a General item while a field of its kind is on the canvas; it still drops again', () => {
    let form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
    const text = general('text');
    expect(withDragState(text, draggedPaletteIds(form)).isDragged).toBe(false);
    const a = createField(form, text);
    form = addField(form, 0, a);
    const b = createField(form, text);
    form = addField(form, 0, b);
    form = addField(form, 0, createField(form, general('table')));
    expect([...draggedPaletteIds(form)].sort()).toEqual(['general:table', 'general:text']);
    expect(withDragState(text, draggedPaletteIds(form)).isDragged).toBe(true);
    expect(isReusable(text)).toBe(true);
    // Back to not dragged only when the last field of its kind is removed.
    form = removeField(form, a.id);
    expect(draggedPaletteIds(form).has('general:text')).toBe(true);
    form = removeField(form, b.id);
    expect(draggedPaletteIds(form).has('general:text')).toBe(false);
    // The item unchanged when its state is: the palette's memoized entries keep it.
    expect(withDragState(text, draggedPaletteIds(form))).toBe(text);
  });
});

describe('sections', () => {
  it('deleting a section removes its fields, tables and documents and renumbers later ones', () => {
    let form = addSection(addSection(withFields(2)));
    form = addField(form, 1, createField(form, general('table')));
    form = addDocument(form, 1, 'a0X000000000001AAA', { key: 'a0X000000000001AAA', type: 'DOCUMENTS' });
    form = addDocument(form, 2, 'a0X000000000002AAA', { key: 'a0X000000000002AAA', type: 'DOCUMENTS' });
    form = deleteSection(form, 1);
    expect(form.sections.map((s) => [s.sectionId, s.title])).toEqual([
      ['section-1', 'Section 1'],
      ['section-2', 'Section 2'],
    ]);
    expect(Object.keys(form.fields)).toEqual(['100', '200']);
    expect(form.queries).toEqual([{ key: 'a0X000000000002AAA', type: 'DOCUMENTS', sectionId: 'section-2' }]);
  });
});

describe('signatures', () => {
  it('adds and removes signatures', () => {
    let form = addSignature(withFields(0), 'Inspector');
    form = addSignature(form, 'Supervisor');
    expect(form.signatures).toEqual([{ Purpose: 'Inspector' }, { Purpose: 'Supervisor' }]);
    form = removeSignature(removeSignature(form, 0), 0);
    expect(form.signatures).toEqual([]);
  });
});
