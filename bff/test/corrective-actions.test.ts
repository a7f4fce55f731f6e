// Issue 43 through the BFF over HTTP against the emulated org: a submit of a scored form records its
// score (submission fields and the JSON's score block) and the org turns the failed items' actions into
// tasks once (a resubmit updates them); the assignee lists their open actions and completes one with
// what was done and a photo, as themselves (a partner sees only what the org shares with them).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
const emulatorUrl = inject('emulatorUrl');
const PARTNER_ID = '0055g0000000003AAA';
/** The demo org's "Site Maintenance" queue (Tasks), partner.user its member. */
const QUEUE_ID = '00G5g0000000001EAA';
const ADMIN_ID = '0055g0000000001AAA';
let bff: RunningBff;
let field: Client;
let partner: Client;
let formId = '';

const options = [
  { const: 'Pass', title: 'Pass', color: 'green-white' },
  { const: 'Fail', title: 'Fail', color: 'red-white' },
];
const question = (title: string) => ({ type: 'string', title, oneOf: options });
const formJson = {
  cqFormType: 'cqext__SQX_Inspection__c',
  formName: 'Scored site check with actions',
  version: '2.0.0',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          Exits: question('Exits clear?'),
          Lights: question('Lights work?'),
          Floor: question('Floor dry?'),
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Site',
        elements: ['Exits', 'Lights', 'Floor'].map((f) => ({
          type: 'Control',
          scope: `#/properties/General/properties/${f}`,
        })),
      },
    ],
  },
  scoring: {
    passMark: 80,
    correctiveActions: { enabled: true, assignee: 'recordOwner', dueDays: 7, priority: 'Normal' },
  },
};

