// Controlled documents of safety inspections (builder spec sections 1, 3 "Query entry", 8).
import type { FormQuery } from 'shared-contracts';

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
    objectType: `${ns}__SQX_Controlled_Document__c`,
    fields: ['Id', 'Name', `${ns}__Title__c`, `${ns}__Document_Number__c`],
    filter: { field: 'Name', operator: 'eq', value: doc.Name },
    relationships: [
      {
        relationshipName: `${ns}__Sections__r`,
        fields: ['Id', 'Name', `${ns}__Section_Title__c`, `${ns}__Order__c`],
      },
      {
        relationshipName: `${ns}__Questions__r`,
        fields: ['Id', 'Name', `${ns}__Question__c`, `${ns}__Section__c`],
      },
    ],
    mappingData: {},
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
  return { sections: count(`${ns}__Sections__r`), questions: count(`${ns}__Questions__r`) };
}
