import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { DEMO_IDS } from '../src/index.js';
import { ADMIN, errorCodeOf, FIELD_USER, login, PARTNER_USER, start } from './helpers.js';

// The score and the corrective actions of a submitted form (salesforce/docs/submit-processing.md, "The
// score and the corrective actions") on the one fixture the Apex tests use too:
// salesforce/.../classes/SQX_SubmitFixture.cls (its `scored` part), read from that file.

type Rec = Record<string, unknown>;
interface Scored {
  answers: Record<string, unknown>;
  score: Rec & { answers: Record<string, Rec>; actions: Rec & { items: Record<string, Rec> } };
  expectedAnswers: Array<{ ref: string; Points__c: number; Failed__c: boolean }>;
  expectedMain: Record<string, unknown>;
  expectedTasks: Array<{
    ref: string;
    Subject: string;
    ActivityDate: string;
    Priority: string;
    Description: string[];
  }>;
  resubmittedTitle: string;
}
interface Fixture {
  questions: Array<{ ref: string; question: string; options: string[] }>;
  scored: Scored;
}

function apexFixture(): Fixture {
  const file = fileURLToPath(
    new URL('../../salesforce/force-app/main/default/classes/SQX_SubmitFixture.cls', import.meta.url),
  );
  const text = readFileSync(file, 'utf8');
  const expr = text.slice(text.indexOf('JSON_TEXT ='), text.indexOf(';', text.indexOf('JSON_TEXT =')));
  return JSON.parse([...expr.matchAll(/'([^']*)'/g)].map((m) => m[1]).join('')) as Fixture;
}

const { questions, scored } = apexFixture();
let emu: RunningEmulator;
let admin: Connection;
let field: Connection;
let formId: string;
const byRef = new Map<string, string>();
const SUBMISSION = 'cqext__SQX_Form_Submission__c';

beforeAll(async () => {
  emu = await start();
  [admin, field] = await Promise.all([login(emu, ADMIN), login(emu, FIELD_USER)]);
  const doc = await admin
    .sobject('cqext__SQX_Controlled_Document__c')
    .create({ Name: 'DOC-T2', cqext__Title__c: 'Fixture' });
  const section = await admin.sobject('cqext__SQX_Document_Section__c').create({
    Name: 'DOC-T2-S1',
    cqext__Controlled_Document__c: doc.id,
    cqext__Section_Title__c: 'General',
    cqext__Order__c: 1,
  });
  for (const q of questions) {
    const r = await admin.sobject('cqext__SQX_Document_Question__c').create({
      Name: q.ref,
      cqext__Controlled_Document__c: doc.id,
      cqext__Section__c: section.id,
      cqext__Question__c: q.question,
      cqext__Question_Type__c: 'Radio',
      cqext__Result_Type__c: 'Text',
      cqext__Options__c: q.options.join('\n'),
    });
    byRef.set(q.ref, String(r.id));
  }
  const forms = await field.query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0002'",
  );
  formId = forms.records[0]?.Id ?? '';
});
afterAll(async () => emu.close());

const path = (ref: string): string => `Checklist.${byRef.get(ref) ?? ref}`;
const byPath = <T>(m: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(m).map(([ref, v]) => [path(ref), v]));

/**
 * The scored submission's JSON (refs replaced by question Ids), with the action's title given; `actions`
 * changes the block's actions (a queue as the default owner, an action dropped).
 */
function submissionJson(title: string, actions: (a: Scored['score']['actions']) => Rec = (a) => a): string {
  const items = byPath(scored.score.actions.items);
  for (const item of Object.values(items)) item.title = title;
  return JSON.stringify({
    data: {
      Checklist: Object.fromEntries(Object.entries(scored.answers).map(([ref, v]) => [byRef.get(ref), v])),
    },
    score: {
      ...scored.score,
      answers: byPath(scored.score.answers),
      actions: actions({ ...scored.score.actions, items }),
    },
  });
}

