import { describe, expect, it } from 'vitest';
import type { LocalSubmission } from 'shared-contracts';
import { retryText, summarizeQueue } from './outbox';

const NOW = Date.UTC(2026, 10, 22, 13, 0, 0);

const sub = (over: Partial<LocalSubmission>): LocalSubmission =>
  ({
    id: 'a',
    formId: 'f',
    formName: 'F',
    status: 'submitted',
    syncStatus: 'out of sync',
    organizationId: 'org1',
    version: 1,
    data: {},
    createdOn: '2026-11-22T12:00:00.000Z',
    ...over,
  }) as LocalSubmission;

describe('retryText', () => {
  it('a wait cleared to 0 (back online) is due now, not a huge negative number of seconds', () => {
    expect(retryText({ nextAttemptAt: 0 }, NOW)).toBe('due now');
    expect(retryText(undefined, NOW)).toBe('due now');
  });
  it('a past time is due now; a future one is whole seconds from now, rounded up', () => {
    expect(retryText({ nextAttemptAt: NOW - 5000 }, NOW)).toBe('due now');
    expect(retryText({ nextAttemptAt: NOW }, NOW)).toBe('due now');
    expect(retryText({ nextAttemptAt: NOW + 1 }, NOW)).toBe('next in 1 s');
    expect(retryText({ nextAttemptAt: NOW + 4000 }, NOW)).toBe('next in 4 s');
    expect(retryText({ nextAttemptAt: NOW + 300_000 }, NOW)).toBe('next in 300 s');
  });
});

describe('summarizeQueue', () => {
  it('counts submissions and files by state and lists last errors with their retry in words', () => {
    const s = summarizeQueue(
      [
        sub({ id: 'a', delivery: { attempts: 1, nextAttemptAt: 0, lastError: 'Network Error' } }),
        sub({
          id: 'b',
          delivery: { attempts: 2, nextAttemptAt: NOW + 8000, lastError: 'Server Error: 503' },
        }),
        sub({ id: 'c', status: 'in progress', syncStatus: 'in sync' }),
      ],
      [
        {
          Name: 'x.bin',
          status: 'Unsynced',
          delivery: { attempts: 1, nextAttemptAt: NOW + 2500, lastError: 'Network Error' },
        },
        { Name: 'y.bin', status: 'Synced' },
      ],
      NOW,
    );
    expect(s.submissions).toEqual({ 'submitted/out of sync org org1': 2, 'in progress/in sync': 1 });
    expect(s.files).toEqual({ Unsynced: 1, Synced: 1 });
    expect(s.errors).toEqual([
      'submission: Network Error (due now)',
      'submission: Server Error: 503 (next in 8 s)',
      'file x.bin: Network Error (next in 3 s)',
    ]);
  });
  it('keeps at most maxErrors distinct errors', () => {
    const subs = Array.from({ length: 10 }, (_, i) =>
      sub({ id: `s${i}`, delivery: { attempts: 1, nextAttemptAt: 0, lastError: `E${i % 4}` } }),
    );
    expect(summarizeQueue(subs, [], NOW, 3).errors).toHaveLength(3);
    expect(summarizeQueue(subs, [], NOW).errors).toHaveLength(4);
  });
});
