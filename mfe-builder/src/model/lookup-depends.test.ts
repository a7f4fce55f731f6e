import { describe, expect, it } from 'vitest';
import { applyDraft, draftOf } from '../builder/field-draft-bridge';
import { validateDraft } from '../editors/field-draft';
import { takenNames } from './api-name';
import { createField } from './field-factory';
import { addField } from './layout';
import { DEPENDS_ON_TEXTS, dependsOnError, linkFieldsTo, lookupChoicesOf } from './lookup-depends';
import { generalPalette, objectPalette } from './palette';
import { emptyForm, fromFormJson } from './reader';
import { toFormJson, type Json } from './writer';
import type { ObjectField } from './types';

const OBJ = 'cqext__SQX_Inspection__c';
const fields: ObjectField[] = [
  { name: 'cqext__Account__c', label: 'Account', type: 'reference', referenceTo: ['Account'] },
  { name: 'cqext__Contact__c', label: 'Contact', type: 'reference', referenceTo: ['Contact'] },
  { name: 'cqext__Notes__c', label: 'Notes', type: 'string' },
];

function form() {
  const items = objectPalette(OBJ, fields, false);
  let f = emptyForm({ cqFormType: OBJ });
  for (const it of items) f = addField(f, 0, createField(f, it));
  f = addField(
    f,
    0,
    createField(
      f,
      generalPalette().find((p) => p.general === 'text')!,
    ),
  );
  return f;
}
const byKey = (f: ReturnType<typeof form>, key: string) =>
  Object.values(f.fields).find((x) => x.key === key)!;

describe('lookup dependsOn (builder spec section 3)', () => {
  it("offers the form's other lookups, not itself nor fields that are not lookups", () => {
    const f = form();
    const contact = byKey(f, 'cqext__Contact__c');
    expect(lookupChoicesOf(f, contact.id)).toEqual([
      { path: `${OBJ}.cqext__Account__c`, label: 'Account (Section 1)', lookupTo: 'Account' },
    ]);
  });

  it("offers the fields of the lookup's object that refer to the other lookup's object", () => {
    const contactFields: ObjectField[] = [
      { name: 'ReportsToId', label: 'Reports To', type: 'reference', referenceTo: ['Contact'] },
      { name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: ['Account'] },
      { name: 'Name', label: 'Name', type: 'string' },
    ];
    expect(linkFieldsTo(contactFields, 'Account').map((f) => f.name)).toEqual(['AccountId']);
    expect(linkFieldsTo(contactFields, 'User')).toEqual([]);
  });

  it('a lookup that depends on another needs the field that holds the record chosen there', () => {
    expect(dependsOnError({ lookupTo: 'Contact', dependsOn: `${OBJ}.cqext__Account__c` })).toBe(
      DEPENDS_ON_TEXTS.chooseLinkField('Contact'),
    );
    expect(
      dependsOnError({ lookupTo: 'Contact', dependsOn: 'x', dependsOnField: 'AccountId' }),
    ).toBeUndefined();
    expect(dependsOnError({ lookupTo: 'Contact' })).toBeUndefined();
    const f = form();
    const draft = { ...draftOf(byKey(f, 'cqext__Contact__c')), dependsOn: `${OBJ}.cqext__Account__c` };
    expect(validateDraft(draft, takenNames([])).dependsOnField).toBe(
      'Choose the field of Contact that holds the record chosen there.',
    );
  });

  it('is written on the lookup control as dependsOn and dependsOnField, read back, and removed', () => {
    const f = form();
    const contact = byKey(f, 'cqext__Contact__c');
    const draft = draftOf(contact);
    expect(draft).toMatchObject({ lookupTo: 'Contact', dependsOn: '', dependsOnField: '' });
    // Only lookups get the choice.
    expect(draftOf(byKey(f, 'cqext__Notes__c')).lookupTo).toBeUndefined();
    expect(draftOf(byKey(f, 'CQ_Form_Text_Field')).lookupTo).toBeUndefined();

    const edited = applyDraft(contact, {
      ...draft,
      dependsOn: `${OBJ}.cqext__Account__c`,
      dependsOnField: 'AccountId',
    });
    const json = toFormJson({ ...f, fields: { ...f.fields, [contact.id]: edited } }) as Json;
    const section = (json.ui as { elements: Json[] }).elements[0] as Json;
    const controls = JSON.stringify(section);
    expect(controls).toContain(
      `"lookupTo":"Contact","field":"cqext__Contact__c","valueField":"Id","titleField":"Name","isReferenceField":true,"dependsOn":"${OBJ}.cqext__Account__c","dependsOnField":"AccountId"`,
    );
    const back = fromFormJson(json);
    const reread = byKey(back, 'cqext__Contact__c');
    expect(draftOf(reread)).toMatchObject({
      dependsOn: `${OBJ}.cqext__Account__c`,
      dependsOnField: 'AccountId',
    });
    const cleared = applyDraft(reread, { ...draftOf(reread), dependsOn: '', dependsOnField: '' });
    expect(cleared.options.dependsOn).toBeUndefined();
    expect(cleared.options.dependsOnField).toBeUndefined();
  });
});
