// A table's Edit (API name, Required, Read Only): the model change and what the saved JSON carries.
import { describe, expect, it } from 'vitest';
import {
  BUILDER_EDITOR_MESSAGES as M,
  missingRequiredFields,
  type FormJsonSchema,
  type UISchemaElement,
} from 'shared-contracts';
import { checkSubmission } from 'form-core/submission';
import { takenNames, validateTableApiName } from './api-name';
import { createField } from './field-factory';
import { namesInUse } from './ids';
import { addField, updateField } from './layout';
import { generalPalette } from './palette';
import { emptyForm, fromFormJson } from './reader';
import {
  relationshipFollows,
  tableOf,
  withTable,
  withTableSettings,
  type TableSettings,
} from './table-field';
import type { BuilderForm, CanvasField } from './types';
import { toFormJson, type Json } from './writer';

const item = (kind: string) => generalPalette().find((p) => p.general === kind)!;

function withTables(): BuilderForm {
  let form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c', primaryLabel: 'Inspection' });
  for (const kind of ['text', 'table', 'table']) form = addField(form, 0, createField(form, item(kind)));
  return form;
}
const tableId = (form: BuilderForm, key: string): number =>
  Object.values(form.fields).find((f) => f.key === key)!.id;

function edit(form: BuilderForm, key: string, s: TableSettings): BuilderForm {
  const id = tableId(form, key);
  const f = form.fields[id]!;
  return updateField(form, id, withTableSettings(f, s, takenNames(namesInUse(form, id))));
}

const rel = (f: CanvasField | undefined) => f?.definition?.relationshipName;

describe('validateTableApiName', () => {
  const taken = takenNames(['CQ_Form_Text_Field', 'G_Table_2', 'G_Table_2__r']);
  it('applies the field API-name rules', () => {
    expect(validateTableApiName('', undefined, taken)).toBe(M.apiNameRequired);
    expect(validateTableApiName('1abc', undefined, taken)).toBe(M.apiNameInvalid);
    expect(validateTableApiName('x'.repeat(49), undefined, taken)).toBe(M.apiNameTooLong);
    expect(validateTableApiName('cq_form_text_field', undefined, taken)).toBe(M.duplicateApiName);
    expect(validateTableApiName('G_Table_2__r', undefined, taken)).toBe(M.duplicateApiName);
    expect(validateTableApiName('Parts', undefined, taken)).toBeUndefined();
  });
  it('refuses the table’s own kept relationship name', () => {
    expect(validateTableApiName('Parts__r', 'Parts__r', taken)).toBe(M.sameApiAndRelationshipName);
    expect(validateTableApiName('Parts', 'Parts__r', taken)).toBeUndefined();
  });
});

describe('withTableSettings', () => {
  it('renames the table: key, $ref, definition, tableId option; a default relationship name follows', () => {
    const form = edit(withTables(), 'G_Table_1', { apiName: 'Parts', required: false, readOnly: false });
    const t = form.fields[tableId(form, 'Parts')]!;
    expect(t.schema.$ref).toBe('#/definitions/Parts');
    expect(t.options.tableId).toBe('Parts');
    expect(rel(t)).toBe('Parts__r');
    expect(tableOf(t).columns.map((c) => c.title)).toEqual(['Column 1', 'Column 2', 'Column 3']);
  });

  it('keeps a relationship name edited by hand', () => {
    let form = withTables();
    const id = tableId(form, 'G_Table_1');
    form = updateField(form, id, withTable(form.fields[id]!, tableOf(form.fields[id]!), 'Spares__r'));
    expect(relationshipFollows(form.fields[id]!)).toBe(false);
    form = edit(form, 'G_Table_1', { apiName: 'Parts', required: false, readOnly: false });
    expect(rel(form.fields[id])).toBe('Spares__r');
  });

  it('a following relationship name stays unique', () => {
    let form = withTables();
    const id = tableId(form, 'G_Table_2');
    form = updateField(form, id, withTable(form.fields[id]!, tableOf(form.fields[id]!), 'Parts__r'));
    form = edit(form, 'G_Table_1', { apiName: 'Parts', required: false, readOnly: false });
    expect(rel(form.fields[tableId(form, 'Parts')])).toBe('Parts_2__r');
  });
});

describe('a required / read-only table in the saved JSON', () => {
  const saved = () =>
    toFormJson(edit(withTables(), 'G_Table_1', { apiName: 'Parts', required: true, readOnly: true }));

  it('required puts the table in General’s required list; read-only in readOnly with the disable rule', () => {
    const json = saved();
    const schema = json.schema as { properties: Record<string, { required: string[] }>; definitions: Json };
    expect(schema.properties.General!.required).toEqual(['Parts']);
    expect(json.readOnly).toEqual(['Parts']);
    expect(Object.keys(schema.definitions).sort()).toEqual(['G_Table_2', 'Parts']);
    expect(json.sectionsInfo).toMatchObject({
      'section-1': { tables: [{ tableId: 'Parts' }, { tableId: 'G_Table_2' }] },
    });
    const text = JSON.stringify(json.ui);
    expect(text).toMatch(/"type":"table","scope":"#\/properties\/General\/properties\/Parts"[^}]*/);
    const table =
      /\{"type":"table","scope":"#\/properties\/General\/properties\/Parts".*?"rule":(\{.*?\}\})/.exec(text);
    expect(table?.[1]).toContain('"effect":"DISABLE"');
  });

  it('reads back with its name, Required and Read Only', () => {
    const form = fromFormJson(saved());
    const t = Object.values(form.fields).find((f) => f.key === 'Parts')!;
    expect(t).toMatchObject({ kind: 'table', required: true, readOnly: true });
    expect(rel(t)).toBe('Parts__r');
    const u = Object.values(form.fields).find((f) => f.key === 'G_Table_2')!;
    expect(u).toMatchObject({ required: false, readOnly: false });
  });

  it('clearing both takes the table out of the lists and drops the rule', () => {
    const once = fromFormJson(saved());
    const json = toFormJson(edit(once, 'Parts', { apiName: 'Parts', required: false, readOnly: false }));
    const schema = json.schema as { properties: Record<string, { required: string[] }> };
    expect(schema.properties.General!.required).toEqual([]);
    expect(json.readOnly).toEqual([]);
    expect(JSON.stringify(json.ui)).not.toContain('DISABLE');
  });
});

describe('the saved table on the form screen’s Save check (shared validation)', () => {
  const check = (s: TableSettings, data: unknown) => {
    const json = toFormJson(edit(withTables(), 'G_Table_1', s));
    return checkSubmission({
      schema: json.schema as FormJsonSchema,
      ui: json.ui as UISchemaElement,
      readOnlyFields: json.readOnly as string[],
      data,
    });
  };
  const filled = { General: { Parts: [{ C1: 'bolt' }] } };

  it('a required table with no row filled is missing; one filled row satisfies it', () => {
    const settings = { apiName: 'Parts', required: true, readOnly: false };
    expect(check(settings, {}).messages).toEqual([missingRequiredFields('Table 1')]);
    expect(check(settings, { General: { Parts: [{ C1: ' ' }] } }).messages).toEqual([
      missingRequiredFields('Table 1'),
    ]);
    expect(check(settings, filled).ok).toBe(true);
  });

  it('a required table that is also read-only is exempt; an optional table is never missing', () => {
    expect(check({ apiName: 'Parts', required: true, readOnly: true }, {}).ok).toBe(true);
    expect(check({ apiName: 'Parts', required: false, readOnly: false }, {}).ok).toBe(true);
  });
});
