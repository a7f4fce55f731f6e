import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SUBMISSION_STATUS as ST,
  SYNC_STATUS as SY,
  type LocalSubmission,
  type PendingSubmission,
} from 'shared-contracts';
import { gatewayError } from './org-gateway';
import { DEFAULT_BACKOFF } from './backoff';
import * as D from './delivery-outcomes';
import * as Tr from './transitions';

const T = { ...Tr, ...D };

const ctx: Tr.Ctx = {
  now: '2026-11-22T10:00:00.000Z',
  organizationId: '00D1',
  instanceUrl: 'https://org.example',
};
const UUID = '3f1c2a7e-8b4d-4c1e-9a2b-1234567890ab';

function draft(over: Partial<LocalSubmission> = {}): LocalSubmission {
  return { ...T.newLocalSubmission({ id: UUID, formId: 'a0F1', formName: 'Safety walk' }, ctx), ...over };
}

const unresolvedFile = { LocalId: 'L1', Name: 'a.png', ContentDocumentId: '' };
const syncedFile = { LocalId: 'L2', Name: 'b.png', ContentDocumentId: '0691' };

describe('new local submission', () => {
  it('is in progress, out of sync, version 1, not an org record', () => {
    const s = draft();
    expect(s).toMatchObject({
      id: UUID,
      status: 'in progress',
      syncStatus: 'out of sync',
      version: 1,
      isSalesforceRecord: false,
      isUploading: false,
      createdOn: ctx.now,
      syncedOn: '',
      submittedOn: '',
      organizationId: '00D1',
      instanceUrl: 'https://org.example',
      errors: [],
    });
  });
  it('keeps a copy of the starting data as originalData', () => {
    const data = { General: { a: 1 } };
    const s = T.newLocalSubmission({ id: UUID, formId: 'f', formName: 'n', data }, ctx);
    expect(s.originalData).toEqual(data);
    expect(s.data).not.toBe(data);
  });
});

describe('submit locally', () => {
  it('submitted, version + 1, submittedOn set, out of sync when all files are uploaded', () => {
    const s = T.submitLocally(
      draft({ version: 3 }),
      { General: { f: [syncedFile] } },
      '2026-11-22T11:00:00.000Z',
    );
    expect(s).toMatchObject({
      status: 'submitted',
      version: 4,
      submittedOn: '2026-11-22T11:00:00.000Z',
      syncStatus: 'out of sync',
    });
  });
  it('keeps the language the form was filled in (issue 44: its report reads in it); a submit without keeps the last', () => {
    const s = T.submitLocally(draft(), {}, ctx.now, undefined, { language: 'es_MX' });
    expect(s.language).toBe('es_MX');
    expect(T.toPayload(s).language).toBe('es_MX');
    expect(T.submitLocally(s, {}, ctx.now).language).toBe('es_MX');
    expect(T.toPayload(draft())).not.toHaveProperty('language');
  });
  it("is 'file usnyc' (the product's spelling) while a file is unresolved", () => {
    const s = T.submitLocally(draft(), { General: { f: [syncedFile, unresolvedFile] } }, ctx.now);
    expect(s.syncStatus).toBe('file usnyc');
    expect(SY.fileUnsynced).toBe('file usnyc');
  });
  it("treats 'Unsynced' ContentDocumentId as unresolved too", () => {
    expect(T.readySyncStatus({ x: { LocalId: 'L', Name: 'n', ContentDocumentId: 'Unsynced' } })).toBe(
      'file usnyc',
    );
  });
});

describe('saving an update / close', () => {
  it('version + 1 and the same sync status rule; status unchanged', () => {
    const s = T.saveUpdate(draft({ version: 2, syncStatus: SY.inSync }), {
      General: { f: [unresolvedFile] },
    });
    expect(s).toMatchObject({ version: 3, syncStatus: 'file usnyc', status: 'in progress' });
    expect(T.saveUpdate(draft(), { a: 1 }).syncStatus).toBe('out of sync');
  });
  it('merges a tab edit onto the latest record (no save from another tab is lost)', () => {
    const base = { General: { a: 1, b: 1 } };
    const latest = draft({ data: { General: { a: 2, b: 1 } }, version: 2 }); // tab A saved a=2
    const s = T.saveUpdate(latest, { General: { a: 1, b: 5 } }, base); // tab B edited b only
    expect(s.data).toEqual({ General: { a: 2, b: 5 } });
    expect(s.version).toBe(3);
  });
});