async function adminCall(method: string, path: string, body?: unknown): Promise<Rec> {
  const token = await passwordToken(emulatorUrl, DEMO.admin);
  const res = await fetch(`${emulatorUrl}/services/data/v62.0${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.status === 204 ? {} : ((await res.json()) as Rec);
}
const adminQuery = async (soql: string): Promise<Rec[]> =>
  ((await adminCall('GET', `/query?q=${encodeURIComponent(soql)}`)) as { records: Rec[] }).records;

const submit = (id: string, data: Rec, mainRecordId: string, version = 1) =>
  field.post(
    `/api/data?recordId=${formId}&submissionStatus=submitted&submissionId=${id}&version=${version}`,
    {
      id,
      formId,
      status: 'submitted',
      version,
      data,
      mainRecordId,
      submittedOn: '2026-11-20T10:00:00.000Z',
    },
  );

const failing = (title: string): Rec => ({
  General: { Exits: 'Pass', Lights: 'Fail', Floor: 'Fail' },
  Findings: { 'General-Lights': { Note: 'Two bulbs out' } },
  CorrectiveActions: {
    'General.Lights': { title, assigneeId: PARTNER_ID, assigneeName: 'Paula Partner', priority: 'High' },
    'General.Floor': { title: 'Mop the floor', dismissed: { reason: 'Dried while we were there' } },
  },
});

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  [field, partner] = await Promise.all([signedIn(bff.base, DEMO.field), signedIn(bff.base, DEMO.partner)]);
  formId = String(
    (
      await adminCall('POST', '/sobjects/cqext__SQX_Form_Definition__c', {
        Name: `FORM-ACT-${randomUUID().slice(0, 8)}`,
        cqext__Title__c: 'Scored site check',
        cqext__Form_JSON__c: JSON.stringify(formJson),
        cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
        cqext__Status__c: 'Active',
      })
    ).id,
  );
});
afterAll(() => bff.close());

const inspection = async (): Promise<string> =>
  String((await adminCall('POST', '/sobjects/cqext__SQX_Inspection__c', { cqext__Notes__c: 'actions' })).id);

const actionTasks = (whatId: string) =>
  adminQuery(
    `SELECT Id, Subject, OwnerId, ActivityDate, Priority, Status, Description, cqext__CQ_Action_Key__c FROM Task WHERE WhatId = '${whatId}'`,
  );

describe('the score and corrective actions of a submit', () => {
  it('records the score on the submission and the inspection; one task per action not dismissed, once', async () => {
    const mainId = await inspection();
    const id = randomUUID();
    const r = await submit(id, failing('Replace the bulbs'), mainId);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    const [sub] = await adminQuery(
      `SELECT Name, cqext__Score_Points__c, cqext__Score_Max__c, cqext__Score_Percent__c, cqext__Score_Passed__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${id}'`,
    );
    expect(sub).toMatchObject({
      cqext__Score_Points__c: 1,
      cqext__Score_Max__c: 3,
      cqext__Score_Percent__c: 33.3,
      cqext__Score_Passed__c: false,
    });
    const score = (JSON.parse(String(sub?.cqext__Submission_JSON__c)) as { score: Rec }).score;
    expect(score).toMatchObject({ points: 1, max: 3, percent: 33.3, passed: false, failedCount: 2 });
    expect((score.answers as Rec)['General.Lights']).toEqual({
      points: 0,
      max: 1,
      failed: true,
      question: 'Lights work?',
      answer: 'Fail',
      answerLabel: 'Fail',
      section: 'Site',
    });
    const [main] = await adminQuery(
      `SELECT cqext__Score_Points__c, cqext__Score_Percent__c, cqext__Score_Passed__c, cqext__Open_Actions__c FROM cqext__SQX_Inspection__c WHERE Id = '${mainId}'`,
    );
    expect(main).toMatchObject({
      cqext__Score_Points__c: 1,
      cqext__Score_Percent__c: 33.3,
      cqext__Score_Passed__c: false,
      cqext__Open_Actions__c: 1,
    });
    const tasks = await actionTasks(mainId);
    expect(tasks.map(({ attributes: _a, Id: _i, ...t }) => t)).toEqual([
      {
        Subject: 'Replace the bulbs',
        OwnerId: PARTNER_ID,
        ActivityDate: '2026-11-27',
        Priority: 'High',
        Status: 'Not Started',
        Description: `Question: Lights work?\nAnswer: Fail\nNote: Two bulbs out\nSubmission: ${String(sub?.Name)}`,
        cqext__CQ_Action_Key__c: `${formId}#${id}:General.Lights`,
      },
    ]);

    // the same submit again (a retry), then a changed resubmit: the same one task
    expect((await submit(id, failing('Replace the bulbs'), mainId)).status).toBe(200);
    expect((await submit(id, failing('Replace all bulbs'), mainId, 2)).status).toBe(200);
    const after = await actionTasks(mainId);
    expect(after.map((t) => [t.Id, t.Subject])).toEqual([[tasks[0]?.Id, 'Replace all bulbs']]);
  });

  it('the default rule owns an action without an assignee (recordOwner: the inspection’s owner)', async () => {
    const mainId = await inspection();
    const data = failing('');
    (data.CorrectiveActions as Rec)['General.Lights'] = {};
    expect((await submit(randomUUID(), data, mainId)).status).toBe(200);
    const [task] = await actionTasks(mainId);
    expect(task).toMatchObject({ Subject: 'Lights work?', OwnerId: ADMIN_ID, Priority: 'Normal' });
  });
});

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A file uploaded through the BFF as the client (POST /api/files); its ContentDocument Id. */
async function upload(client: Client, name: string): Promise<string> {
  const fd = new FormData();
  const blob = name.endsWith('.png')
    ? new Blob([Buffer.from(PNG_1PX, 'base64')], { type: 'image/png' })
    : new Blob([Buffer.from(`%PDF-1.7\n${name}\n${'x'.repeat(200)}`)], { type: 'application/pdf' });
  fd.append('fileData', blob, name);
  const up = await fetch(`${client.base}/api/files`, {
    method: 'POST',
    body: fd,
    headers: { 'X-Requested-With': 'cq', Origin: client.base, Cookie: client.jar.header(client.base) },
  });
  return ((await up.json()) as { data: { id: string } }).data.id;
}

