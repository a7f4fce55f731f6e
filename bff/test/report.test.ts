// The org's copy of the inspection report (issue 42), over HTTP against the emulator: a submit makes
// exactly one ContentDocument linked to the submission with one version; a resubmit makes a second
// version of the same document; the PDF's text holds the answers and "Page 1 of N".
import { randomUUID } from 'node:crypto';
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfPages } from 'report/testing/pdf-text';
import type { ChildProcess } from 'node:child_process';
import { startEmulator, stop } from './global-setup';
import { reportsIdle } from '../src/report/org-report';
import { spawnBff, type BffProcess } from './bff-process';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
let org: Connection;
let formId = '';
type Rec = Record<string, unknown>;

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAJUlEQVR4AYXBAQEAIAyAMCTN+6ewlTY427kzj4UECRIkSJAg4QMrkgInO4VXdgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
  // FORM-0003 (Equipment Checklist): a number, a table and signatures, no required field
  formId = String(c.data<Rec[]>(await c.get('/api/forms')).find((f) => f.Name === 'FORM-0003')?.Id);
  org = new Connection({
    instanceUrl: emulatorUrl,
    accessToken: await passwordToken(emulatorUrl, DEMO.field),
    version: '62.0',
  });
});
afterAll(() => bff.close());

const submit = (sid: string, version: number, hours: number, client = c, form = formId) =>
  client.post(
    `/api/data?recordId=${form}&submissionStatus=submitted&submissionId=${sid}&version=${version}`,
    {
      id: sid,
      formId: form,
      formName: 'FORM-0003 - Equipment Checklist',
      status: 'submitted',
      version,
      createdOn: '2026-11-23T14:00:00.000Z',
      submittedOn: '2026-11-23T15:30:00.000Z',
      data: {
        General: {
          CQ_Form_Hours: hours,
          G_Table_1: [
            { C1: 'Boiler gauge', C2: '3.2', C3: 'bar' },
            { C1: 'Tank gauge', C2: '71', C3: '%' },
          ],
          signatures: [{ Purpose: 'Inspector', SignatureBase64: SIGNATURE }],
        },
      },
    },
  );

/** Polls the report status as the app does after a submit, until it is ready for `version`. */
async function readyReport(recordId: string, version: number, client = c, seen: Rec[] = []): Promise<Rec> {
  for (let i = 0; i < 100; i++) {
    const r = await client.get(`/api/report/${recordId}`);
    expect(r.status, r.text).toBe(200);
    const state = client.data<Rec>(r);
    seen.push(state);
    if (state.status === 'ready' && state.version === version) return state;
    if (state.status === 'failed' && client === c) throw new Error(`report failed: ${String(state.error)}`);
    await new Promise((res) => setTimeout(res, 150));
  }
  throw new Error('report not ready');
}

const documentsOf = async (recordId: string): Promise<string[]> =>
  (
    await org.query<{ ContentDocumentId: string }>(
      `SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = '${recordId}'`,
    )
  ).records.map((r) => r.ContentDocumentId);
const versionsOf = async (documentId: string) =>
  (
    await org.query<{ Id: string; ReasonForChange: string; IsLatest: boolean }>(
      `SELECT Id, ReasonForChange, IsLatest FROM ContentVersion WHERE ContentDocumentId = '${documentId}' ORDER BY CreatedDate`,
    )
  ).records;

