// The offline core against the real BFF and org-emulator (child processes, real OAuth session).
import { beforeAll, describe, expect, it } from 'vitest';
import { uniquenessKey, type LocalSubmission } from 'shared-contracts';
import { HttpOrgGateway } from './http-gateway';
import type { OfflineServicesHandle } from './services';
import { firstFileOf, submitWithPdf, systemServices, SYSTEM_OWNER } from '../../../test/offline/integration';
import { signedInForFile } from '../../../test/offline/signed-in-for-file';
import { Jar, bffGet, emulatorControl, jarFetch, type System } from '../../../test/offline/system';

const real = signedInForFile();
let sys: System;
let jar: Jar;
let formId: string;

interface OrgSubmission {
  Id: string;
  Uniqueness_Constraint__c: string | null;
  Status__c: string | null;
  Version__c: number | null;
  Submission_JSON__c?: string | null;
}

beforeAll(() => {
  ({ sys, jar, formId } = real);
});

function gateway(j = jar): HttpOrgGateway {
  return new HttpOrgGateway({ baseUrl: sys.bffUrl, fetch: jarFetch(j, sys.bffUrl) });
}

function services(clock: { now: number }, j = jar): OfflineServicesHandle {
  return systemServices(sys, jarFetch(j, sys.bffUrl), { nowMs: () => clock.now });
}

/**
 * Every form submission record, read at the org itself: /api/pendingSubmissions answers only pending
 * (not submitted) ones. Namespace stripped, as the BFF answers them.
 */
async function orgRecords(): Promise<OrgSubmission[]> {
  const rows = await real.org.query<Record<string, unknown>>(
    'SELECT Id, cqext__Uniqueness_Constraint__c, cqext__Status__c, cqext__Version__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c',
  );
  return rows.map(
    (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(/^cqext__/, ''), v])) as never,
  );
}

async function drain(
  svc: OfflineServicesHandle,
  clock: { now: number },
  rounds = 60,
): Promise<LocalSubmission[]> {
  for (let i = 0; i < rounds; i++) {
    await svc.engine.submissions.runOnce();
    await svc.engine.files.runOnce();
    const left = await svc.store.submissionsOf(SYSTEM_OWNER);
    if (left.every((s) => s.syncStatus === 'in sync' || s.syncStatus === 'in error')) return left;
    clock.now += 10 * 60 * 1000;
  }
  return svc.store.submissionsOf(SYSTEM_OWNER);
}