describe('the assignee’s corrective actions', () => {
  it('a partner lists only their own open actions, with the question, answer and note', async () => {
    const mainId = await inspection();
    const title = `Fix lights ${randomUUID().slice(0, 6)}`;
    expect((await submit(randomUUID(), failing(title), mainId)).status).toBe(200);
    const r = await partner.get('/api/correctiveActions');
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    const mine = partner.data<Rec[]>(r).find((t) => t.subject === title);
    expect(mine).toMatchObject({
      whatId: mainId,
      question: 'Lights work?',
      answer: 'Fail',
      note: 'Two bulbs out',
      dueDate: '2026-11-27',
      priority: 'High',
      status: 'Not Started',
    });
    expect(String(mine?.submission)).toMatch(/^FS-/);
    // the field user submitted it but is not its assignee: not on their list
    const theirs = field.data<Rec[]>(await field.get('/api/correctiveActions'));
    expect(theirs.some((t) => t.subject === title)).toBe(false);
  });

  it('completes one with what was done and a photo; the open count follows; twice is a 409', async () => {
    const mainId = await inspection();
    const title = `Fix lights ${randomUUID().slice(0, 6)}`;
    expect((await submit(randomUUID(), failing(title), mainId)).status).toBe(200);
    const task = partner
      .data<Rec[]>(await partner.get('/api/correctiveActions'))
      .find((t) => t.subject === title);
    const taskId = String(task?.taskId);

    const fd = new FormData();
    fd.append(
      'fileData',
      new Blob([Buffer.from(`%PDF-1.7\nfixed\n${'x'.repeat(200)}`)], { type: 'application/pdf' }),
      'fixed.pdf',
    );
    const up = await fetch(`${partner.base}/api/files`, {
      method: 'POST',
      body: fd,
      headers: { 'X-Requested-With': 'cq', Origin: partner.base, Cookie: partner.jar.header(partner.base) },
    });
    const photoId = ((await up.json()) as { data: { id: string } }).data.id;

    // the field user may not close the partner's action: it is not theirs to see
    const foreign = await field.post(`/api/correctiveActions/${taskId}/complete`, { done: 'Nothing' });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({
      success: false,
      messages: ['This corrective action does not exist or is not yours.'],
    });

    const done = await partner.post(`/api/correctiveActions/${taskId}/complete`, {
      done: 'Replaced both bulbs',
      contentDocumentIds: [photoId],
    });
    expect(done.status, done.text.slice(0, 300)).toBe(200);
    expect(partner.data(done)).toEqual({ id: taskId, status: 'Completed', linked: 1 });
    const [row] = await adminQuery(`SELECT Status, Description FROM Task WHERE Id = '${taskId}'`);
    expect(row?.Status).toBe('Completed');
    expect(String(row?.Description)).toMatch(/\nDone: Replaced both bulbs$/);
    const links = await adminQuery(
      `SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = '${taskId}'`,
    );
    expect(links.map((l) => l.ContentDocumentId)).toEqual([photoId]);
    const [main] = await adminQuery(
      `SELECT cqext__Open_Actions__c FROM cqext__SQX_Inspection__c WHERE Id = '${mainId}'`,
    );
    expect(main?.cqext__Open_Actions__c).toBe(0);
    expect(
      partner.data<Rec[]>(await partner.get('/api/correctiveActions')).some((t) => t.taskId === taskId),
    ).toBe(false);

    const again = await partner.post(`/api/correctiveActions/${taskId}/complete`, { done: 'Again' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ messages: ['This corrective action is already completed.'] });
  });

  it('a queue’s action is on its member’s list with the failed answer’s photo; the inspector cannot see it', async () => {
    const mainId = await inspection();
    const title = `Queue fix ${randomUUID().slice(0, 6)}`;
    const photoId = await upload(field, 'finding.png');
    const data = failing(title);
    (data.CorrectiveActions as Rec)['General.Lights'] = {
      title,
      assigneeId: QUEUE_ID,
      assigneeName: 'Site Maintenance',
    };
    (data.Findings as Rec)['General-Lights'] = {
      Note: 'Two bulbs out',
      Photos: [{ ContentDocumentId: photoId, LocalId: randomUUID(), Name: 'finding.png' }],
    };
    expect((await submit(randomUUID(), data, mainId)).status).toBe(200);
    const [task] = await actionTasks(mainId);
    expect(task?.OwnerId).toBe(QUEUE_ID);
    const mine = partner
      .data<Rec[]>(await partner.get('/api/correctiveActions'))
      .find((t) => t.subject === title);
    expect(mine).toMatchObject({
      queueName: 'Site Maintenance',
      photos: [{ id: photoId, title: 'finding' }],
    });
    // the photo is shared through the task: the queue's member sees its preview
    expect((await partner.get(`/api/files/${photoId}/preview`)).status).toBe(200);
    const fieldList = field.data<Rec[]>(await field.get('/api/correctiveActions'));
    expect(fieldList.some((t) => t.subject === title)).toBe(false);
  });

  it('a completion queued on the device closes its task through the batch route, once; others’ are refused', async () => {
    const mainId = await inspection();
    const title = `Batch fix ${randomUUID().slice(0, 6)}`;
    expect((await submit(randomUUID(), failing(title), mainId)).status).toBe(200);
    const taskId = String(
      partner.data<Rec[]>(await partner.get('/api/correctiveActions')).find((t) => t.subject === title)
        ?.taskId,
    );
    // an action task is not one of the assigned tasks to start a form from
    const assigned = partner.data<{ records: Rec[] }>(
      await partner.get('/api/searchQuery/?kind=assignedTasks'),
    ).records;
    expect(assigned.some((t) => t.taskId === taskId)).toBe(false);

    const photoId = await upload(partner, 'fixed.pdf');
    const item = (who: string) => ({
      id: randomUUID(),
      formId: taskId,
      formName: title,
      status: 'Submitted',
      version: 2,
      data: {
        Done: `Replaced by ${who}`,
        Photos: [{ ContentDocumentId: photoId, LocalId: randomUUID(), Name: 'fixed.pdf' }],
      },
    });
    const foreign = await field.post('/api/submissions/batch', { items: [item('field')] });
    expect(foreign.status).toBe(200);
    expect(field.data<Rec[]>(foreign)[0]).toMatchObject({
      ok: false,
      status: 404,
      messages: ['This corrective action does not exist or is not yours.'],
    });

    // stored on the device before it is marked done (sent as a draft meanwhile): nothing happens
    const draft = await partner.post('/api/submissions/batch', {
      items: [{ ...item('partner'), status: 'In Progress', data: {} }],
    });
    expect(partner.data<Rec[]>(draft)[0]).toMatchObject({ ok: true, url: null });
    expect((await adminQuery(`SELECT Status FROM Task WHERE Id = '${taskId}'`))[0]?.Status).toBe(
      'Not Started',
    );

    const mine = item('partner');
    const sent = await partner.post('/api/submissions/batch', { items: [mine] });
    expect(partner.data<Rec[]>(sent)[0]).toMatchObject({
      ok: true,
      id: taskId,
      uniquenessKey: `${taskId}#${mine.id}`,
    });
    // the same item again (its answer lost): delivered, nothing written twice
    const again = await partner.post('/api/submissions/batch', { items: [mine] });
    expect(partner.data<Rec[]>(again)[0]).toMatchObject({ ok: true, id: taskId });
    const [row] = await adminQuery(`SELECT Status, Description FROM Task WHERE Id = '${taskId}'`);
    expect(row?.Status).toBe('Completed');
    expect(String(row?.Description).match(/Done: /g)).toHaveLength(1);
    const links = await adminQuery(
      `SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = '${taskId}'`,
    );
    expect(links.map((l) => l.ContentDocumentId)).toEqual([photoId]);
    const [main] = await adminQuery(
      `SELECT cqext__Open_Actions__c FROM cqext__SQX_Inspection__c WHERE Id = '${mainId}'`,
    );
    expect(main?.cqext__Open_Actions__c).toBe(0);
  });

  it('the builder finds the queues that can own an action by name', async () => {
    const admin = await signedIn(bff.base, DEMO.admin);
    const r = await admin.get(
      `/api/searchQuery/?kind=lookup&object=Group&name=Site&filters=${encodeURIComponent(
        JSON.stringify([{ field: 'Type', operator: 'eq', value: 'Queue' }]),
      )}`,
    );
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(admin.data<{ records: Rec[] }>(r).records.map((q) => [q.Id, q.Name])).toEqual([
      [QUEUE_ID, 'Site Maintenance'],
    ]);
  });

  it('bad input is a 400 with the envelope', async () => {
    const noDone = await partner.post('/api/correctiveActions/00T000000000001AAA/complete', {});
    expect(noDone.status).toBe(400);
    expect(noDone.json).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
    const badId = await partner.post('/api/correctiveActions/not-an-id/complete', { done: 'x' });
    expect(badId.status).toBe(400);
    const blank = await partner.post('/api/correctiveActions/00T000000000001AAA/complete', { done: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ messages: ['Say what was done.'] });
  });
});