describe('discard', () => {
  it('discard only for non-org records outside canvas mode', () => {
    expect(T.canDiscard({ isSalesforceRecord: false }, false)).toBe(true);
    expect(T.canDiscard({ isSalesforceRecord: true }, false)).toBe(false);
    expect(T.canDiscard({ isSalesforceRecord: false }, true)).toBe(false);
  });
});

describe('starting a scheduled submission', () => {
  const input = {
    formId: 'a0F1',
    formName: 'Audit',
    formSubmissionId: 'a0X1',
    version: 4,
    submissionId: UUID,
  };
  it('version = org Version + 1, status scheduled, an org record', () => {
    const s = T.scheduledSubmission(input, { schema: {} }, ctx);
    expect(s).toMatchObject({
      version: 5,
      status: 'scheduled',
      isSalesforceRecord: true,
      formSubmissionId: 'a0X1',
    });
  });
  it("throws 'No Data found for form submission' without a form definition", () => {
    expect(() => T.scheduledSubmission(input, null, ctx)).toThrow(MESSAGES.noDataForSubmission);
    expect(MESSAGES.noDataForSubmission).toBe('No Data found for form submission');
  });
  it('then stored as in progress and in sync', () => {
    const s = T.scheduledStarted(T.scheduledSubmission(input, {}, ctx), 'T2');
    expect(s).toMatchObject({ status: 'in progress', syncStatus: 'in sync', syncedOn: 'T2', version: 5 });
  });
});

describe('importing pending records', () => {
  const p = (id: string, over: Partial<PendingSubmission> = {}): PendingSubmission => ({
    id,
    formSubmissionId: 'a0X' + id,
    formId: 'a0F1',
    formName: 'Audit',
    status: ST.inProgress,
    version: 2,
    data: { v: id },
    ...over,
  });
  const opts = { ...ctx, online: true, uploading: false };

  it('new ones become local in-progress org records; submitted is treated as in progress', () => {
    const plan = T.planImport([], [p('1'), p('2', { status: ST.submitted })], opts);
    expect(plan.puts.map((s) => [s.id, s.status, s.syncStatus, s.isSalesforceRecord])).toEqual([
      ['1', 'in progress', 'in sync', true],
      ['2', 'in progress', 'in sync', true],
    ]);
  });
  it('a draft the user discarded is not brought back from its org copy; a local one of that id still updates', () => {
    const plan = T.planImport([], [p('1'), p('2')], opts, new Set(['1']));
    expect(plan.puts.map((s) => s.id)).toEqual(['2']);
    expect(plan.discardedInOrg.map((d) => d.id)).toEqual(['1']);
    const back = draft({ id: '1', syncStatus: SY.inSync, isSalesforceRecord: true });
    const again = T.planImport([back], [p('1', { version: 7 })], opts, new Set(['1']));
    expect(again.puts.map((s) => s.version)).toEqual([7]);
    expect(again.discardedInOrg).toEqual([]);
  });
  it('a new import is created when the org made it (CreatedDate), not when it last changed (review N8)', () => {
    const made = '2026-11-02T08:00:00.000Z';
    const changed = '2026-11-20T16:30:00.000Z';
    const [older] = T.planImport([], [p('1', { createdDate: made, lastModifiedDate: changed })], opts).puts;
    expect(older?.createdOn).toBe(made);
    // newest first is by creation: a record made later but changed earlier comes first
    const [newer] = T.planImport(
      [],
      [p('2', { createdDate: '2026-11-10T08:00:00.000Z', lastModifiedDate: '2026-11-11T08:00:00.000Z' })],
      opts,
    ).puts;
    expect(newer!.createdOn > older!.createdOn).toBe(true);
  });
  it('existing ones are updated, unless they hold local changes not yet sent', () => {
    const inSync = draft({ id: '1', syncStatus: SY.inSync, isSalesforceRecord: true, createdOn: 'old' });
    const edited = draft({ id: '2', syncStatus: SY.outOfSync, isSalesforceRecord: true });
    const plan = T.planImport([inSync, edited], [p('1', { version: 7 }), p('2')], opts);
    expect(plan.puts.map((s) => [s.id, s.version, s.createdOn])).toEqual([['1', 7, 'old']]);
  });
  it('a draft made on this device and synced stays a local draft when the org copy is imported (Discard stays offered)', () => {
    const mine = draft({ id: '1', syncStatus: SY.inSync, isSalesforceRecord: false, version: 2 });
    const [updated] = T.planImport([mine], [p('1', { version: 2 })], opts).puts;
    expect(updated).toMatchObject({ id: '1', isSalesforceRecord: false, data: { v: '1' } });
    expect(T.canDiscard(updated!, false)).toBe(true);
  });
  it('an updated record keeps the record it was launched for ($recordId of its queries, 40.4)', () => {
    const forTask = draft({ id: '1', syncStatus: SY.inSync, version: 2, mainRecordId: 'a0P1' });
    const [updated] = T.planImport([forTask], [p('1', { version: 3 })], opts).puts;
    expect(updated).toMatchObject({ version: 3, mainRecordId: 'a0P1' });
  });
  it("keeps a refused submit's errors while the org holds that same version, not after it changed", () => {
    const errors = [{ errorPath: 'General/Score', message: 'Score must be between 0 and 100' }];
    const refused = draft({ id: '1', syncStatus: SY.inSync, version: 2, errors, error: errors });
    const same = T.planImport([refused], [p('1', { version: 2 })], opts).puts[0];
    expect(same).toMatchObject({ errors, error: errors, data: { v: '1' } });
    const newer = T.planImport([refused], [p('1', { version: 3 })], opts).puts[0];
    expect(newer).toMatchObject({ errors: [], error: [], version: 3 });
    // an org answer older than the local record (read before the uploader's last sync) changes nothing
    expect(T.planImport([refused], [p('1', { version: 1 })], opts).puts).toEqual([]);
  });
  it('deletes local in-progress, in-sync org records no longer pending, only online and not uploading', () => {
    const gone = draft({ id: 'gone', syncStatus: SY.inSync, isSalesforceRecord: true });
    const mine = draft({ id: 'mine', syncStatus: SY.inSync, isSalesforceRecord: false });
    const dirty = draft({ id: 'dirty', syncStatus: SY.outOfSync, isSalesforceRecord: true });
    const sent = draft({
      id: 'sent',
      status: ST.submitted,
      syncStatus: SY.outOfSync,
      isSalesforceRecord: true,
    });
    const other = draft({
      id: 'other',
      syncStatus: SY.inSync,
      isSalesforceRecord: true,
      organizationId: '00D2',
    });
    const locals = [gone, mine, dirty, sent, other];
    expect(T.planImport(locals, [], opts).deletes).toEqual(['gone']);
    expect(T.planImport(locals, [], { ...opts, online: false }).deletes).toEqual([]);
    expect(T.planImport(locals, [], { ...opts, uploading: true }).deletes).toEqual([]);
  });
});

