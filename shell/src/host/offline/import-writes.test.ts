import { describe, expect, it } from 'vitest';
import type { LocalSubmission } from 'shared-contracts';
import { IMPORT_RECONCILE_MS, changedPuts, deepEqual, pendingSignature, shouldImport } from './import-writes';

const record = (id: string, over: Partial<LocalSubmission> = {}): LocalSubmission =>
  ({
    id,
    data: { General: { a: 1, b: ['x', { c: true }] } },
    originalData: { General: { a: 1, b: ['x', { c: true }] } },
    syncStatus: 'in sync',
    status: 'in progress',
    isUploading: false,
    formName: 'Audit',
    formId: 'a0F1',
    formDef: null,
    createdOn: '2025-01-01T00:00:00.000Z',
    syncedOn: '2025-01-01T00:00:00.000Z',
    submittedOn: '',
    version: 3,
    error: [],
    errors: [],
    instanceUrl: 'https://org',
    organizationId: '00D1',
    isSalesforceRecord: true,
    ...over,
  }) as LocalSubmission;

describe('changedPuts', () => {
  it('drops a put equal to the stored record apart from syncedOn (a re-import of the same org copy)', () => {
    const stored = record('p1');
    const reimport = record('p1', { syncedOn: '2025-06-01T00:00:00.000Z' });
    expect(changedPuts([reimport], new Map([['p1', stored]]))).toEqual([]);
  });

  it('keeps a new record and a changed one', () => {
    const locals = new Map([['p1', record('p1')]]);
    const fresh = record('p2');
    const newer = record('p1', { version: 4, data: { General: { a: 2 } } });
    expect(changedPuts([fresh, newer], locals)).toEqual([fresh, newer]);
  });

  it('sees a change deep inside the data', () => {
    const locals = new Map([['p1', record('p1')]]);
    const changed = record('p1', { data: { General: { a: 1, b: ['x', { c: false }] } } });
    expect(changedPuts([changed], locals)).toEqual([changed]);
  });
});

describe('deepEqual', () => {
  it('ignores key order and undefined members, not values or array order', () => {
    expect(deepEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual({ a: null }, { a: {} })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('shouldImport', () => {
  const p = (id: string, version = 1) =>
    ({
      id,
      formSubmissionId: `a0X${id}`,
      formId: 'f',
      formName: 'F',
      status: 'in progress',
      version,
      data: {},
    }) as const;
  const mark = {
    organizationId: 'o1',
    signature: pendingSignature([p('a'), p('b')]),
    localCount: 5,
    at: 1000,
  };

  it('signs an answer independently of its order, and any change of a record changes it', () => {
    expect(pendingSignature([p('b'), p('a')])).toBe(mark.signature);
    expect(pendingSignature([p('a'), p('b', 2)])).not.toBe(mark.signature);
    expect(pendingSignature([p('a')])).not.toBe(mark.signature);
  });

  it('skips only the same answer, organisation and local count within the reconcile period', () => {
    const same = { organizationId: 'o1', signature: mark.signature, localCount: 5 };
    expect(shouldImport(mark, same, 1000 + 60_000)).toBe(false);
    expect(shouldImport(null, same, 1000)).toBe(true);
    expect(shouldImport(mark, { ...same, organizationId: 'o2' }, 2000)).toBe(true);
    expect(shouldImport(mark, { ...same, signature: pendingSignature([p('a')]) }, 2000)).toBe(true);
    expect(shouldImport(mark, { ...same, localCount: 4 }, 2000)).toBe(true);
    expect(shouldImport(mark, same, 1000 + IMPORT_RECONCILE_MS)).toBe(true);
  });
});