describe('the inspection report in the org', () => {
  it('a submit makes one document with one version linked to the submission; its PDF holds the answers', async () => {
    const sid = randomUUID();
    const r = await submit(sid, 2, 12);
    expect(r.status, r.text).toBe(200);
    const id = String(c.data<Rec>(r).id);
    const state = await readyReport(id, 2);

    const docs = await documentsOf(id);
    expect(docs).toEqual([state.contentDocumentId]);
    const versions = await versionsOf(String(state.contentDocumentId));
    expect(versions.map((v) => v.ReasonForChange)).toEqual(['Submitted version 2']);

    // the same submit retried makes no second version
    expect((await submit(sid, 2, 12)).status).toBe(200);
    await readyReport(id, 2);
    expect(await versionsOf(String(state.contentDocumentId))).toHaveLength(1);

    const pdf = await c.get(`/api/report/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await (
      await fetch(`${bff.base}/api/report/${id}/pdf`, { headers: { Cookie: c.jar.header(bff.base) ?? '' } })
    ).arrayBuffer();
    const pages = await pdfPages(new Uint8Array(bytes));
    const text = pages.join('\n');
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    for (const t of [
      'FORM-0003 - Equipment Checklist',
      'Operating hours',
      '12',
      'Boiler gauge',
      'Tank gauge',
    ])
      expect(text).toContain(t);
    expect(text).toContain('Frank Fielding');
    // the submission's id on every page, beside its page number
    pages.forEach((p, i) => expect(p).toContain(`${sid} Page ${i + 1} of ${pages.length}`));
    expect(text).toContain('Inspector');
  });

  it("the cover names the record by its name, the inspector, and the times in the inspector's time zone", async () => {
    const [account] = (await org.query<{ Id: string; Name: string }>('SELECT Id, Name FROM Account LIMIT 1'))
      .records;
    expect(account?.Name).toBeTruthy();
    const sid = randomUUID();
    const r = await c.post(
      `/api/data?recordId=${formId}&submissionStatus=submitted&submissionId=${sid}&version=2`,
      {
        id: sid,
        formId,
        formName: 'FORM-0003 - Equipment Checklist',
        status: 'submitted',
        version: 2,
        mainRecordId: account?.Id,
        createdOn: '2026-11-23T14:00:00.000Z',
        submittedOn: '2026-11-23T15:30:00.000Z',
        data: { General: { CQ_Form_Hours: 6 } },
      },
    );
    expect(r.status, r.text).toBe(200);
    const id = String(c.data<Rec>(r).id);
    await readyReport(id, 2);
    const bytes = await (
      await fetch(`${bff.base}/api/report/${id}/pdf`, { headers: { Cookie: c.jar.header(bff.base) ?? '' } })
    ).arrayBuffer();
    const cover = (await pdfPages(new Uint8Array(bytes)))[0] ?? '';
    expect(cover).toContain(String(account?.Name));
    expect(cover).not.toContain(String(account?.Id));
    expect(cover).toContain('Frank Fielding');
    // Frank's TimeZoneSidKey is America/New_York: 14:00 and 15:30 UTC are 9:00 and 10:30 there
    expect(cover).toMatch(/\b9:00\b/);
    expect(cover).toMatch(/\b10:30\b/);
  });

  it("reads in the submission's language: saved with its JSON, the report's own texts in it (issue 44)", async () => {
    const sid = randomUUID();
    const body = {
      id: sid,
      formId,
      formName: 'FORM-0003 - Equipment Checklist',
      status: 'submitted',
      version: 2,
      createdOn: '2026-11-23T14:00:00.000Z',
      submittedOn: '2026-11-23T15:30:00.000Z',
      data: { General: { CQ_Form_Hours: 4 } },
    };
    const url = `/api/data?recordId=${formId}&submissionStatus=submitted&submissionId=${sid}&version=2`;
    const bad = await c.post(url, { ...body, language: 'es; DROP' });
    expect(bad.status).toBe(400);
    const r = await c.post(url, { ...body, language: 'es_MX' });
    expect(r.status, r.text).toBe(200);
    const id = String(c.data<Rec>(r).id);
    const [record] = (
      await org.query<Rec>(
        `SELECT cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE Id = '${id}'`,
      )
    ).records;
    expect(JSON.parse(String(record?.cqext__Submission_JSON__c)).language).toBe('es_MX');
    await readyReport(id, 2);
    const bytes = await (
      await fetch(`${bff.base}/api/report/${id}/pdf`, { headers: { Cookie: c.jar.header(bff.base) ?? '' } })
    ).arrayBuffer();
    const pages = await pdfPages(new Uint8Array(bytes));
    const text = pages.join('\n');
    expect(pages[0]).toContain(`Página 1 de ${pages.length}`);
    for (const t of ['Formulario', 'Inspector', 'Elementos fallidos y marcados', 'Enviado'])
      expect(text).toContain(t);
    expect(text).not.toContain('Failed and flagged items');
  });

  it('a resubmit makes a second version of the same document, never a second document', async () => {
    const sid = randomUUID();
    const id = String(c.data<Rec>(await submit(sid, 2, 5)).id);
    const first = await readyReport(id, 2);
    // sent back by a reviewer (the org's copy goes back to In Progress), corrected and resubmitted
    await org
      .sobject('cqext__SQX_Form_Submission__c')
      .update({ Id: id, cqext__Status__c: 'In Progress' } as never);
    const again = await submit(sid, 3, 7);
    expect(again.status, again.text).toBe(200);
    const second = await readyReport(id, 3);
    expect(second.contentDocumentId).toBe(first.contentDocumentId);
    expect(second.contentVersionId).not.toBe(first.contentVersionId);
    expect(await documentsOf(id)).toEqual([first.contentDocumentId]);
    const versions = await versionsOf(String(first.contentDocumentId));
    expect(versions.map((v) => [v.ReasonForChange, v.IsLatest])).toEqual([
      ['Submitted version 2', false],
      ['Submitted version 3', true],
    ]);
    const bytes = await (
      await fetch(`${bff.base}/api/report/${id}/pdf`, { headers: { Cookie: c.jar.header(bff.base) ?? '' } })
    ).arrayBuffer();
    expect((await pdfPages(new Uint8Array(bytes))).join('\n')).toMatch(/Operating hours\s+7/);
  });

  it('a legacy record (submitted before reports existed) gets its report made once when it is resubmitted', async () => {
    const sid = randomUUID();
    // as the app wrote it before issue 42: Submitted, no report fields, no started or submitted times
    const legacy = await org.sobject('cqext__SQX_Form_Submission__c').create({
      cqext__Form_Definition__c: formId,
      cqext__Uniqueness_Constraint__c: `${formId}#${sid}`,
      cqext__Status__c: 'Submitted',
      cqext__Version__c: 1,
      cqext__Submission_JSON__c: JSON.stringify({
        id: sid,
        formId,
        formName: 'FORM-0003 - Equipment Checklist',
        data: { General: { CQ_Form_Hours: 1 } },
        status: 'submitted',
        version: 1,
      }),
    } as never);
    const id = String((legacy as { id?: string }).id);
    expect(id).toMatch(/^a/);
    // sent back by a reviewer, corrected and resubmitted; the device's outbox sends it once more (its
    // answer lost), and the inspector opens the report meanwhile
    await org
      .sobject('cqext__SQX_Form_Submission__c')
      .update({ Id: id, cqext__Status__c: 'In Progress' } as never);
    const sent = await submit(sid, 2, 8);
    expect(sent.status, sent.text).toBe(200);
    expect(c.data<Rec>(sent).id).toBe(id);
    const [again, read] = await Promise.all([submit(sid, 2, 8), c.get(`/api/report/${id}`)]);
    expect(again.status, again.text).toBe(200);
    expect(read.status).toBe(200);
    const ready = await readyReport(id, 2);
    await reportsIdle();
    expect(await documentsOf(id)).toEqual([ready.contentDocumentId]);
    expect((await versionsOf(String(ready.contentDocumentId))).map((v) => v.ReasonForChange)).toEqual([
      'Submitted version 2',
    ]);
    const bytes = await (
      await fetch(`${bff.base}/api/report/${id}/pdf`, { headers: { Cookie: c.jar.header(bff.base) ?? '' } })
    ).arrayBuffer();
    expect((await pdfPages(new Uint8Array(bytes))).join('\n')).toMatch(/Operating hours\s+8/);
  });

  it("the offline uploader's batch submit gets its report with no one asking for it", async () => {
    const sid = randomUUID();
    const sent = await c.post('/api/submissions/batch', {
      items: [
        {
          id: sid,
          formId,
          formName: 'FORM-0003 - Equipment Checklist',
          status: 'submitted',
          version: 2,
          data: { General: { CQ_Form_Hours: 3 } },
        },
      ],
    });
    expect(sent.status, sent.text).toBe(200);
    const [item] = c.data<Rec[]>(sent);
    await reportsIdle();
    const docs = await documentsOf(String(item?.id));
    expect(docs).toHaveLength(1);
    expect((await versionsOf(docs[0]!)).map((v) => v.ReasonForChange)).toEqual(['Submitted version 2']);
  });

  it('a record with no submitted report answers none, and its PDF is a 404 with the envelope', async () => {
    const sid = randomUUID();
    const draft = await c.post(`/api/savesubmission?formSubmissionIdentifier=${formId}%23${sid}`, {
      id: sid,
      formId,
      formName: 'Draft',
      status: 'in progress',
      version: 1,
      data: { General: { CQ_Form_Hours: 1 } },
    });
    const id = String(c.data<Rec>(draft).id);
    expect(c.data<Rec>(await c.get(`/api/report/${id}`))).toEqual({ status: 'none' });
    const pdf = await c.get(`/api/report/${id}/pdf`);
    expect(pdf.status).toBe(404);
    expect(pdf.json).toMatchObject({ success: false, messages: ['The report is not ready yet.'] });
  });
});

