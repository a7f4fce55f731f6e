import { describe, expect, it } from 'vitest';
import type { OrgObjectInfo as OrgObject, ParentLookup } from 'shared-contracts';
import { toObjectChoice, validateObjectChoice } from './object-choice';
import { TEXTS } from './texts';

const objects: OrgObject[] = [{ name: 'cqext__SQX_Inspection__c', label: 'Inspection' }];
const parents: ParentLookup[] = [
  {
    field: 'cqext__Account__c',
    label: 'Account',
    relationshipName: 'cqext__Account__r',
    referenceTo: ['Account'],
  },
];

describe('object choice', () => {
  it('needs a primary object from the list; the context is optional but must be offered', () => {
    expect(validateObjectChoice({ primary: '', context: '' }, objects, [])).toEqual({
      primary: TEXTS.choosePrimary,
      context: undefined,
    });
    expect(validateObjectChoice({ primary: 'Account', context: '' }, objects, []).primary).toBe(
      TEXTS.choosePrimary,
    );
    expect(validateObjectChoice({ primary: objects[0]!.name, context: '' }, objects, parents)).toEqual({});
    expect(validateObjectChoice({ primary: objects[0]!.name, context: 'Nope__c' }, objects, parents)).toEqual(
      { context: TEXTS.unknownContext },
    );
  });

  it('gives the primary and the context object through its lookup', () => {
    expect(toObjectChoice({ primary: 'x', context: '' }, objects, parents)).toBeNull();
    expect(toObjectChoice({ primary: objects[0]!.name, context: '' }, objects, parents)).toEqual({
      primary: objects[0],
      context: null,
    });
    expect(
      toObjectChoice({ primary: objects[0]!.name, context: 'cqext__Account__c' }, objects, parents),
    ).toEqual({
      primary: objects[0],
      context: { object: { name: 'Account', label: 'Account' }, relationshipName: 'cqext__Account__r' },
    });
  });
});
