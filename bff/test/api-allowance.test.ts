/**
 * The org's daily API allowance (issue 33) over HTTP, against an org-emulator of its own (the allowance
 * is the whole org's: setting it low must not reach the other suites): past 80% the BFF logs a warning,
 * slows home's refreshes (their last answer is reused, no org call) but never a submission, and tells
 * admins; with the allowance spent every org call is a 503 ORG_API_LIMIT envelope with a clear text,
 * never a 500; with calls allowed again everything works as before.
 */
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ALLOWANCE_TEXTS } from 'shared-contracts';
import { createBff, type Bff } from '../src/app';
import { loadConfig } from '../src/config';
import { startEmulator, stop } from './global-setup';
import { bffEnv, DEMO, signedIn, type Client } from './helpers';
import { reportsIdle } from '../src/report/org-report';

type Rec = Record<string, unknown>;

let emulator: { url: string; child: ChildProcess };
let bff: Bff;
let server: Server;
let base = '';
let field: Client;
let admin: Client;
let formId = '';
const logs: Rec[] = [];

beforeAll(async () => {
  emulator = await startEmulator();
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as Rec) });
  bff = createBff(loadConfig(bffEnv(emulator.url, { LOG_LEVEL: 'info' })), { logger });
  server = bff.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [field, admin] = await Promise.all([signedIn(base, DEMO.field), signedIn(base, DEMO.admin)]);
  formId = String(field.data<Rec[]>(await field.get('/api/forms')).find((f) => f.Name === 'FORM-0003')?.Id);
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await bff?.close();
  if (emulator) await stop(emulator.child);
});

const emu = async (method: string, path: string, body?: unknown): Promise<Rec> => {
  const r = await fetch(`${emulator.url}/__emulator${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await r.json()) as Rec;
};
const orgCalls = async (): Promise<number> => Number((await emu('GET', '/counters')).apiCalls);
const item = (id: string) => ({
  id,
  formId,
  formName: 'Allowance',
  status: 'submitted',
  version: 2,
  data: { General: { note: `allowance ${id}` } },
});

describe("the org's daily API allowance", () => {
  it('past 80%: a warning is logged, refreshes reuse their last answer, submissions still reach the org, admins are told', async () => {
    await emu('PUT', '/api-usage', { max: 1000, used: 850 });
    const first = await field.get('/api/forms');
    expect(first.status).toBe(200);
    expect(logs.some((l) => l.level === 40 && /past 80%/.test(String(l.msg)) && l.used === 851)).toBe(true);

    const before = await orgCalls();
    const again = await field.get('/api/forms');
    expect(again.status).toBe(200);
    expect(again.res.headers.get('x-org-api-usage')).toBe('slowed');
    expect(field.data(again)).toEqual(field.data(first));
    expect(await orgCalls()).toBe(before);

    const id = randomUUID();
    const sent = await field.post('/api/submissions/batch', { items: [item(id)] });
    expect(sent.status, sent.text).toBe(200);
    expect(field.data<Rec[]>(sent)[0]).toMatchObject({ ok: true, created: true });
    expect(await orgCalls()).toBeGreaterThan(before);

    const told = await admin.get('/api/orgApiUsage');
    expect(told.status, told.text).toBe(200);
    expect(admin.data(told)).toMatchObject({ level: 'high', max: 1000 });
    expect(Number(admin.data<Rec>(told).percent)).toBeGreaterThanOrEqual(85);
    // not for field users
    expect((await field.get('/api/orgApiUsage')).status).toBe(403);
  });

  it("the check before a submit (checkUserDetails) costs none of the org's allowance, and still finds an expired token", async () => {
    await reportsIdle(); // the last test's submit has its report made after its answer
    const before = await orgCalls();
    const r = await field.get('/api/checkUserDetails');
    expect(r.status, r.text).toBe(200);
    expect(field.data(r)).toMatchObject({ authorized: true });
    await emu('POST', '/expire-tokens');
    const again = await field.get('/api/checkUserDetails');
    expect(again.status, again.text).toBe(200);
    expect(await orgCalls()).toBe(before);
  });

  it('spent: org calls answer 503 ORG_API_LIMIT with a clear text (never a 500), and work again once calls are allowed', async () => {
    await emu('PUT', '/api-usage', { max: 1000, used: 1000 });
    const id = randomUUID();
    const refused = await field.post('/api/submissions/batch', { items: [item(id)] });
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({
      success: false,
      errorCode: 'ORG_API_LIMIT',
      errorType: 'server',
      messages: [API_ALLOWANCE_TEXTS.spent],
      details: { orgErrorCode: 'REQUEST_LIMIT_EXCEEDED' },
    });
    const open = await field.get(`/api/formDefinition?recordId=${formId}`);
    expect(open.status).toBe(503);
    expect((open.json as Rec).errorCode).toBe('ORG_API_LIMIT');
    expect(logs.some((l) => l.level === 40 && /spent/.test(String(l.msg)))).toBe(true);
    expect(admin.data(await admin.get('/api/orgApiUsage'))).toMatchObject({ level: 'spent', percent: 100 });

    // a day later the calls have left the window: the same submission goes, once
    await emu('POST', '/api-usage/time-passes', { hours: 24.1 });
    const sent = await field.post('/api/submissions/batch', { items: [item(id)] });
    expect(sent.status, sent.text).toBe(200);
    expect(field.data<Rec[]>(sent)[0]).toMatchObject({ ok: true, created: true });
    const fresh = await field.get('/api/forms');
    expect(fresh.res.headers.get('x-org-api-usage')).toBeNull();
    expect(admin.data(await admin.get('/api/orgApiUsage'))).toMatchObject({ level: 'normal' });
    await emu('PUT', '/api-usage', { edition: 'Enterprise', licenses: 10, used: 0 });
  });

  it("a single submit costs two calls: the record, its form's date and its report's context read together, then the upsert; its report one more, after the answer (issue 42: at most 3)", async () => {
    const submit = (id: string) =>
      field.post(
        `/api/data?recordId=${formId}&submissionStatus=submitted&submissionId=${id}&version=2`,
        item(id),
      );
    // The first reads the form's definition too (not opened through this BFF yet).
    const warm = await submit(randomUUID());
    expect(warm.status, warm.text).toBe(200);
    await reportsIdle();
    const before = await orgCalls();
    const sent = await submit(randomUUID());
    expect(sent.status, sent.text).toBe(200);
    expect(field.data<Rec>(sent)).toMatchObject({ created: true });
    // the inspection report (issue 42), outside the request: one Composite write: the file, its document, the record's report fields
    await reportsIdle();
    expect((await orgCalls()) - before).toBe(3);
  });
});
