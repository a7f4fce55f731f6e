// Key prefixes and record type ids are the org's to give on first deploy and stay with their object:
// a later deploy of other objects (sorting before them) changes none of them.
import { describe, expect, it } from 'vitest';
import { mergeObjects } from '../src/metadata/deploy-metadata.js';
import { standardObjects } from '../src/metadata/objects.js';
import { type CustomObjectMd, customSchema, withOrgIds } from '../src/metadata/sfdx.js';

const object = (name: string, recordTypes: string[] = []): CustomObjectMd => ({
  fullName: name,
  label: name,
  pluralLabel: name,
  nameField: { label: 'Name', type: 'Text' },
  fields: [],
  recordTypes: recordTypes.map((fullName) => ({ fullName, label: fullName, active: 'true' })),
  validationRules: [],
});

const ids = (mds: CustomObjectMd[]) =>
  Object.fromEntries(
    customSchema(mds, standardObjects, 'cqext').objects.map((o) => [
      o.name,
      [o.keyPrefix, ...(o.recordTypes ?? []).map((r) => r.id)],
    ]),
  );

describe('ids the org gives', () => {
  it('stay with their object and record type when later deploys add others', () => {
    const first = withOrgIds([object('Zeta__c', ['Z_Type'])], standardObjects, 'cqext');
    const before = ids(first)['cqext__Zeta__c'];
    const second = withOrgIds(
      mergeObjects(first, [object('Alpha__c', ['A_Type']), object('Zeta__c', ['Z_Type'])]),
      standardObjects,
      'cqext',
    );
    const after = ids(second);
    expect(after['cqext__Zeta__c']).toEqual(before);
    expect(after['cqext__Alpha__c']?.[0]).not.toBe(before?.[0]);
    expect(after['cqext__Alpha__c']?.[1]).not.toBe(before?.[1]);
  });
});
