import { describe, expect, it } from 'vitest';
import type { FileInfo, LocalSubmission, OutboxItem } from 'shared-contracts';
import { settable } from 'shared-contracts/testing';
import { submitOutcome, watchSubmitOutcome } from './outcome';

const sub = (over: Partial<LocalSubmission> = {}): LocalSubmission => ({
  id: 's1',
  data: {},
  originalData: {},
  syncStatus: 'out of sync',
  status: 'submitted',
  isUploading: false,
  formName: 'F',
  formId: 'a0F',
  formDef: null,
  createdOn: '',
  syncedOn: '',
  submittedOn: '',
  version: 2,
  error: [],
  errors: [],
  instanceUrl: '',
  organizationId: '',
  isSalesforceRecord: false,
  ...over,
});
const file = (over: Partial<FileInfo> = {}): FileInfo => ({
  file: new Blob(['x']),
  Name: 'a.png',
  LocalId: 'L1',
  ContentDocumentId: 'Unsynced',
  error: null,
  status: 'Unsynced',
  path: '',
  submissionId: 's1',
  organizationId: '',
  progress: -1,
  ...over,
});
const base = { record: sub(), files: [] as FileInfo[], outboxItem: undefined, online: true, timedOut: false };

describe('submitOutcome', () => {
  it('record gone = delivered', () => {
    expect(submitOutcome({ ...base, record: undefined })).toEqual({ kind: 'delivered' });
  });
  it('back in progress with errors, or in error = rejected with the errors', () => {
    const errors = [{ errorPath: 'General/X', message: 'bad' }];
    expect(submitOutcome({ ...base, record: sub({ status: 'in progress', errors }) })).toEqual({
      kind: 'rejected',
      errors,
    });
    expect(submitOutcome({ ...base, record: sub({ syncStatus: 'in error', errors }) })).toEqual({
      kind: 'rejected',
      errors,
    });
  });
  it('the previous refusal seen again before the new submit is stored is not an outcome', () => {
    const errors = [{ errorPath: 'General/X', message: 'bad' }];
    const before = sub({ status: 'in progress', errors, version: 2 });
    expect(submitOutcome({ ...base, record: before, sentVersion: 3 })).toEqual({ kind: 'waiting' });
    expect(submitOutcome({ ...base, record: { ...before, version: 3 }, sentVersion: 3 })).toEqual({
      kind: 'rejected',
      errors,
    });
  });
  it('offline = queued', () => {
    expect(submitOutcome({ ...base, online: false })).toEqual({ kind: 'queued', reason: 'offline' });
  });
  it('files in flight = uploading with their mean progress; a file error queues', () => {
    const files = [file({ progress: 40 }), file({ LocalId: 'L2', progress: -1 }), file({ status: 'Synced' })];
    expect(submitOutcome({ ...base, files })).toEqual({ kind: 'uploading', progress: 20 });
    expect(submitOutcome({ ...base, files: [file({ error: 'Network Error' })] })).toEqual({
      kind: 'queued',
      reason: 'network',
    });
    expect(submitOutcome({ ...base, files: [file({ error: 'Upload failed' })] })).toEqual({
      kind: 'queued',
      reason: 'file error',
    });
  });
  it('Network Error on the outbox item queues; so does no answer in time', () => {
    const outboxItem = { id: 's1', lastError: 'Network Error' } as OutboxItem;
    expect(submitOutcome({ ...base, outboxItem })).toEqual({ kind: 'queued', reason: 'network' });
    expect(submitOutcome({ ...base, timedOut: true })).toEqual({ kind: 'queued', reason: 'timeout' });
    expect(submitOutcome(base)).toEqual({ kind: 'waiting' });
  });
});

describe('watchSubmitOutcome', () => {
  it('resolves when the record disappears, reporting the upload on the way', async () => {
    const record = settable<LocalSubmission | undefined>(sub());
    const files = settable<FileInfo[]>([file({ progress: 50 })]);
    const outbox = settable<OutboxItem[]>([]);
    const seen: string[] = [];
    const w = watchSubmitOutcome(
      { submission: () => record, filesOf: () => files, outbox },
      settable(true),
      's1',
      { timeoutMs: 60_000, onUpdate: (o) => seen.push(o.kind) },
    );
    await Promise.resolve();
    files.set([file({ status: 'Synced', progress: 100 })]);
    record.set(undefined);
    expect(await w.done).toEqual({ kind: 'delivered' });
    expect(seen).toContain('uploading');
  });

  it('queues when nothing happens in time', async () => {
    const w = watchSubmitOutcome(
      { submission: () => settable(sub()), filesOf: () => settable([]), outbox: settable([]) },
      settable(true),
      's1',
      { timeoutMs: 10 },
    );
    expect(await w.done).toEqual({ kind: 'queued', reason: 'timeout' });
  });
});
