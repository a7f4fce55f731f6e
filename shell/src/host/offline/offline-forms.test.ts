import { describe, expect, it } from 'vitest';
import type { FormDefinition, LocalSubmission } from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import { Signal } from './live';
import { assembleOfflineForm, createOfflineForms } from './offline-forms';
import type { OfflineStore } from './store';

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

const FORM = 'a0F000000000001AAA';
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
  formId: FORM,
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

const questionTitle = (def: unknown) =>
  ((def as FormDefinition).schema.properties?.Checklist?.properties?.Q1 as { title?: string } | undefined)
    ?.title;

function harness(answer: () => Record<string, unknown>, online = true) {
  const reads: { recordId: string; query: unknown[] }[] = [];
  const kept: unknown[] = [];
  const gateway = {
    getFormDefinition: async () => formDef(),
    startingData: async (recordId: string, query: unknown[]) => {
      reads.push({ recordId, query });
      return { startingData: answer(), lookupCacheData: {} };
    },
    fetchGuideImage: async () => '',
  } as unknown as OrgGateway;
  const forms = createOfflineForms({
    store: {} as OfflineStore,
    gateway,
    online: new Signal(online),
    owner: () => null,
    writer: () => {
      throw new Error('no writes here');
    },
    nowIso: () => '2026-01-01T00:00:00.000Z',
    keepFormDef: async (id, def) => {
      kept.push([id, def]);
      return { ok: true, value: submission(def as FormDefinition) };
    },
  });
  return { forms, reads, kept, gateway };
}

describe('withStartingData (the host: one read of the starting data)', () => {
  it('online: reads the queries for the main record, merges the answer and keeps it with the record', async () => {
    const h = harness(() => ({ DOC1: [doc('Exits clear?')] }));
    const sub = submission(formDef(), { mainRecordId: 'a0S000000000001AAA' });
    const def = await h.forms.withStartingData(sub, formDef(), { keep: true });
    expect(h.reads).toEqual([{ recordId: 'a0S000000000001AAA', query: formDef().queries }]);
    expect(questionTitle(def)).toBe('Exits clear?');
    expect(h.kept).toHaveLength(1);
    expect(questionTitle((h.kept[0] as [string, unknown])[1])).toBe('Exits clear?');
  });

  it('offline or read-only: the copy kept on the device, with no call and nothing kept', async () => {
    const stored = { ...formDef(), startingData: { DOC1: [doc('Kept?')] } };
    const off = harness(() => ({}), false);
    expect(questionTitle(await off.forms.withStartingData(submission(stored), stored, { keep: true }))).toBe(
      'Kept?',
    );
    const ro = harness(() => ({ DOC1: [doc('Fresh?')] }));
    expect(
      questionTitle(await ro.forms.withStartingData(submission(stored), stored, { readOnly: true })),
    ).toBe('Kept?');
    expect([...off.reads, ...ro.reads, ...off.kept, ...ro.kept]).toEqual([]);
  });

  it("offline, a record launched for a task's record opens with what Download for offline read for that record (40.4)", async () => {
    const stored = {
      ...formDef(),
      startingData: { DOC1: [doc('For the form?')] },
      startingDataByRecord: {
        a0P000000000001AAA: { DOC1: [doc('For site 1?')] },
        a0P000000000002AAA: { DOC1: [doc('For site 2?')] },
      },
    };
    const off = harness(() => ({}), false);
    const open = async (mainRecordId?: string) =>
      questionTitle(
        await off.forms.withStartingData(submission(stored, mainRecordId ? { mainRecordId } : {}), stored, {
          keep: true,
        }),
      );
    expect(await open('a0P000000000002AAA')).toBe('For site 2?');
    expect(await open('a0P000000000001AAA')).toBe('For site 1?');
    // launched for a record the download did not read, or for none: the form's own
    expect(await open('a0P000000000009AAA')).toBe('For the form?');
    expect(await open()).toBe('For the form?');
    expect([...off.reads, ...off.kept]).toEqual([]);
  });

  it('a failing org answer falls back to the kept copy', async () => {
    const stored = { ...formDef(), startingData: { DOC1: [doc('Kept?')] } };
    const h = harness(() => {
      throw new Error('org down');
    });
    expect(questionTitle(await h.forms.withStartingData(submission(stored), stored, { keep: true }))).toBe(
      'Kept?',
    );
    expect(h.kept).toEqual([]);
  });

  it('a form launched from its card reads what "Download for offline" reads: the same call for the form', async () => {
    const h = harness(() => ({ DOC1: [doc('Same?')] }));
    const opened = await h.forms.withStartingData(submission(formDef()), formDef());
    const downloaded = await assembleOfflineForm(
      h.gateway,
      FORM,
      undefined,
      () => '2026-01-01T00:00:00.000Z',
    );
    expect(h.reads).toEqual([
      { recordId: FORM, query: formDef().queries },
      { recordId: FORM, query: formDef().queries },
    ]);
    expect(questionTitle(downloaded.formDef)).toBe(questionTitle(opened));
  });
});
