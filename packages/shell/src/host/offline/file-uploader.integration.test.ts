// The file uploader against the real BFF and org-emulator (child processes, real OAuth session):
// the org stores an upload but its answer is lost; the uploader's retry must not make a second file.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { uniquenessKey } from 'shared-contracts';
import { HttpOrgGateway } from './http-gateway';
import { Signal } from './live';
import { createOfflineServices } from './services';
import {
  DEMO,
  Jar,
  bffGet,
  emulatorControl,
  jarFetch,
  signIn,
  startSystem,
  type System,
} from './testing/system';

let sys: System;
let jar: Jar;
let formId: string;

beforeAll(async () => {
  sys = await startSystem();
  jar = new Jar();
  await signIn(sys.bffUrl, jar);
  const forms = await bffGet<{ Id: string }[]>(sys.bffUrl, jar, '/api/forms');
  formId = forms[0]?.Id ?? '';
  if (!formId) throw new Error('the demo org has no forms');
}, 90_000);

afterAll(async () => {
  await sys?.close();
});

/** Records read straight from the emulator (the field user's view). */
async function orgQuery<T>(soql: string): Promise<T[]> {
  const tokenRes = await fetch(`${sys.emulatorUrl}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
      username: DEMO.user,
      password: DEMO.password,
    }).toString(),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const res = await fetch(`${sys.emulatorUrl}/services/data/v62.0/query?q=${encodeURIComponent(soql)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`query failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { records: T[] }).records;
}

const versionsWithKey = (key: string) =>
  orgQuery<{ ContentDocumentId: string }>(
    `SELECT ContentDocumentId FROM ContentVersion WHERE cqext__Upload_Key__c = '${key}'`,
  );

describe('file uploader against the real BFF and org-emulator', () => {
  it('an upload whose answer is lost is retried and leaves exactly one file in the org', async () => {
    const clock = { now: Date.now() };
    const uploads: number[] = [];
    const base = jarFetch(jar, sys.bffUrl);
    const svc = createOfflineServices({
      gateway: new HttpOrgGateway({
        baseUrl: sys.bffUrl,
        fetch: async (url, init) => {
          const res = await base(url, init);
          if (new URL(url).pathname === '/api/files') uploads.push(res.status);
          return res;
        },
      }),
      online: new Signal(true),
      context: () => ({ organizationId: '00D000000000001', instanceUrl: sys.emulatorUrl }),
      locks: null,
      channel: null,
      idb: { indexedDB: new IDBFactory(), IDBKeyRange },
      nowMs: () => clock.now,
      backgroundSync: () => undefined,
    });
    // the org commits the first upload and its answer never comes back (before the file exists,
    // so whichever run sends it first meets the fault)
    await emulatorControl(sys.emulatorUrl, 'POST', '/faults', {
      lostResponseRate: 1,
      times: 1,
      methods: ['POST'],
      pathPattern: 'files/users/me$',
    });
    try {
      const c = await svc.create({ formId, formName: 'Lost answer', data: { General: { note: 'x' } } });
      if (!c.ok) throw new Error(c.message);
      const f = await svc.attachFile(
        c.value.id,
        new Blob(['%PDF-1.4 lost answer bytes'], { type: 'application/pdf' }),
        'evidence.pdf',
      );
      if (!f.ok) throw new Error(f.message);
      const s = await svc.submit(c.value.id, { General: { note: 'x', files: [f.value] } });
      if (!s.ok) throw new Error(s.message);
      for (let i = 0; i < 60; i++) {
        await svc.engine.files.runOnce();
        await svc.engine.submissions.runOnce();
        if ((await svc.dbs.submissions.submissions.count()) === 0) break;
        clock.now += 10 * 60 * 1000;
      }
      expect(await svc.dbs.submissions.submissions.toArray()).toEqual([]);
      // the first answer was lost (the BFF saw the org hang up), the retry answered
      expect(uploads.slice(0, 1)).toEqual([502]);
      expect(uploads.filter((s) => s === 200)).toHaveLength(1);
      const stored = await versionsWithKey(f.value.LocalId);
      expect(stored).toHaveLength(1);
      // the submission that reached the org points at that one file
      const [mine] = await orgQuery<{ cqext__Submission_JSON__c: string }>(
        `SELECT cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${uniquenessKey(formId, c.value.id)}'`,
      );
      const json = JSON.parse(mine?.cqext__Submission_JSON__c ?? '{}') as {
        data?: { General?: { files?: { ContentDocumentId: string }[] } };
      };
      expect(json.data?.General?.files?.[0]?.ContentDocumentId).toBe(stored[0]?.ContentDocumentId);
    } finally {
      await emulatorControl(sys.emulatorUrl, 'DELETE', '/faults');
      await svc.dispose();
    }
  }, 120_000);
});