/** An inspection the admin owns (the fixture's actions go to the record's owner). */
async function inspection(): Promise<string> {
  const r = await admin.sobject('cqext__SQX_Inspection__c').create({ cqext__Notes__c: 'scored' });
  return String(r.id);
}

const tasksOf = async (whatId: string): Promise<Rec[]> =>
  (
    await admin.query<Rec>(
      `SELECT Id, Subject, Description, OwnerId, ActivityDate, Priority, Status, cqext__CQ_Action_Key__c FROM Task WHERE WhatId = '${whatId}'`,
    )
  ).records;

const mainOf = async (id: string): Promise<Rec> =>
  admin.sobject('cqext__SQX_Inspection__c').retrieve(id) as Promise<Rec>;

describe('score and corrective actions of a submitted form (shared fixture with SQX_CorrectiveActionsTest)', () => {
  it('the answers get their points and failed flag, the main record its score, the action one task', async () => {
    const mainId = await inspection();
    const key = `${formId}#scored-1`;
    const r = await field.sobject(SUBMISSION).create({
      cqext__Form_Definition__c: formId,
      cqext__Uniqueness_Constraint__c: key,
      cqext__Main_Record_Id__c: mainId,
      cqext__Status__c: 'Submitted',
      cqext__Submission_JSON__c: submissionJson(scored.expectedTasks[0]?.Subject ?? ''),
    });
    const submissionId = String(r.id);
    const answers = (
      await field.query<Rec>(
        `SELECT cqext__Question__c, cqext__Points__c, cqext__Failed__c FROM cqext__SQX_Inspection_Answer__c WHERE cqext__Form_Submission__c = '${submissionId}'`,
      )
    ).records;
    expect(
      answers
        .map((a) => ({ q: a.cqext__Question__c, p: a.cqext__Points__c, f: a.cqext__Failed__c }))
        .sort((a, b) => String(a.q).localeCompare(String(b.q))),
    ).toEqual(
      scored.expectedAnswers
        .map((e) => ({ q: byRef.get(e.ref), p: e.Points__c, f: e.Failed__c }))
        .sort((a, b) => String(a.q).localeCompare(String(b.q))),
    );
    const main = await mainOf(mainId);
    for (const [f, v] of Object.entries(scored.expectedMain)) expect(main[`cqext__${f}`], f).toBe(v);

    const name = String(((await field.sobject(SUBMISSION).retrieve(submissionId)) as Rec).Name);
    const tasks = await tasksOf(mainId);
    expect(tasks.map(({ attributes: _a, Id: _i, Status: _s, ...t }) => t)).toEqual(
      scored.expectedTasks.map((e) => ({
        Subject: e.Subject,
        Description: e.Description.join('\n').replace('{submission}', name),
        OwnerId: main.OwnerId,
        ActivityDate: e.ActivityDate,
        Priority: e.Priority,
        cqext__CQ_Action_Key__c: `${key}:${path(e.ref)}`,
      })),
    );
  });

  it('a retried and a changed resubmit update the same task; completing it brings the open count to 0', async () => {
    const mainId = await inspection();
    const key = `${formId}#scored-2`;
    const upsert = (title: string) =>
      field.sobject(SUBMISSION).upsert(
        {
          cqext__Uniqueness_Constraint__c: key,
          cqext__Form_Definition__c: formId,
          cqext__Main_Record_Id__c: mainId,
          cqext__Status__c: 'Submitted',
          cqext__Submission_JSON__c: submissionJson(title),
        },
        'cqext__Uniqueness_Constraint__c',
      );
    const first = scored.expectedTasks[0]?.Subject ?? '';
    await upsert(first);
    await upsert(first);
    const [task] = await tasksOf(mainId);
    expect((await tasksOf(mainId)).length).toBe(1);
    await upsert(scored.resubmittedTitle);
    const after = await tasksOf(mainId);
    expect(after.map((t) => [t.Id, t.Subject])).toEqual([[task?.Id, scored.resubmittedTitle]]);
    expect((await mainOf(mainId)).cqext__Open_Actions__c).toBe(1);
    await admin.sobject('Task').update({ Id: String(task?.Id), Status: 'Completed' });
    expect((await mainOf(mainId)).cqext__Open_Actions__c).toBe(0);
  });

  it('a resubmit that drops the action (dismissed after a refusal) leaves its task as it was', async () => {
    const mainId = await inspection();
    // no '#' here: jsforce puts an upsert's key in the URL unencoded (a '#' would end it)
    const key = `${formId}-scored-drop`;
    const upsert = (json: string) =>
      field.sobject(SUBMISSION).upsert(
        {
          cqext__Uniqueness_Constraint__c: key,
          cqext__Form_Definition__c: formId,
          cqext__Main_Record_Id__c: mainId,
          cqext__Status__c: 'Submitted',
          cqext__Submission_JSON__c: json,
        },
        'cqext__Uniqueness_Constraint__c',
      );
    await upsert(submissionJson('Kept as it was'));
    const before = await tasksOf(mainId);
    expect(before.length).toBe(1);
    expect((await mainOf(mainId)).cqext__Open_Actions__c).toBe(1);
    await upsert(submissionJson('Never written', (a) => ({ ...a, items: {} })));
    expect(await tasksOf(mainId)).toEqual(before);
    expect((await mainOf(mainId)).cqext__Open_Actions__c).toBe(1);
  });

  it('a queue as the default assignee owns the task: its member sees and completes it, others do not see it', async () => {
    const partner = await login(emu, PARTNER_USER);
    const mainId = await inspection();
    await field.sobject(SUBMISSION).create({
      cqext__Form_Definition__c: formId,
      cqext__Uniqueness_Constraint__c: `${formId}#scored-queue`,
      cqext__Main_Record_Id__c: mainId,
      cqext__Status__c: 'Submitted',
      cqext__Submission_JSON__c: submissionJson('Queue action', (a) => ({
        ...a,
        assignee: 'queue',
        queueId: DEMO_IDS.maintenanceQueue,
      })),
    });
    const [task] = await tasksOf(mainId);
    expect(task?.OwnerId).toBe(DEMO_IDS.maintenanceQueue);
    const seen = async (conn: Connection): Promise<number> =>
      (await conn.query(`SELECT Id FROM Task WHERE Id = '${String(task?.Id)}'`)).totalSize;
    expect(await seen(partner)).toBe(1);
    expect(await seen(field)).toBe(0);
    await partner.sobject('Task').update({ Id: String(task?.Id), Status: 'Completed' });
    expect((await mainOf(mainId)).cqext__Open_Actions__c).toBe(0);
  });

  it('a group that is not a queue taking tasks cannot own one', async () => {
    const group = await admin
      .sobject('Group')
      .create({ Name: 'Crew', DeveloperName: 'Crew', Type: 'Regular' });
    const err = await admin
      .sobject('Task')
      .create({ Subject: 'Owned by a group', OwnerId: String(group.id) })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(errorCodeOf(err)).toBe('FIELD_INTEGRITY_EXCEPTION');
  });

  it('a draft makes no task and leaves the main record unscored', async () => {
    const mainId = await inspection();
    await field.sobject(SUBMISSION).create({
      cqext__Form_Definition__c: formId,
      cqext__Uniqueness_Constraint__c: `${formId}#scored-3`,
      cqext__Main_Record_Id__c: mainId,
      cqext__Status__c: 'In Progress',
      cqext__Submission_JSON__c: submissionJson('Draft action'),
    });
    expect(await tasksOf(mainId)).toEqual([]);
    expect((await mainOf(mainId)).cqext__Score_Points__c).toBeNull();
  });
});
