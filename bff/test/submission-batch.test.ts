import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_MESSAGES } from 'shared-contracts';
import { signedIn, startBff, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
let formId = '';
type Rec = Record<string, unknown>;

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
  // FORM-0003 (Equipment Checklist) has no required field: these items need not fill any.
  formId = String(c.data<Rec[]>(await c.get('/api/forms')).find((f) => f.Name === 'FORM-0003')?.Id);
});
afterAll(() => bff.close());

const item = (id: string, version: number, status = 'submitted', extra: Rec = {}) => ({
  id,
  formId,
  formName: 'Batch',
  status,
  version,
  data: { General: { note: `batch ${id}` } },
  ...extra,
});
const batch = (items: unknown[]) => c.post('/api/submissions/batch', { items });
const record = async (id: string): Promise<Rec> =>
  c.data<Rec>(await c.get(`/api/syncPendingSubmissions?recordId=${id}`));

describe('POST /api/submissions/batch', () => {
  it('upserts every item by formId#submissionId; the same batch again changes no count (idempotent)', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const items = [item(ids[0]!, 2), item(ids[1]!, 1, 'in progress'), item(ids[2]!, 3)];
    const first = await batch(items);
    expect(first.status, first.text).toBe(200);
    const r1 = c.data<Rec[]>(first);
    expect(r1.map((r) => [r.uniquenessKey, r.ok, r.created])).toEqual(
      ids.map((id) => [`${formId}#${id}`, true, true]),
    );
    const again = c.data<Rec[]>(await batch(items));
    expect(again.map((r) => r.id)).toEqual(r1.map((r) => r.id));
    expect(again.every((r) => r.ok === true && r.created === false)).toBe(true);
    expect(String(r1[0]?.url)).toBe(`${emulatorUrl}/${String(r1[0]?.id)}`);

    const stored = await record(String(r1[0]?.id));
    expect(stored).toMatchObject({ Status__c: 'Submitted', Version__c: 2 });
    // the JSON for PDF rendering is in the same upsert
    expect(JSON.parse(String(stored.Submission_JSON__c))).toMatchObject({
      id: ids[0],
      formId,
      data: { General: { note: `batch ${ids[0]}` } },
    });
    expect(await record(String(r1[1]?.id))).toMatchObject({ Status__c: 'In Progress', Version__c: 1 });
  });

  it('an older version than the org holds fails that item with 409 and the others still go', async () => {
    const stale = randomUUID();
    const fresh = randomUUID();
    const ident = encodeURIComponent(`${formId}#${stale}`);
    expect(
      (await c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, item(stale, 3, 'in progress')))
        .status,
    ).toBe(200);
    const r = c.data<Rec[]>(await batch([item(stale, 2), item(fresh, 2)]));
    expect(r[0]).toMatchObject({
      uniquenessKey: `${formId}#${stale}`,
      ok: false,
      status: 409,
      errorCode: 'VERSION_CONFLICT',
      messages: [API_MESSAGES.versionConflict],
      details: { orgVersion: 3, sentVersion: 2 },
    });
    expect(r[1]).toMatchObject({ ok: true, created: true });
    // the stale item changed nothing
    const [rec] = c
      .data<Rec[]>(await c.get('/api/pendingSubmissions'))
      .filter((x) => x.Uniqueness_Constraint__c === `${formId}#${stale}`);
    expect(rec).toMatchObject({ Version__c: 3, Status__c: 'In Progress' });
  });

  it('an unknown status fails that item with 400 and its text', async () => {
    const r = c.data<Rec[]>(await batch([item(randomUUID(), 1, 'bogus'), item(randomUUID(), 1)]));
    expect(r[0]).toMatchObject({ ok: false, status: 400, messages: ['Unknown submission status.'] });
    expect(r[1]).toMatchObject({ ok: true });
  });

  it('refuses bad batches as a whole with the error envelope (never a 5xx)', async () => {
    const id = randomUUID();
    const dup = await batch([item(id, 1), item(id, 2)]);
    expect(dup.status).toBe(400);
    expect(dup.json).toMatchObject({
      success: false,
      errorCode: 'BAD_REQUEST',
      messages: ['Each submission may appear only once in a batch.'],
    });
    for (const body of [
      { items: [] },
      {},
      { items: Array.from({ length: 201 }, () => item(randomUUID(), 1)) },
      { items: [{ id: randomUUID(), data: {} }] },
      { items: [item('not a valid id!', 1)] },
      { items: [item(randomUUID(), -1)] },
      { items: [{ ...item(randomUUID(), 1), __proto__: { polluted: true }, extra: 1 }] },
    ]) {
      const r = await c.post('/api/submissions/batch', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
    }
  });

  it('needs a session and the CSRF header', async () => {
    const anon = await fetch(`${bff.base}/api/submissions/batch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'cq', Origin: bff.base },
      body: JSON.stringify({ items: [item(randomUUID(), 1)] }),
    });
    expect(anon.status).toBe(401);
    const noCsrf = await c.post(
      '/api/submissions/batch',
      { items: [item(randomUUID(), 1)] },
      { 'X-Requested-With': '' },
    );
    expect(noCsrf.status).toBe(403);
  });
});
