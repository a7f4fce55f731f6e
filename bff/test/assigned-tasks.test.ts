// Assigned tasks over HTTP against a running emulator (issue 40.5): every not-started task of the
// user shows, however many inspection programs the org has. The org gets more than 50 programs
// scheduled later than the user's, none of them the user's: a limit on programs would push the
// user's tasks out of the answer.
// On an emulator of its own: it adds programs and tasks the other suites (on the shared one) would see.
import type { ChildProcess } from 'node:child_process';
import { Connection } from 'jsforce';
import { TASK_QUERY_LIMIT } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

const FIELD_ID = '0055g0000000002AAA';
const PARTNER_ID = '0055g0000000003AAA';
const PROGRAMS = 60;

let emulator: { url: string; child: ChildProcess };
let bff: RunningBff;
let field: Client;
let admin: Connection;

interface Task {
  taskId: string;
  checklist: string;
  subject: string | null;
  scheduledFor: string | null;
  programId: string;
  formId: string | null;
  status: string;
}

async function assigned(c: Client): Promise<Task[]> {
  const r = await c.get('/api/searchQuery/?kind=assignedTasks');
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return c.data<{ records: Task[] }>(r).records;
}

/** The field user's not-started tasks on inspection programs, as the org holds them. */
async function fieldTasksInOrg(): Promise<string[]> {
  const r = await admin.query<{ Id: string }>(
    `SELECT Id FROM Task WHERE OwnerId = '${FIELD_ID}' AND Status = 'Not Started' AND What.Type = 'cqext__SQX_Inspection_Program__c'`,
  );
  return r.records.map((t) => t.Id).sort();
}

beforeAll(async () => {
  emulator = await startEmulator();
  bff = await startBff(emulator.url);
  field = await signedIn(bff.base, DEMO.field);
  admin = new Connection({
    instanceUrl: emulator.url,
    accessToken: await passwordToken(emulator.url, DEMO.admin),
    version: '62.0',
  });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  if (emulator) await stop(emulator.child);
});

describe('GET /api/searchQuery/?kind=assignedTasks', () => {
  it('lists every task of the user with more than 50 inspection programs in the org', async () => {
    const seeded = await fieldTasksInOrg();
    expect(seeded.length).toBeGreaterThan(0);
    expect((await assigned(field)).map((t) => t.taskId).sort()).toEqual(seeded);

    // 60 programs scheduled later than any of the user's, each with a task for someone else.
    const later = Date.now() + 365 * 86_400_000;
    const programs = await admin.sobject('cqext__SQX_Inspection_Program__c').create(
      Array.from({ length: PROGRAMS }, (_, i) => ({
        Name: `Extra programme ${i + 1}`,
        cqext__Scheduled_For__c: new Date(later + i * 86_400_000).toISOString(),
      })),
      { allOrNone: true },
    );
    const ids = programs.map((p) => {
      if (!p.success) throw new Error(JSON.stringify(p));
      return p.id;
    });
    await admin.sobject('Task').create(
      ids.map((id, i) => ({
        Subject: `Extra programme ${i + 1} (partner)`,
        Status: 'Not Started',
        WhatId: id,
        OwnerId: PARTNER_ID,
      })),
      { allOrNone: true },
    );
    const count = await admin.query<{ expr0: number }>(
      'SELECT COUNT() FROM cqext__SQX_Inspection_Program__c',
    );
    expect(count.totalSize).toBeGreaterThan(50);

    // The user's tasks are all still listed, none of the others', latest first.
    const tasks = await assigned(field);
    expect(tasks.map((t) => t.taskId).sort()).toEqual(seeded);
    expect(tasks.every((t) => /\(field\)$/.test(String(t.subject)))).toBe(true);
    const dates = tasks.map((t) => String(t.scheduledFor));
    expect([...dates].sort().reverse()).toEqual(dates);

    // A task on the latest of the new programs joins the list, with its program's name, date and form.
    const [form] = (await admin.query<{ Id: string }>('SELECT Id FROM cqext__SQX_Form_Definition__c LIMIT 1'))
      .records;
    const last = ids[ids.length - 1] as string;
    await admin.sobject('cqext__SQX_Inspection_Program__c').update({
      Id: last,
      cqext__Form_Definition__c: form?.Id ?? null,
    });
    const task = await admin.sobject('Task').create({
      Subject: 'Extra programme (field)',
      Status: 'Not Started',
      WhatId: last,
      OwnerId: FIELD_ID,
    });
    if (!task.success) throw new Error(JSON.stringify(task));
    const after = await assigned(field);
    expect(after.length).toBe(seeded.length + 1);
    expect(after[0]).toMatchObject({
      taskId: task.id,
      checklist: `Extra programme ${PROGRAMS}`,
      programId: last,
      formId: form?.Id,
      status: 'Not Started',
    });
  });

  it('keeps the spec limit: at most 50 tasks, the latest scheduled', async () => {
    const before = await assigned(field);
    const [program] = (
      await admin.query<{ Id: string }>(
        "SELECT Id FROM cqext__SQX_Inspection_Program__c WHERE Name = 'Extra programme 1'",
      )
    ).records;
    const created = await admin.sobject('Task').create(
      Array.from({ length: TASK_QUERY_LIMIT }, (_, i) => ({
        Subject: `Bulk ${i + 1} (field)`,
        Status: 'Not Started',
        WhatId: program?.Id,
        OwnerId: FIELD_ID,
      })),
      { allOrNone: true },
    );
    expect(created.every((r) => r.success)).toBe(true);
    const tasks = await assigned(field);
    expect(tasks.length).toBe(TASK_QUERY_LIMIT);
    // the latest programme's task, then the bulk on a programme later than every seeded one
    expect(tasks[0]?.taskId).toBe(before[0]?.taskId);
    expect(tasks.slice(1).every((t) => t.checklist === 'Extra programme 1')).toBe(true);
  });
});
