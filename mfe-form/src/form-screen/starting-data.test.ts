import { describe, expect, it } from 'vitest';
import { apiError, callsOf, fakeHost } from 'test-kit';
import { type FormDefinition, type LocalSubmission } from 'shared-contracts';
import { contextRecord } from 'form-core';
import { withStartingData } from './starting-data';

const doc = (question: string) => ({
  Id: 'DOC1',
  Name: 'DOC-0001',
  cqext__Sections__r: { records: [{ Id: 'S1', cqext__Section_Title__c: 'General', cqext__Order__c: 1 }] },
  cqext__Questions__r: {
    records: [
      {
        Id: 'Q1',
        cqext__Question__c: question,
        cqext__Question_Type__c: 'Radio',
        cqext__Result_Type__c: 'Color Code',
        cqext__Options__c: 'Pass|Pass|green-white\nFail|Fail|red-white',
        cqext__Section__c: 'S1',
      },
    ],
  },
});

const formDef = (): FormDefinition => ({
  schema: { type: 'object', properties: {} },
  ui: { type: 'VerticalLayout', elements: [{ type: 'Section', sectionId: 'section-1', elements: [] }] },
  queries: [
    {
      type: 'DOCUMENTS',
      key: 'DOC1',
      sectionId: 'section-1',
      objectType: 'cqext__SQX_Controlled_Document__c',
      fields: ['Id', 'Name'],
      filter: { field: 'Name', operator: 'eq', value: 'DOC-0001' },
    },
  ],
});

const submission = (def: FormDefinition, extra: Partial<LocalSubmission> = {}): LocalSubmission => ({
  id: 'sub-1',
  data: {},
  originalData: {},
  syncStatus: 'out of sync',
  status: 'in progress',
  isUploading: false,
  formName: 'Inspection',
  formId: 'a0F000000000001AAA',
  formDef: def,
  createdOn: '2026-01-01T00:00:00.000Z',
  syncedOn: '',
  submittedOn: '',
  version: 1,
  error: [],
  errors: [],
  instanceUrl: '',
  organizationId: '',
  isSalesforceRecord: false,
  ...extra,
});

const questionTitle = (def: FormDefinition) =>
  (def.schema.properties?.Checklist?.properties?.Q1 as { title?: string } | undefined)?.title;

describe('withStartingData', () => {
  it('online: runs the queries for the main record, merges the answer and keeps it with the submission', async () => {
    const host = fakeHost();
    const sent: unknown[] = [];
    host.routes.set('POST /api/startingData', (query, body) => {
      sent.push({ query, body });
      return { startingData: { DOC1: [doc('Exits clear?')] }, lookupCacheData: {} };
    });
    const sub = submission(formDef(), { mainRecordId: 'a0S000000000001AAA' });
    host.submissionsState.set([sub]);
    const def = await withStartingData(host, sub, formDef(), { local: true, readOnly: false });
    expect(sent).toEqual([
      {
        query: { recordId: 'a0S000000000001AAA' },
        body: { query: formDef().queries, lookupCacheString: '' },
      },
    ]);
    expect(questionTitle(def)).toBe('Exits clear?');
    const kept = host.submissionsState.get()[0]?.formDef as FormDefinition;
    expect(questionTitle(kept)).toBe('Exits clear?');
    expect(kept.startingData).toEqual({ DOC1: [doc('Exits clear?')] });
  });

  it('offline: the copy kept on the device, with no call', async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    const stored = { ...formDef(), startingData: { DOC1: [doc('Kept?')] } };
    const def = await withStartingData(host, submission(stored), stored, { local: true, readOnly: false });
    expect(questionTitle(def)).toBe('Kept?');
    expect(callsOf(host, 'api.POST')).toEqual([]);
    expect(callsOf(host, 'offline.keepFormDef')).toEqual([]);
  });

  it('a failing org answer falls back to the kept copy; the main record defaults to the form', async () => {
    const host = fakeHost();
    let recordId: unknown;
    host.routes.set('POST /api/startingData', (query) => {
      recordId = query?.recordId;
      throw apiError(502, 'Server Error: down');
    });
    const stored = { ...formDef(), startingData: { DOC1: [doc('Kept?')] } };
    const def = await withStartingData(host, submission(stored), stored, { local: true, readOnly: false });
    expect(recordId).toBe('a0F000000000001AAA');
    expect(questionTitle(def)).toBe('Kept?');
  });

  it('offline: a launch for a record gets the context record "Download for offline" read for it (issue 40.4)', async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    const withContext: FormDefinition = {
      ...formDef(),
      contextObject: 'cqext__SQX_Inspection_Program__c',
      queries: [
        {
          key: 'program',
          objectType: 'cqext__SQX_Inspection_Program__c',
          fields: ['Id', 'Name'],
          filter: { field: 'Id', operator: 'eq', value: '$recordId' },
        },
      ],
      // read with the form's Id: the filter matched nothing
      startingData: { program: [] },
      startingDataByRecord: {
        a0P000000000001AAA: { program: [{ Id: 'a0P000000000001AAA', Name: 'Monthly Safety Walk' }] },
        a0P000000000002AAA: { program: [{ Id: 'a0P000000000002AAA', Name: 'Q3 Site Inspections' }] },
      },
    };
    const forTask = submission(withContext, { mainRecordId: 'a0P000000000002AAA' });
    const def = await withStartingData(host, forTask, withContext, { local: true, readOnly: false });
    expect(contextRecord(def)).toEqual({ Id: 'a0P000000000002AAA', Name: 'Q3 Site Inspections' });
    // launched from its card (no record): the form's own
    const plain = await withStartingData(host, submission(withContext), withContext, {
      local: true,
      readOnly: false,
    });
    expect(contextRecord(plain)).toBeUndefined();
  });

  it('a form without queries is returned as it is', async () => {
    const host = fakeHost();
    const plain: FormDefinition = {
      schema: { type: 'object' },
      ui: { type: 'VerticalLayout', elements: [] },
    };
    expect(await withStartingData(host, submission(plain), plain, { local: true, readOnly: false })).toBe(
      plain,
    );
  });
});
