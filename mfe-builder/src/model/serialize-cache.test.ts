import { describe, expect, it } from 'vitest';
import { createField } from './field-factory';
import { addField, updateField } from './layout';
import { generalPalette } from './palette';
import { emptyForm } from './reader';
import { serializeForm, toFormJson } from './writer';

describe('serializeForm per snapshot', () => {
  const text = generalPalette().find((p) => p.general === 'text')!;
  const form = addField(
    emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' }),
    0,
    createField(emptyForm(), text),
  );

  it('gives each form object its own serialization, read back for the same object', () => {
    const first = serializeForm(form);
    expect(first).toBe(JSON.stringify(toFormJson(form)));
    expect(serializeForm(form)).toBe(first);
    const edited = updateField(form, 100, { required: true });
    const second = serializeForm(edited);
    expect(second).not.toBe(first);
    expect(second).toBe(JSON.stringify(toFormJson(edited)));
    // An equal but distinct object serializes to the same text (exact comparison stays valid).
    expect(serializeForm({ ...form })).toBe(first);
  });
});
