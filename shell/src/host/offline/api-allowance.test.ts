// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ALLOWANCE_TEXTS, type LocalSubmission, type SubmissionPayload } from 'shared-contracts';
import { type BatchItemResult } from './org-gateway';
import { classify } from './http-gateway';
import { FakeOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';

// Issue 33: the org's daily API allowance spent mid-sync. The BFF answers 503 ORG_API_LIMIT; the
// outbox keeps every submission queued with its reason and a backoff, and sends them, once each, by
// itself when the org accepts calls again.

/** The BFF's answer while the org refuses calls (bff/src/http/errors.ts). */
const SPENT = {
  success: false,
  messages: [API_ALLOWANCE_TEXTS.spent],
  errorType: 'server',
  errorCode: 'ORG_API_LIMIT',
  details: { orgErrorCode: 'REQUEST_LIMIT_EXCEEDED' },
};

class AllowanceOrg extends FakeOrg {
  spent = false;
  refused = 0;
  override async submitBatch(items: SubmissionPayload[]): Promise<BatchItemResult[]> {
    if (this.spent) {
      this.refused++;
      throw classify(503, SPENT);
    }
    return super.submitBatch(items);
  }
}

let h: Harness;
afterEach(async () => {
  await h?.svc.dispose();
});

async function queue(hh: Harness, n: number): Promise<string[]> {
  const c = await hh.svc.create({ formId: 'a0F1', formName: 'Allowance' });
  if (!c.ok) throw new Error(c.message);
  const items: LocalSubmission[] = Array.from({ length: n }, (_, i) => ({
    ...c.value,
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    data: { i },
    status: 'submitted',
    version: 2,
    createdOn: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  }));
  await hh.svc.discard(c.value.id);
  const r = await hh.svc.queueMany(items);
  if (!r.ok) throw new Error(r.message);
  return items.map((s) => s.id);
}

describe("the org's API allowance spent mid-sync", () => {
  it('is transient for the engine: the BFF answer classifies as unavailable, with its text', () => {
    const e = classify(503, SPENT);
    expect(e.kind).toBe('unavailable');
    expect(e.reason).toBe(API_ALLOWANCE_TEXTS.spent);
  });

  it('the outbox waits with the reason and a retry time, then sends each submission once by itself', async () => {
    const org = new AllowanceOrg();
    h = makeHarness({}, { org });
    const ids = await queue(h, 30);
    org.spent = true;
    await h.drainOnce();
    expect(org.refused).toBeGreaterThan(0);
    const waiting = await h.local();
    expect(waiting).toHaveLength(30);
    expect(waiting.every((s) => s.status === 'submitted' && s.syncStatus === 'out of sync')).toBe(true);
    // the user's reading: the allowance's own sentence (no "Server Error: " prefix), and a next try
    expect(waiting.every((s) => s.delivery?.lastError === API_ALLOWANCE_TEXTS.spent)).toBe(true);
    expect(waiting.every((s) => (s.delivery?.nextAttemptAt ?? 0) > 0)).toBe(true);
    expect(org.records.size).toBe(0);

    // calls allowed again: the uploader's own retries deliver everything, once
    org.spent = false;
    await h.drain();
    expect(await h.local()).toEqual([]);
    expect(org.records.size).toBe(30);
    expect([...org.records.keys()].sort()).toEqual(ids.map((id) => `a0F1#${id}`).sort());
  });
});