describe('offline core + HTTP gateway against the real BFF and org-emulator', () => {
  it('a submission with a file reaches the org once, with its file; the local record is gone', async () => {
    const clock = { now: Date.now() };
    const svc = services(clock);
    const { id } = await submitWithPdf(svc, {
      formId,
      formName: 'Integration',
      note: 'hello',
      pdfText: '%PDF-1.4 integration bytes',
    });
    const left = await drain(svc, clock);
    expect(left).toEqual([]);
    const key = uniquenessKey(formId, id);
    const mine = (await orgRecords()).filter((r) => r.Uniqueness_Constraint__c === key);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ Status__c: 'Submitted', Version__c: 2 });
    const cd = firstFileOf(mine[0]?.Submission_JSON__c) ?? '';
    expect(cd).toMatch(/^069/);
    expect(await bffGet<unknown>(sys.bffUrl, jar, `/api/content/${cd}`)).toBe('%PDF-1.4 integration bytes');
    await svc.dispose();
  }, 60_000);

  it('a draft syncs as in progress and comes back through importPending', async () => {
    const clock = { now: Date.now() };
    const svc = services(clock);
    const c = await svc.create({ formId, formName: 'Draft', data: { General: { note: 'draft' } } });
    if (!c.ok) throw new Error(c.message);
    const left = await drain(svc, clock);
    expect(left.map((s) => [s.id, s.syncStatus])).toEqual([[c.value.id, 'in sync']]);
    const other = services(clock);
    await other.importPending();
    const imported = await other.store.getSubmission(SYSTEM_OWNER, c.value.id);
    expect(imported).toMatchObject({
      isSalesforceRecord: true,
      status: 'in progress',
      syncStatus: 'in sync',
      formId,
    });
    expect(imported?.data).toEqual({ General: { note: 'draft' } });
    await svc.dispose();
    await other.dispose();
  }, 60_000);

  it("a discarded draft's org copy is deleted by the next import and never comes back", async () => {
    const clock = { now: Date.now() };
    const svc = services(clock);
    const c = await svc.create({ formId, formName: 'Discarded', data: { General: { note: 'bin me' } } });
    if (!c.ok) throw new Error(c.message);
    await drain(svc, clock);
    const key = uniquenessKey(formId, c.value.id);
    const copies = async () => (await orgRecords()).filter((r) => r.Uniqueness_Constraint__c === key);
    expect((await copies()).map((r) => r.Status__c)).toEqual(['In Progress']);
    expect((await svc.discard(c.value.id)).ok).toBe(true);
    await svc.importPending();
    expect(await copies()).toEqual([]);
    expect(await svc.store.getSubmission(SYSTEM_OWNER, c.value.id)).toBeUndefined();
    // The BFF's delete is idempotent: asked again, nothing is left to delete.
    expect(await gateway().discardSubmission(formId, c.value.id)).toBe(false);
    await svc.dispose();
  }, 60_000);

  it('the bulk path: 450 queued submissions reach the org in 3 batch requests, once each', async () => {
    const clock = { now: Date.now() };
    const paths: string[] = [];
    const base = jarFetch(jar, sys.bffUrl);
    const svc = systemServices(
      sys,
      (url, init) => {
        paths.push(new URL(url).pathname);
        return base(url, init);
      },
      { nowMs: () => clock.now },
    );
    const c = await svc.create({ formId, formName: 'Bulk' });
    if (!c.ok) throw new Error(c.message);
    await svc.discard(c.value.id);
    const items: LocalSubmission[] = Array.from({ length: 450 }, (_, i) => ({
      ...c.value,
      id: crypto.randomUUID(),
      status: i % 3 === 0 ? 'in progress' : 'submitted',
      syncStatus: 'out of sync',
      version: 2,
      data: { General: { i } },
    }));
    const q = await svc.queueMany(items);
    if (!q.ok) throw new Error(q.message);
    const left = await drain(svc, clock);
    expect(left.filter((s) => s.syncStatus !== 'in sync')).toEqual([]);
    expect(left).toHaveLength(150); // the drafts stay, in sync; the submitted ones are gone
    expect(paths.filter((p) => p === '/api/submissions/batch')).toHaveLength(3);
    const keys = new Set(items.map((s) => uniquenessKey(formId, s.id)));
    const mine = (await orgRecords()).filter((r) => keys.has(r.Uniqueness_Constraint__c ?? ''));
    expect(mine).toHaveLength(450);
    expect(mine.filter((r) => r.Status__c === 'Submitted')).toHaveLength(300);
    await svc.dispose();
  }, 60_000);

  it('versions only go forward: an older save is a conflict; the same version again is harmless', async () => {
    const g = gateway();
    const id = crypto.randomUUID();
    const p = (version: number) => ({
      id,
      formId,
      formName: 'V',
      status: 'in progress' as const,
      version,
      data: { v: version },
      uniquenessKey: uniquenessKey(formId, id),
    });
    await g.saveSubmission(p(3));
    await g.saveSubmission(p(3));
    await expect(g.saveSubmission(p(2))).rejects.toMatchObject({ kind: 'conflict', status: 409 });
    expect(
      (await orgRecords()).filter((r) => r.Uniqueness_Constraint__c === uniquenessKey(formId, id)),
    ).toHaveLength(1);
  }, 30_000);

  it('signed out: 401 is classified unauthorized, the token call too', async () => {
    const g = gateway(new Jar());
    await expect(g.getToken()).rejects.toMatchObject({ kind: 'unauthorized' });
    const id = crypto.randomUUID();
    await expect(
      g.saveSubmission({
        id,
        formId,
        formName: 'x',
        status: 'in progress',
        version: 1,
        data: {},
        uniquenessKey: uniquenessKey(formId, id),
      }),
    ).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  }, 30_000);

  it('unknown form: no definition (null); checkFormStatus answers ids to purge', async () => {
    const g = gateway();
    expect(await g.getFormDefinition('a0F000000000999AAA')).toBeNull();
    expect(await g.getFormDefinition(formId)).toMatchObject({ schema: expect.any(Object) });
    expect(await g.checkFormStatus(['a0F000000000999AAA'])).toEqual(['a0F000000000999AAA']);
  }, 30_000);

  it('org faults (5xx, dropped connections, lost responses on writes): every queued submission lands exactly once', async () => {
    const clock = { now: Date.now() };
    const svc = services(clock);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await svc.create({ formId, formName: `Chaos ${i}`, data: { General: { i } } });
      if (!c.ok) throw new Error(c.message);
      await svc.submit(c.value.id, { General: { i, done: true } });
      ids.push(c.value.id);
    }
    await emulatorControl(sys.emulatorUrl, 'POST', '/faults', {
      errorRate: 0.15,
      errorStatus: 503,
      dropRate: 0.05,
      lostResponseRate: 0.1,
      methods: ['PATCH', 'POST'],
      pathPattern: '/sobjects/',
    });
    try {
      const left = await drain(svc, clock, 80);
      expect(left).toEqual([]);
    } finally {
      await emulatorControl(sys.emulatorUrl, 'DELETE', '/faults');
    }
    const keys = new Set(ids.map((id) => uniquenessKey(formId, id)));
    const mine = (await orgRecords()).filter((r) => keys.has(r.Uniqueness_Constraint__c ?? ''));
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((r) => r.Uniqueness_Constraint__c)).size).toBe(12);
    expect(mine.every((r) => r.Status__c === 'Submitted')).toBe(true);
    await svc.dispose();
  }, 120_000);
});