describe('download for offline / purge', () => {
  it('purges only cached ids the form-status check returns', () => {
    expect(T.planPurge(['a', 'b', 'c'], ['b', 'z'])).toEqual(['b']);
  });
});

describe('the uploader decisions', () => {
  it('picks up submitted + (out of sync | file usnyc), and drafts out of sync; never in error or other orgs', () => {
    const up = (over: Partial<LocalSubmission>): boolean => T.isUploadable(draft(over), '00D1');
    expect(up({ status: ST.submitted, syncStatus: SY.outOfSync })).toBe(true);
    expect(up({ status: ST.submitted, syncStatus: SY.fileUnsynced })).toBe(true);
    expect(up({ status: ST.submitted, syncStatus: SY.inError })).toBe(false);
    expect(up({ status: ST.submitted, syncStatus: SY.inSync })).toBe(false);
    expect(up({ status: ST.inProgress, syncStatus: SY.outOfSync })).toBe(true);
    expect(up({ status: ST.inProgress, syncStatus: SY.inSync })).toBe(false);
    expect(up({ status: ST.scheduled, syncStatus: SY.outOfSync })).toBe(false);
    expect(up({ status: ST.submitted, syncStatus: SY.outOfSync, organizationId: '00D9' })).toBe(false);
  });
  it('every payload carries formId#submissionId', () => {
    expect(T.toPayload(draft()).uniquenessKey).toBe(`a0F1#${UUID}`);
    // the report's cover shows when it was started and submitted (issue 42)
    expect(
      T.toPayload(draft({ createdOn: '2026-11-23T14:00:00.000Z', submittedOn: '2026-11-23T15:30:00.000Z' })),
    ).toMatchObject({
      createdOn: '2026-11-23T14:00:00.000Z',
      submittedOn: '2026-11-23T15:30:00.000Z',
    });
    // the record it was launched for reaches the org (Main_Record_Id__c), on every route
    expect(T.toPayload(draft({ mainRecordId: 'a0I000000000001AAA' })).mainRecordId).toBe(
      'a0I000000000001AAA',
    );
    expect('mainRecordId' in T.toPayload(draft())).toBe(false);
    // the starting data it was filled with (a checklist's questions): the BFF's check, score and report
    const startingData = { doc: [{ Id: 'a0J1' }] };
    const kept = { schema: { type: 'object', properties: {} }, ui: { type: 'VerticalLayout' }, startingData };
    expect(T.toPayload(draft({ formDef: kept } as Partial<LocalSubmission>)).startingData).toEqual(
      startingData,
    );
    expect('startingData' in T.toPayload(draft())).toBe(false);
    expect(T.toPayload(draft(), { status: ST.inProgress, version: 1 })).toMatchObject({
      status: 'in progress',
      version: 1,
    });
  });
  it("a checklist's payload names the controlled document its kept definition loaded; other forms none", () => {
    const doc = {
      Id: 'a0D000000000001AAA',
      Name: 'DOC-0001',
      Sections__r: { records: [{ Id: 'S1', Section_Title__c: 'General', Order__c: 1 }] },
      Questions__r: {
        records: [
          { Id: 'Q1', Question__c: 'Ok?', Question_Type__c: 'Radio', Options__c: 'Yes', Section__c: 'S1' },
        ],
      },
    };
    const formDef = {
      schema: { type: 'object', properties: {} },
      ui: { type: 'VerticalLayout', elements: [] },
      queries: [{ type: 'DOCUMENTS', key: 'doc', objectType: 'Doc', fields: ['Id'] }],
      startingData: { doc: [doc] },
    };
    expect(T.toPayload(draft({ formDef })).controlledDocumentId).toBe('a0D000000000001AAA');
    expect(T.toPayload(draft({ formDef: { ...formDef, startingData: {} } }))).not.toHaveProperty(
      'controlledDocumentId',
    );
    expect(T.toPayload(draft({ formDef: 'not a definition' }))).not.toHaveProperty('controlledDocumentId');
  });
  it('success of a submitted record deletes it; of a draft: in sync, errors cleared', () => {
    const sub = draft({ status: ST.submitted, version: 2 });
    expect(T.afterSyncSuccess(sub, sub, 'T')).toEqual({ kind: 'delete' });
    const d = draft({ errors: ['x'], error: ['x'], version: 2 });
    const out = T.afterSyncSuccess(d, d, 'T', 'a0X9');
    expect(out).toMatchObject({
      kind: 'update',
      record: { syncStatus: 'in sync', errors: [], syncedOn: 'T', formSubmissionId: 'a0X9' },
    });
  });
  it("success after 'offline submission sync' leaves it out of sync", () => {
    const d = draft({ syncStatus: SY.offlineSubmissionSync });
    expect(T.afterSyncSuccess(d, d, 'T')).toMatchObject({ record: { syncStatus: 'out of sync' } });
  });
  it('a save made while the request was in flight stays queued (never deleted, never marked in sync)', () => {
    const sent = draft({ status: ST.submitted, version: 2 });
    const latest = { ...sent, version: 3, syncStatus: SY.outOfSync };
    expect(T.afterSyncSuccess(sent, latest, 'T')).toMatchObject({
      kind: 'update',
      record: { version: 3, syncStatus: 'out of sync' },
    });
  });
  it('a refused submit, whichever layer refused it, is one rule: back in progress with the errors', () => {
    const sent = draft({ status: ST.submitted, version: 2, syncStatus: SY.outOfSync });
    const at = { now: 'T', nowMs: 0, policy: DEFAULT_BACKOFF, random: () => 0.5 };
    const fieldErrors = [{ errorPath: 'General/When', message: 'When is missing required fields' }];
    // the org's validation rule: the BFF kept it In Progress and answered without url
    const byRule = T.afterDelivery(
      sent,
      sent,
      { uniquenessKey: 'k', ok: true, url: null, errors: fieldErrors },
      at,
    );
    expect(byRule.record).toMatchObject({
      status: 'in progress',
      syncStatus: 'in sync',
      errors: fieldErrors,
    });
    expect(byRule.told).toEqual({ kind: 'refused', version: 2, errors: fieldErrors });
    // the BFF's check of the form (422 VALIDATION_FAILED) and a trigger's DML error: nothing written
    const check = gatewayError('rejected', 'Please fix the field validation before submitting', {
      status: 422,
      data: fieldErrors,
    });
    const dml = gatewayError('rejected', 'Save Failed', {
      status: 400,
      data: [
        { statusCode: 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY', message: 'SQX_FormSubmissionTrigger: boom' },
      ],
    });
    for (const error of [check, dml]) {
      const d = T.afterDelivery(sent, sent, { uniquenessKey: 'k', ok: false, error }, at);
      expect(d.record).toMatchObject({
        status: 'in progress',
        syncStatus: 'in error',
        errors: error.data,
        error: error.data,
        delivery: { attempts: 0, nextAttemptAt: 0 },
      });
      expect(d.told).toEqual({ kind: 'refused', version: 2, errors: error.data });
      // not picked up again: closing the form without an edit sends nothing
      expect(T.isUploadable(d.record as LocalSubmission, 'org')).toBe(false);
      // an edit saved on Close makes it a draft again, never the refused submit
      expect(T.saveUpdate(d.record as LocalSubmission, { edited: true })).toMatchObject({
        status: 'in progress',
        syncStatus: 'out of sync',
      });
    }
    // a draft refused, a version conflict: not a refusal of a submit (step 6)
    expect(T.isRefusal(draft(), check)).toBe(false);
    expect(T.isRefusal(sent, gatewayError('conflict', 'x', { status: 409 }))).toBe(false);
    // the user changed it meanwhile: the newer edits stay as they are, the outcome is still told
    const later = { ...sent, version: 3 };
    expect(
      T.afterDelivery(sent, later, { uniquenessKey: 'k', ok: false, error: check }, at).record,
    ).toBeUndefined();
  });
  it("failure other than Network Error: 'in error' with the response data as errors", () => {
    const data = [{ message: 'Required fields are missing', errorCode: 'REQUIRED_FIELD_MISSING' }];
    const s = T.afterSyncFailure(
      draft(),
      gatewayError('rejected', 'Bad', { status: 400, data }),
      0,
      DEFAULT_BACKOFF,
      () => 0.5,
    );
    expect(s).toMatchObject({ syncStatus: 'in error', errors: data, delivery: { attempts: 1 } });
  });
  it('Network Error, 5xx and 401 keep it queued with a backoff', () => {
    for (const kind of ['network', 'unavailable', 'unauthorized'] as const) {
      const s = T.afterSyncFailure(draft(), gatewayError(kind, 'x'), 1000, DEFAULT_BACKOFF, () => 0);
      expect(s.syncStatus).toBe('out of sync');
      expect(s.delivery?.nextAttemptAt).toBe(1000 + DEFAULT_BACKOFF.baseMs / 2);
    }
    expect(T.failureText(gatewayError('network', 'x'))).toBe('Network Error');
    expect(T.failureText(gatewayError('rejected', 'Bad'))).toBe('Server Error: Bad');
  });
  it('a synced file updates its nodes (error cleared, progress 100) and recomputes the sync status', () => {
    const s = draft({
      status: ST.submitted,
      syncStatus: SY.fileUnsynced,
      data: {
        a: [{ ...unresolvedFile, error: 'Network Error', progress: 40 }],
        b: { ...unresolvedFile, LocalId: 'L3' },
      },
    });
    const one = T.afterFileSynced(s, 'L1', '069A');
    expect(one.data.a).toEqual([
      { ...unresolvedFile, ContentDocumentId: '069A', error: null, progress: 100 },
    ]);
    expect(one.syncStatus).toBe('file usnyc');
    expect(T.afterFileSynced(one, 'L3', '069B').syncStatus).toBe('out of sync');
  });
  it('retry now puts an in-error record back in the queue with the backoff reset', () => {
    const s = T.retryNow(
      draft({ syncStatus: SY.inError, delivery: { attempts: 5, nextAttemptAt: 9e12, lastError: 'x' } }),
    );
    expect(s.syncStatus).toBe('out of sync');
    expect(s.delivery).toEqual(T.NO_DELIVERY);
  });
});

describe('mergeData', () => {
  it('keeps latest where mine did not change, takes mine where it did, deletes removed keys', () => {
    expect(T.mergeData({ a: 1, b: 1, c: 1 }, { a: 1, b: 2 }, { a: 3, b: 1, c: 1 })).toEqual({ a: 3, b: 2 });
    expect(T.mergeData([1], [1, 2], [3])).toEqual([1, 2]);
    expect(T.mergeData({ a: 1 }, { a: 1 }, { a: 9 })).toEqual({ a: 9 });
  });
});