describe('a report the org refuses', () => {
  let emulator: { url: string; child: ChildProcess };
  let own: RunningBff;
  let field: Client;
  beforeAll(async () => {
    emulator = await startEmulator();
    own = await startBff(emulator.url);
    field = await signedIn(own.base);
  }, 60_000);
  afterAll(async () => {
    await own?.close();
    if (emulator) await stop(emulator.child);
  });

  it('never fails the submit, shows as failed with the error, and is made on the next read', async () => {
    const form = String(
      field.data<Rec[]>(await field.get('/api/forms')).find((f) => f.Name === 'FORM-0003')?.Id,
    );
    const fault = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        errorRate: 1,
        errorStatus: 400,
        errorCode: 'STORAGE_LIMIT_EXCEEDED',
        errorMessage: 'storage limit exceeded',
        pathPattern: 'sobjects/ContentVersion$',
        methods: ['POST'],
        times: 1,
        // the insert inside the report's one Composite write
        subrequests: true,
      }),
    });
    expect(fault.ok).toBe(true);
    const r = await submit(randomUUID(), 2, 9, field, form);
    expect(r.status, r.text).toBe(200);
    const written = field.data<Rec>(r);
    expect(String(written.url)).toBe(`${emulator.url}/${String(written.id)}`);
    const seen: Rec[] = [];
    const ready = await readyReport(String(written.id), 2, field, seen);
    expect(seen.find((s) => s.status === 'failed')).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'storage limit exceeded',
    });
    expect(ready.contentDocumentId).toMatch(/^069/);
    // the record the admin reads says so too, with no error left
    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const rec = (
      await admin.query<Rec>(
        `SELECT cqext__Report_Status__c, cqext__Report_Version__c, cqext__Report_Document_Id__c, cqext__Report_Error__c FROM cqext__SQX_Form_Submission__c WHERE Id = '${String(written.id)}'`,
      )
    ).records[0];
    expect(rec).toMatchObject({
      cqext__Report_Status__c: 'Ready',
      cqext__Report_Version__c: 2,
      cqext__Report_Document_Id__c: ready.contentDocumentId,
      cqext__Report_Error__c: null,
    });
  });

  it("one that keeps failing is Failed on the record for the admin, and survives a restart: the inspector's next submit makes it", async () => {
    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const reportOf = async (id: string) =>
      (
        await admin.query<Rec>(
          `SELECT cqext__Report_Status__c, cqext__Report_Document_Id__c, cqext__Report_Error__c FROM cqext__SQX_Form_Submission__c WHERE Id = '${id}'`,
        )
      ).records[0];
    const faults = (body?: unknown) =>
      fetch(`${emulator.url}/__emulator/faults`, {
        method: body ? 'POST' : 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect(
      (
        await faults({
          errorRate: 1,
          errorStatus: 400,
          errorCode: 'STORAGE_LIMIT_EXCEEDED',
          errorMessage: 'storage limit exceeded',
          pathPattern: 'sobjects/ContentVersion$',
          methods: ['POST'],
          subrequests: true,
        })
      ).ok,
    ).toBe(true);
    // the BFF as deployed, in a process of its own; a report Pending or Failed is retried at once
    const env = { REPORT_RETRY_AFTER_MS: '0' };
    const first = await spawnBff(emulator.url, env);
    let second: BffProcess | undefined;
    try {
      const user = await signedIn(first.base);
      const form = String(
        user.data<Rec[]>(await user.get('/api/forms')).find((f) => f.Name === 'FORM-0003')?.Id,
      );
      const sent = await submit(randomUUID(), 2, 4, user, form);
      expect(sent.status, sent.text).toBe(200);
      const id = String(user.data<Rec>(sent).id);
      await expect
        .poll(() => reportOf(id), { timeout: 15_000 })
        .toMatchObject({
          cqext__Report_Status__c: 'Failed',
          cqext__Report_Error__c: 'Attempt 1: storage limit exceeded',
        });
      first.child.kill('SIGKILL');
      await faults();

      second = await spawnBff(emulator.url, env);
      const again = await signedIn(second.base);
      expect((await submit(randomUUID(), 2, 5, again, form)).status).toBe(200);
      await expect
        .poll(async () => (await reportOf(id))?.cqext__Report_Status__c, { timeout: 15_000 })
        .toBe('Ready');
      const rec = await reportOf(id);
      expect(rec?.cqext__Report_Error__c).toBeNull();
      expect(await documentsOfIn(admin, id)).toEqual([rec?.cqext__Report_Document_Id__c]);
    } finally {
      first.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
    }
  }, 120_000);
});

const documentsOfIn = async (conn: Connection, recordId: string): Promise<string[]> =>
  (
    await conn.query<{ ContentDocumentId: string }>(
      `SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = '${recordId}'`,
    )
  ).records.map((r) => r.ContentDocumentId);
