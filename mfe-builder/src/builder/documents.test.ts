import { describe, expect, it } from 'vitest';
import { documentQuery, documentSummary, isSafetyInspection } from './documents';

describe('documents', () => {
  it('recognises safety inspections by object name', () => {
    expect(isSafetyInspection('cqext__SQX_Safety_Inspection__c')).toBe(true);
    expect(isSafetyInspection('cqext__SQX_Inspection__c')).toBe(false);
  });
  it('builds a DOCUMENTS query filtered by Name', () => {
    const q = documentQuery('cqext', { Id: 'a0J000000000001AAA', Name: 'DOC-0001' }, 'section-2');
    expect(q).toMatchObject({
      type: 'DOCUMENTS',
      key: 'a0J000000000001AAA',
      sectionId: 'section-2',
      filter: { field: 'Name', operator: 'eq', value: 'DOC-0001' },
    });
  });
  it('summarises a loaded document and reports a missing one', () => {
    const data = {
      k: [
        {
          Id: '1',
          cqext__Sections__r: { records: [{}, {}] },
          cqext__Questions__r: { records: [{}, {}, {}] },
        },
      ],
    };
    expect(documentSummary('cqext', data, 'k')).toEqual({ sections: 2, questions: 3 });
    expect(documentSummary('cqext', { k: [] }, 'k')).toBeNull();
    expect(documentSummary('cqext', {}, 'k')).toBeNull();
  });
});
