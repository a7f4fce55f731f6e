import { describe, expect, it } from 'vitest';
import { BffError, fileTypeRefusedMessage, type LocalSubmission } from 'shared-contracts';
import { afterSyncFailure, failureDelivery } from './delivery-outcomes';
import { buildOutbox } from './outbox';
import type { FileRecord } from './sealing';

// Issue 44: a failure's text is kept in the wire's English with the BFF's code and params beside it,
// so the outbox words it in the user's language whatever language it was raised in.

const refusedType = new BffError({
  kind: 'rejected',
  status: 415,
  message: fileTypeRefusedMessage('executable'),
  code: 'FILE_TYPE_REFUSED',
  params: { kind: 'executable' },
});
const policy = { baseMs: 1000, factor: 2, capMs: 60_000 };

describe('failureDelivery', () => {
  it("keeps the English text and, for a text made of parts, the BFF's code and params", () => {
    expect(failureDelivery(refusedType)).toEqual({
      lastError: 'Server Error: Error: executable files are not allowed',
      lastErrorWording: { code: 'FILE_TYPE_REFUSED', params: { kind: 'executable' } },
    });
    // no params (a fixed text) or no answer: the text alone
    expect(
      failureDelivery(
        new BffError({ kind: 'rejected', status: 404, message: 'Not found.', code: 'NOT_FOUND' }),
      ),
    ).toEqual({
      lastError: 'Server Error: Not found.',
    });
    expect(failureDelivery(new BffError({ kind: 'network', message: 'Network Error' }))).toEqual({
      lastError: 'Network Error',
    });
  });

  it('a failed delivery keeps them on the record, and a later failure without them drops them', () => {
    const sub = {
      id: 's',
      formId: 'f',
      formName: 'F',
      status: 'submitted',
      syncStatus: 'out of sync',
      organizationId: 'org1',
      version: 1,
      data: {},
      createdOn: '2026-11-22T12:00:00.000Z',
    } as unknown as LocalSubmission;
    const failed = afterSyncFailure(sub, refusedType, 0, policy, () => 0.5);
    expect(failed.delivery?.lastErrorWording).toEqual({
      code: 'FILE_TYPE_REFUSED',
      params: { kind: 'executable' },
    });
    const later = afterSyncFailure(
      failed,
      new BffError({ kind: 'unavailable', status: 503, message: 'busy' }),
      0,
      policy,
      () => 0.5,
    );
    expect(later.delivery?.lastError).toBe('Server Error: busy');
    expect(later.delivery?.lastErrorWording).toBeUndefined();
  });

  it("the outbox's file row carries them beside its last error", () => {
    const file = {
      LocalId: 'l1',
      Name: 'tool.png',
      submissionId: 's',
      organizationId: 'org1',
      status: 'Unsynced',
      ContentDocumentId: '',
      progress: -1,
      error: 'Server Error: Error: executable files are not allowed',
      delivery: { attempts: 1, nextAttemptAt: 0, ...failureDelivery(refusedType) },
    } as unknown as FileRecord;
    const [row] = buildOutbox([], [file], 'org1', new Set(), 0);
    expect(row).toMatchObject({
      kind: 'file',
      lastError: 'Server Error: Error: executable files are not allowed',
      lastErrorWording: { code: 'FILE_TYPE_REFUSED', params: { kind: 'executable' } },
    });
  });
});
