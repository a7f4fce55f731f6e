// Controlled documents of safety inspections (builder spec sections 1, 3 "Query entry", 8).
import type { FormQuery } from 'shared-contracts';
import { nsName } from 'shared-contracts';
import { CHECKLIST_KEY } from 'form-core';

/** A safety-inspection form is recognised by the name of its object. */
export const isSafetyInspection = (objectName: string) => /safety_?inspection/i.test(objectName);

export interface DocumentRecord {
  Id: string;
  Name: string;
  [field: string]: unknown;
}

/** The query entry that pulls a document with its sections and questions through startingData. */
export function documentQuery(
  ns: string,
  doc: DocumentRecord,
  sectionId: string,
): FormQuery & { relationships: unknown } {
  return {
    type: 'DOCUMENTS',
    key: doc.Id,
    sectionId,
    objectType: nsName(ns, 'SQX_Controlled_Document__c'),
    fields: ['Id', 'Name', nsName(ns, 'Title__c'), nsName(ns, 'Document_Number__c')],
    filter: { field: 'Name', operator: 'eq', value: doc.Name },
    relationships: [
      {
        relationshipName: nsName(ns, 'Sections__r'),
        fields: ['Id', 'Name', nsName(ns, 'Section_Title__c'), nsName(ns, 'Order__c')],
      },
      {
        relationshipName: nsName(ns, 'Questions__r'),
        // What the form screen needs to draw each question (form-core checklist.ts).
        fields: [
          'Id',
          'Name',
          nsName(ns, 'Question__c'),
          nsName(ns, 'Section__c'),
          nsName(ns, 'Question_Type__c'),
          nsName(ns, 'Result_Type__c'),
          nsName(ns, 'Options__c'),
          nsName(ns, 'Order__c'),
          nsName(ns, 'Required__c'),
        ],
      },
    ],
    // Where the form finds the checklist in what the query loads, and where the answers go
    // (form-core checklist.ts reads the same names, with or without the namespace).
    mappingData: {
      sections: nsName(ns, 'Sections__r'),
      questions: nsName(ns, 'Questions__r'),
      questionSection: nsName(ns, 'Section__c'),
      answers: CHECKLIST_KEY,
    },
  };
}

/** Sections and questions counted from a startingData answer, or null when the document did not load. */
export function documentSummary(
  ns: string,
  data: Record<string, unknown>,
  key: string,
): { sections: number; questions: number } | null {
  const rows = data[key];
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const doc = rows[0] as Record<string, unknown>;
  const count = (rel: string) => {
    const sub = doc[rel] as { records?: unknown[] } | unknown[] | null | undefined;
    if (Array.isArray(sub)) return sub.length;
    return sub?.records?.length ?? 0;
  };
  return { sections: count(nsName(ns, 'Sections__r')), questions: count(nsName(ns, 'Questions__r')) };
}
