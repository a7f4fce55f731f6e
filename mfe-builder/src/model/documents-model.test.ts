import { describe, expect, it } from 'vitest';
import { type FormDefinition } from 'shared-contracts';
import { applyStartingData, checklistSections } from 'form-core';
import { documentQuery } from '../builder/documents';
import { createField } from './field-factory';
import { addDocument, addSection, deleteSection, removeDocument, setDocumentData } from './layout';
import { objectPalette } from './palette';
import { decodeSavedForm, emptyForm } from './reader';
import { toBase64, toFormJson } from './writer';

const DOC = { Id: 'a0J000000000001AAA', Name: 'DOC-0001' };
const loaded = [
  {
    Id: DOC.Id,
    Name: 'DOC-0001',
    cqext__Sections__r: [{ Id: 'S1', cqext__Section_Title__c: 'General Conditions', cqext__Order__c: 1 }],
    cqext__Questions__r: [
      {
        Id: 'Q1',
        cqext__Question__c: 'Exits clear?',
        cqext__Question_Type__c: 'Radio',
        cqext__Result_Type__c: 'Color Code',
        cqext__Options__c: 'Pass|Pass|green-white\nFail|Fail|red-white',
        cqext__Section__c: 'S1',
      },
    ],
  },
];

const withDocument = () => {
  let form = emptyForm({ cqFormType: 'cqext__SQX_Safety_Inspection__c' });
  form = addSection(form);
  form = addDocument(form, 1, DOC.Id, documentQuery('cqext', DOC, 'ignored'));
  return setDocumentData(form, DOC.Id, loaded);
};

describe('RecordTypeId', () => {
  it('is a choice of record type by name, stored as the record type Id, not an id or lookup field', () => {
    const form = emptyForm({ cqFormType: 'cqext__SQX_Controlled_Document__c' });
    const [item] = objectPalette(
      'cqext__SQX_Controlled_Document__c',
      [
        {
          name: 'RecordTypeId',
          label: 'Record Type ID',
          type: 'reference',
          referenceTo: ['RecordType'],
          recordTypes: [
            { id: '012000000000001AAA', name: 'Safety Inspection Criteria' },
            { id: '012000000000002AAA', name: 'Standard Document' },
          ],
        },
      ],
      false,
    );
    expect(item?.isReferenceField).toBe(false);
    const field = createField(form, item!);
    expect(field.uiType).toBe('select');
    expect(field.schema.oneOf).toEqual([
      { const: '012000000000001AAA', title: 'Safety Inspection Criteria' },
      { const: '012000000000002AAA', title: 'Standard Document' },
    ]);
  });
});

describe('a dropped document in the saved form', () => {
  it('saves the query with its sectionId and mappingData, and what it loaded; reads both back', () => {
    const json = toFormJson(withDocument());
    const queries = json.queries as FormDefinition['queries'];
    expect(queries).toEqual([
      expect.objectContaining({
        type: 'DOCUMENTS',
        key: DOC.Id,
        sectionId: 'section-2',
        filter: { field: 'Name', operator: 'eq', value: 'DOC-0001' },
        mappingData: {
          sections: 'cqext__Sections__r',
          questions: 'cqext__Questions__r',
          questionSection: 'cqext__Section__c',
          answers: 'Checklist',
        },
      }),
    ]);
    expect(queries?.[0]?.fields).toEqual(['Id', 'Name', 'cqext__Title__c', 'cqext__Document_Number__c']);
    expect(json.startingData).toEqual({ [DOC.Id]: loaded });
    const back = decodeSavedForm(toBase64(JSON.stringify(json)));
    expect(back.startingData).toEqual({ [DOC.Id]: loaded });
    expect(toFormJson(back).queries).toEqual(queries);
  });

  it('the preview draws its sections and questions after the section it was dropped into', () => {
    const def = toFormJson(withDocument()) as unknown as FormDefinition;
    const shown = applyStartingData(def, def.startingData);
    const ids = (shown.ui as { elements: { sectionId?: string; type: string }[] }).elements.map(
      (e) => e.sectionId ?? e.type,
    );
    expect(ids).toEqual(['quicklinks', 'section-1', 'section-2', 'S1']);
    expect(checklistSections(def, def.startingData)[0]?.questions[0]?.type).toBe('Radio');
  });

  it('removing the document, or its section, removes its query and its sections and questions', () => {
    for (const gone of [removeDocument(withDocument(), DOC.Id), deleteSection(withDocument(), 1)]) {
      const json = toFormJson(gone);
      expect(json.queries).toEqual([]);
      expect(json.startingData).toEqual({});
      expect(gone.startingData?.[DOC.Id]).toBeUndefined();
    }
  });

  it('data for a document that is no longer on the form is not kept', () => {
    const form = removeDocument(withDocument(), DOC.Id);
    expect(setDocumentData(form, DOC.Id, loaded)).toBe(form);
  });
});
