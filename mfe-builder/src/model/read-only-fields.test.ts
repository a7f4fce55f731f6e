import { describe, expect, it } from 'vitest';
import { createField } from './field-factory';
import { objectPalette } from './palette';
import { emptyForm } from './reader';
import { toFormJson } from './writer';

const PRIMARY = 'cqext__SQX_Inspection__c';

describe('fields the org computes (formula, roll-up, audit)', () => {
  const items = objectPalette(
    PRIMARY,
    [
      { name: 'cqext__Score__c', label: 'Score', type: 'double', updateable: false, required: true },
      {
        name: 'CreatedById',
        label: 'Created By',
        type: 'reference',
        referenceTo: ['User'],
        updateable: false,
      },
      { name: 'cqext__Notes__c', label: 'Notes', type: 'string', updateable: true },
    ],
    false,
  );

  it('are offered, and say they are read-only', () => {
    expect(items.map((i) => i.label)).toEqual(['Score (read-only)', 'Created By (read-only)', 'Notes']);
  });

  it('are placed read-only (never required) and saved in the read-only list', () => {
    let form = emptyForm({ cqFormType: PRIMARY });
    const score = createField(form, items[0]!);
    expect(score).toMatchObject({ readOnly: true, required: false, schema: { title: 'Score' } });
    form = { ...form, fields: { [score.id]: score } };
    form = { ...form, sections: [{ ...form.sections[0]!, rows: [[score.id]] }] };
    const notes = createField(form, items[2]!);
    expect(notes.readOnly).toBe(false);
    const json = toFormJson(form) as { readOnly: string[] };
    expect(json.readOnly).toEqual(['cqext__Score__c']);
  });
});
