import { describe, expect, it } from 'vitest';
import { createField } from './field-factory';
import { addField, addSection, addSignature, removeSignature, setFiles, updateField } from './layout';
import { generalPalette, objectPalette } from './palette';
import { decodeSavedForm, emptyForm, fromFormJson } from './reader';
import { fromBase64, serializeForm, toBase64, toFormJson, type Json } from './writer';
import type { BuilderForm } from './types';

const item = (kind: string) => generalPalette().find((p) => p.general === kind)!;
const PRIMARY = 'cqext__SQX_Inspection__c';

function sample(): BuilderForm {
  let form = emptyForm({
    cqFormType: PRIMARY,
    primaryLabel: 'Inspection',
    contextObject: 'Account',
    contextLabel: 'Account',
  });
  for (const kind of ['dropdown', 'text', 'date', 'yesno', 'blank', 'table'])
    form = addField(form, 0, createField(form, item(kind)));
  form = addSection(form);
  const notes = objectPalette(
    PRIMARY,
    [{ name: 'cqext__Notes__c', label: 'Notes', type: 'string', length: 255 }],
    false,
  )[0]!;
  const site = objectPalette('Account', [{ name: 'Name', label: 'Account Name', type: 'string' }], true)[0]!;
  form = addField(form, 1, createField(form, notes));
  form = addField(form, 1, createField(form, site));
  form = updateField(form, 200, { required: true, readOnly: true });
  form = addSignature(form, 'Inspector');
  form = setFiles(form, true);
  return form;
}

describe('toFormJson', () => {
  it('writes every field of builder spec section 3', () => {
    const json = toFormJson(sample());
    for (const key of [
      'cqFormType',
      'contextObject',
      'contextObjectRelationshipName',
      'cqFormObjectSchema',
      'schema',
      'ui',
      'styles',
      'data',
      'signatures',
      'sectionsInfo',
      'draggedItems',
      'readOnly',
      'Files',
      'version',
      'nextaction',
      'queries',
      'lookupCache',
      'formBuilderData',
      'formBuilderGridPerSection',
      'objectSelection',
    ])
      expect(json, key).toHaveProperty(key);
    expect(json.version).toBe('2.0.0');
    expect(json.nextaction).toEqual({ cqext__Activity_Code__c: 'submit' });
    expect(json.signatures).toEqual([{ Purpose: 'Inspector' }]);
    expect(json.readOnly).toEqual(['CQ_Form_Text_Field']);
    expect(json.draggedItems).toEqual([`${PRIMARY}.cqext__Notes__c`, 'Account.Name']);
    expect(json.sectionsInfo).toMatchObject({ 'section-1': { tables: [{ tableId: 'G_Table_1' }] } });
    const schema = json.schema as {
      properties: Record<string, { required: string[]; properties: Json }>;
      definitions: Json;
    };
    expect(schema.properties.General!.required).toEqual(['CQ_Form_Text_Field']);
    expect(schema.properties.General!.properties.CQ_Form_Text_Field).toMatchObject({
      type: 'string',
      maxLength: 255,
    });
    expect(schema.properties.General!.properties.CQ_Form_Date_Field).toMatchObject({ format: 'date-time' });
    expect(schema.properties.General!.properties.G_Table_1).toMatchObject({
      format: 'table',
      $ref: '#/definitions/G_Table_1',
    });
    expect(schema.definitions.G_Table_1).toMatchObject({ type: 'array', relationshipName: 'G_Table_1__r' });
    expect(schema.properties[PRIMARY]!.properties).toHaveProperty('cqext__Notes__c');
    expect(schema.properties.Account!.properties).toHaveProperty('Name');
  });

  it('lays sections out as rows of at most 2, signatures group then Files last', () => {
    const ui = toFormJson(sample()).ui as {
      elements: Array<{
        type: string;
        sectionId?: string;
        elements?: Array<{ elements: Array<{ type: string; elements?: unknown[] }> }>;
      }>;
    };
    expect(ui.elements.map((e) => e.type)).toEqual(['Section', 'Section', 'Group', 'genericfileupload']);
    const rows = ui.elements[0]!.elements![0]!.elements;
    expect(rows.map((r) => r.type)).toEqual([
      'HorizontalLayout',
      'HorizontalLayout',
      'HorizontalLayout',
      'table',
    ]);
    expect(rows.slice(0, 3).map((r) => r.elements!.length)).toEqual([2, 2, 1]);
  });

  it('read-only adds a disable rule to the control', () => {
    const json = JSON.stringify(toFormJson(sample()));
    expect(json).toContain('"rule":{"effect":"DISABLE"');
  });

  it('drops the signatures group and Files when removed', () => {
    const form = setFiles(removeSignature(sample(), 0), false);
    const json = toFormJson(form);
    expect(json).not.toHaveProperty('Files');
    expect((json.ui as { elements: Array<{ type: string }> }).elements.map((e) => e.type)).toEqual([
      'Section',
      'Section',
    ]);
  });
});

describe('round trip', () => {
  it('reads back the same canvas, and writes the same JSON', () => {
    const form = sample();
    const text = serializeForm(form);
    const back = decodeSavedForm(toBase64(text));
    // What it was read from is kept beside the canvas (`source`, `row`); the canvas itself is the same.
    const canvas = (f: BuilderForm) => ({
      sections: f.sections.map(({ source: _s, ...s }) => s),
      fields: Object.values(f.fields).map(({ source: _s, row: _r, ...field }) => field),
    });
    expect(canvas(back)).toEqual(canvas(form));
    expect(back.signatures).toEqual(form.signatures);
    expect(back.files).toBe(true);
    expect(serializeForm(back)).toBe(text);
  });
  it('base64 keeps non-Latin text', () => {
    expect(fromBase64(toBase64('Prüfung ✓ 検査'))).toBe('Prüfung ✓ 検査');
  });
  it('writes control rules and the layout events, and reads them back', () => {
    const rule = {
      type: 'visible' as const,
      conditions: [{ field: 'General.CQ_Form_Yes_No_Field', operator: '==' as const, value: 'YES' }],
    };
    const events = { afterSave: { redirectTo: '/' } };
    const form = { ...updateField(sample(), 200, { rules: [rule] }), events };
    const json = toFormJson(form) as { ui: { events?: unknown } };
    expect(json.ui.events).toEqual(events);
    expect(JSON.stringify(json)).toContain(JSON.stringify({ rules: [rule] }).slice(1, -1));
    const back = fromFormJson(json as Json);
    expect(back.fields[200]!.rules).toEqual([rule]);
    expect(back.events).toEqual(events);
    expect(serializeForm(back)).toBe(serializeForm(form));
  });
  it('keeps keys it does not model', () => {
    const json = { ...toFormJson(sample()), customKey: { a: 1 } };
    expect(toFormJson(fromFormJson(json)).customKey).toEqual({ a: 1 });
  });
  it("names the activity field in the org's namespace when the JSON has none", () => {
    const { nextaction: _dropped, ...json } = toFormJson(sample()) as Json;
    expect(fromFormJson(json).meta.activityField).toBe('cqext__Activity_Code__c');
    expect(fromFormJson(json, '').meta.activityField).toBe('Activity_Code__c');
    expect(decodeSavedForm(toBase64(JSON.stringify(json)), '').meta.activityField).toBe('Activity_Code__c');
    // A JSON that names its field keeps it, whatever the org's namespace.
    const named = { ...json, nextaction: { Activity_Code__c: 'submit' } };
    expect(fromFormJson(named, 'cqext').meta.activityField).toBe('Activity_Code__c');
  });
});
