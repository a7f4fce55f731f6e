import { describe, expect, it } from 'vitest';
import { BUILDER_EDITOR_MESSAGES, type FormRule } from 'shared-contracts';
import { hasValidation, validateDraft } from '../editors/field-draft';
import { takenNames } from '../model/api-name';
import { createField } from '../model/field-factory';
import { addField, addSection } from '../model/layout';
import { generalPalette, objectPalette } from '../model/palette';
import { emptyForm, fromFormJson } from '../model/reader';
import { toFormJson, type Json } from '../model/writer';
import { applyDraft, draftOf, ruleFieldsOf } from './field-draft-bridge';

const item = (kind: string) => generalPalette().find((p) => p.general === kind)!;

function form() {
  let f = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
  for (const kind of ['yesno', 'text', 'blank']) f = addField(f, 0, createField(f, item(kind)));
  f = addSection(f);
  f = addField(f, 1, createField(f, item('date')));
  return f;
}

const visibleWhenYes: FormRule = {
  type: 'visible',
  conditions: [{ field: 'General.CQ_Form_Yes_No_Field', operator: '==', value: 'YES' }],
};

describe('field draft bridge', () => {
  it("a field's API name follows its label until the name is edited by hand, also after a save", () => {
    const f = form();
    const text = f.fields[200]!;
    expect(text.key).toBe('CQ_Form_Text_Field');
    expect(draftOf(text).isNew).toBe(true);
    // Renamed through the modal (which derives the name while isNew): still following.
    const renamed = applyDraft(text, {
      ...draftOf(text),
      label: 'Serial No.',
      apiName: 'CQ_Form_Serial_No_',
    });
    expect(draftOf(renamed).isNew).toBe(true);
    // A unique suffix keeps following; a name typed by hand does not; object fields never do.
    expect(draftOf({ ...renamed, key: 'CQ_Form_Serial_No_2' }).isNew).toBe(true);
    const handEdited = applyDraft(renamed, { ...draftOf(renamed), apiName: 'CQ_Serial' });
    expect(draftOf(handEdited).isNew).toBeUndefined();
    expect(draftOf({ ...text, kind: 'object', key: 'cqext__Notes__c' }).isNew).toBeUndefined();
  });

  it('writes the edited rules to the control, read-only as the disable rule beside them', () => {
    const f = form();
    const text = f.fields[200]!;
    const edited = applyDraft(text, { ...draftOf(text), rules: [visibleWhenYes], readOnly: true });
    expect(edited.rules).toEqual([visibleWhenYes, { type: 'readonly' }]);
    expect(edited.readOnly).toBe(true);

    // The saved JSON carries them on the control; reading it back gives the same draft.
    const json = toFormJson({ ...f, fields: { ...f.fields, 200: edited } });
    const back = fromFormJson(json as Json).fields[200]!;
    expect(back.rules).toEqual(edited.rules);
    const draft = draftOf(back);
    expect(draft.rules).toEqual([visibleWhenYes]);
    expect(draft.readOnly).toBe(true);

    // Read-only off and no rules: no rules key at all (the form JSON stays as before).
    const cleared = applyDraft(back, { ...draft, rules: [], readOnly: false });
    expect(cleared).not.toHaveProperty('rules');
    expect(cleared.readOnly).toBe(false);
  });

  it('keeps the rules when the draft carries none (a modal without the rule editor)', () => {
    const text = { ...form().fields[200]!, rules: [visibleWhenYes] };
    const { rules: _none, ...draft } = draftOf(text);
    expect(applyDraft(text, draft).rules).toEqual([visibleWhenYes]);
  });

  it('offers every field but blanks as data paths, in canvas order', () => {
    expect(ruleFieldsOf(form())).toEqual([
      { path: 'General.CQ_Form_Yes_No_Field', label: 'Yes/No Field (Section 1)' },
      { path: 'General.CQ_Form_Text_Field', label: 'Text Field (Section 1)' },
      { path: 'General.CQ_Form_Date_Field', label: 'Date Field (Section 2)' },
    ]);
  });
});

describe('object fields chosen from values (picklists, RecordTypeId)', () => {
  const recordType = () => {
    const f = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
    const [rt] = objectPalette(
      'cqext__SQX_Inspection__c',
      [
        {
          name: 'RecordTypeId',
          label: 'Record Type',
          type: 'reference',
          recordTypes: [
            { id: '012000000000001AAA', name: 'Audit' },
            { id: '012000000000002AAA', name: 'Walk' },
          ],
        },
      ],
      false,
    );
    return createField(f, rt!);
  };

  it('take a default by title, checked against the values, stored as the value (a record type by name, its Id saved)', () => {
    const field = recordType();
    const draft = draftOf(field);
    expect(hasValidation(draft)).toBe(false);
    expect(validateDraft({ ...draft, defaultValue: '012000000000002AAA' }, takenNames([]))).toMatchObject({
      defaultValue: BUILDER_EDITOR_MESSAGES.dropdownDefaultPlaceholder,
    });
    expect(validateDraft({ ...draft, defaultValue: 'Walk' }, takenNames([])).defaultValue).toBeUndefined();
    const saved = applyDraft(field, { ...draft, defaultValue: 'Walk' });
    expect(saved.schema.default).toBe('012000000000002AAA');
    expect(draftOf(saved).defaultValue).toBe('Walk');
  });
});
