// `npm run bench:api` (issue 33): the org API calls the product makes, counted by the org itself (the
// org-emulator counts what Salesforce counts against DailyApiRequests: REST, composite and collections
// one each; not OAuth), for what a field user does in Chromium against the running system:
//  1. a sign-in (the org's login page, back to home, home's lists on screen);
//  2. an idle user-hour on home: the page's own clock runs an hour (Playwright's clock: every timer of
//     the hour fires; each minute the network is let settle), with no user action;
//  3. opening a form from home's Forms tab;
//  4. a draft save (a field typed, Close: the draft is kept and synced);
//  5. a submit with no file (Save on the form), and 6. one with three files, each with its inspection
//     report, written after the answer (issue 42; the BFF tags it client=CqOfflineForms/report) (through the page's
//     offline services, as the form screen does: made offline, the files and the submission sent by
//     the uploader once back online);
// Each action's figure leaves out the calls home's list refresh made meanwhile (grouped by the BFF
// route the org call was for: Sforce-Call-Options client=CqOfflineForms/<route>): that is the idle
// hour's figure. The idle hour measures home as it is: the org's changes reach it as hints over the
// BFF's event stream (GET /api/events, one org subscription per org), with a slow safety re-read.
//  6b. a submit of a scored form with 10 failed items and their corrective actions (issue 43: the org
//     makes the score and the 10 tasks inside the submission's save);
//  7. syncing 100 submissions queued offline, once the network is back.
// Then the day of a modelled team (1,000 field users, 8-hour shift, 20 submissions each, a sign-in and
// 20 form openings each) beside an Enterprise org's allowance for 1,000 licences (100,000 + 1,000 × 1,000).
// Options: --idle-minutes N (default 60), --queued N (default 100).
import { chromium, expect, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';
import { launchFromHome, openHome } from '../support/form-screen';
import { freeSystemPorts, startSystem } from '../support/system';
import { benchGoal } from '../../scripts/bench-goal.mjs';
import { DEMO_ORG, orgPasswordToken } from 'test-kit';
import { newFormDefinition, orgRest } from '../support/org';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const IDLE_MIN = arg('idle-minutes', 60);
const QUEUED = arg('queued', 100);
const TEAM = 1000;
const SHIFT_HOURS = 8;
const SUBMISSIONS_A_DAY = 20;
const ALLOWANCE = 100_000 + 1_000 * TEAM;
const FORM_TITLE = 'FORM-0003 - Equipment Checklist'; // no required field

type Offline = {
  create(i: {
    id: string;
    formId: string;
    formName: string;
    data: Record<string, unknown>;
    mainRecordId?: string;
  }): Promise<{
    ok: boolean;
    value: Record<string, unknown> & { id: string };
  }>;
  attachFile(id: string, file: Blob, name: string): Promise<{ ok: boolean; value?: Record<string, unknown> }>;
  submit(id: string, data: Record<string, unknown>): Promise<{ ok: boolean }>;
  queueMany(items: Record<string, unknown>[]): Promise<{ ok: boolean }>;
  dbs: { submissions: { submissions: { toArray(): Promise<{ id: string; syncStatus: string }[]> } } };
};

/** A form of `n` Yes/No questions (No fails), proposing a corrective action per failed item. */
function scoredForm(n: number): Record<string, unknown> {
  const names = Array.from({ length: n }, (_, i) => `Q${i + 1}`);
  return {
    cqFormType: 'cqext__SQX_Inspection__c',
    formName: 'Bench scored check',
    version: '2.0.0',
    schema: {
      type: 'object',
      properties: {
        General: {
          type: 'object',
          properties: Object.fromEntries(
            names.map((q) => [
              q,
              {
                type: 'string',
                title: `Check ${q}`,
                oneOf: [
                  { const: 'YES', title: 'Yes' },
                  { const: 'NO', title: 'No' },
                ],
              },
            ]),
          ),
        },
      },
    },
    ui: {
      type: 'VerticalLayout',
      elements: [
        {
          type: 'Section',
          sectionId: 'section-1',
          label: 'Checks',
          elements: names.map((q) => ({ type: 'Control', scope: `#/properties/General/properties/${q}` })),
        },
      ],
    },
    scoring: { passMark: 80, correctiveActions: { enabled: true, assignee: 'inspector', dueDays: 7 } },
  };
}

const system = await startSystem({
  ports: await freeSystemPorts(),
  quiet: true,
  emulatorArgs: ['--test-control'],
});
const emulator = `http://127.0.0.1:${system.ports.emulator}`;
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });

/** The org's count of API calls since the last reset, and by route. */
async function orgCalls(): Promise<{ apiCalls: number; routes: Record<string, number> }> {
  const r = await fetch(`${emulator}/__emulator/counters`);
  return (await r.json()) as { apiCalls: number; routes: Record<string, number> };
}
const resetCalls = () =>
  Promise.all([
    fetch(`${emulator}/__emulator/counters`, { method: 'DELETE' }),
    fetch(`${emulator}/__emulator/requests`, { method: 'DELETE' }),
  ]);

/**
 * The org calls since the reset by the BFF route they were made for: the BFF names it in each call's
 * Sforce-Call-Options `client` (CqOfflineForms/<route>), as a real org records it.
 */
async function callsByRoute(): Promise<Map<string, number>> {
  const r = await fetch(`${emulator}/__emulator/requests`);
  const { requests } = (await r.json()) as { requests: { path: string; headers: Record<string, string> }[] };
  const out = new Map<string, number>();
  for (const q of requests) {
    if (!/^\/services\/data\/v\d+\.\d+/.test(q.path)) continue;
    const client =
      /client=CqOfflineForms\/(\w+)/.exec(q.headers['sforce-call-options'] ?? '')?.[1] ?? '(other)';
    out.set(client, (out.get(client) ?? 0) + 1);
  }
  return out;
}
/** Home's lists, refreshed on their own timer (and on coming back to home): measured as the idle hour. */
const HOME_REFRESH = new Set(['forms', 'searchQuery', 'pendingSubmissions', 'scheduledSubmissions']);

/** Resolves once no /api request of the page has been in flight for `quietMs`. */
function apiSettle(page: Page): (quietMs?: number) => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  // The live-home event stream stays open for the page's life: never "in flight" for settling.
  const isApi = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith('/api/') && path !== '/api/events';
  };
  page.on('request', (r) => {
    if (isApi(r.url())) {
      inFlight++;
      last = Date.now();
    }
  });
  const done = (r: { url(): string }) => {
    if (isApi(r.url())) {
      inFlight = Math.max(0, inFlight - 1);
      last = Date.now();
    }
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (quietMs = 1500) => {
    while (inFlight > 0 || Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 100));
  };
}

/** The BFF calls the pages made during a measurement (what the org calls were for). */
const bffCalls = new Map<string, number>();
function watchBff(page: Page): void {
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith('/api/')) return;
    const key = `${r.method()} ${u.pathname}${u.searchParams.get('kind') ? `?kind=${u.searchParams.get('kind')}` : ''}`;
    bffCalls.set(key, (bffCalls.get(key) ?? 0) + 1);
  });
}

const measureAction = (what: string, run: () => Promise<void>) => measure(what, run, true);

/**
 * Resolves once the org has had `n` report writes since the last reset (issue 42: made after the
 * submit's answer, outside the request; the BFF tags them client=CqOfflineForms/report).
 */
async function reportsWritten(n: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const r = await fetch(`${emulator}/__emulator/requests`);
    const { requests } = (await r.json()) as {
      requests: { method: string; path: string; headers: Record<string, string> }[];
    };
    const writes = requests.filter(
      (q) =>
        q.method === 'POST' &&
        /\/composite$/.test(q.path) &&
        /client=CqOfflineForms\/report/.test(q.headers['sforce-call-options'] ?? ''),
    ).length;
    if (writes >= n) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${n} report writes not seen within 3 minutes`);
}
/** The calls of the reports made during the last measurement (part of the submit's figure). */
let lastReportCalls = 0;

/**
 * Runs `run` and answers the org API calls it cost. With `withoutHomeRefresh`, the calls home's list
 * refresh made meanwhile (its own timer, or coming back to home) are left out: they are the idle
 * hour's figure, not the action's.
 */
async function measure(what: string, run: () => Promise<void>, withoutHomeRefresh = false): Promise<number> {
  await resetCalls();
  bffCalls.clear();
  await run();
  const { apiCalls, routes } = await orgCalls();
  const byRoute = await callsByRoute();
  const home = [...byRoute].filter(([r]) => HOME_REFRESH.has(r)).reduce((a, [, n]) => a + n, 0);
  lastReportCalls = byRoute.get('report') ?? 0;
  const cost = withoutHomeRefresh ? apiCalls - home : apiCalls;
  console.log(
    `${what}: ${cost} org API calls${withoutHomeRefresh && home ? ` (+ ${home} of home's list refresh meanwhile, not counted here)` : ''}`,
  );
  const counted = Object.entries(routes).filter(([r]) => r.includes('/services/data/'));
  console.log(
    `    org: ${counted.map(([r, n]) => `${n} × ${r.replace('/services/data/:version', '')}`).join(', ')}`,
  );
  console.log(`    by BFF route: ${[...byRoute].map(([r, n]) => `${n} × ${r}`).join(', ')}`);
  console.log(`    BFF calls: ${[...bffCalls].map(([r, n]) => `${n} × ${r}`).join(', ')}`);
  return cost;
}

/** Local submissions whose ids start with `prefix` that are not yet in sync (sent) or gone. */
const unsent = (page: Page, prefix: string) =>
  page.evaluate(
    async (p) =>
      (
        await (
          window as unknown as { __cqOffline: Offline }
        ).__cqOffline.dbs.submissions.submissions.toArray()
      )
        .filter((s) => s.id.startsWith(p) && s.syncStatus !== 'in sync')
        .map((s) => s.syncStatus),
    prefix,
  );

try {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
  const page = await context.newPage();
  const settle = apiSettle(page);
  watchBff(page);

  // 1. sign-in
  const signIn = await measure('sign-in (to home with its lists)', async () => {
    await openHome(page, system.url);
    await settle(3000);
  });

  // 3. opening a form
  const openForm = await measureAction('opening a form', async () => {
    await launchFromHome(page, FORM_TITLE);
    await settle();
  });
  const formId = await page.evaluate(
    async () =>
      (
        await (
          window as unknown as { __cqOffline: Offline }
        ).__cqOffline.dbs.submissions.submissions.toArray()
      )[0]?.id ?? '',
  );
  void formId;

  // 4. a draft save: a field typed, Close; the uploader sends the draft
  const draftSave = await measureAction('a draft save (typed, Close, synced)', async () => {
    await page.getByLabel('Operating hours').fill('4');
    await page.getByTestId('form-footer').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${system.url}/`);
    await expect.poll(() => unsent(page, ''), { timeout: 60_000 }).toEqual([]);
    await settle();
  });

  // 5. a submit without files: the draft opened again from home is not a fresh form; a new one is
  await launchFromHome(page, FORM_TITLE);
  await settle();
  const submitPlain = await measureAction('a submit without files (Save)', async () => {
    await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('success-dialog')).toBeVisible({ timeout: 60_000 });
    // its inspection report, made after the answer, is part of what a submit costs (issue 42)
    await reportsWritten(1);
    await settle();
  });
  await page.getByTestId('success-dialog').getByRole('button').first().click();
  await page.waitForURL(`${system.url}/`);
  await settle();
  const equipmentFormId = await page.evaluate(async () => {
    const r = await fetch('/api/forms');
    const body = (await r.json()) as { data: { Id: string; Name: string }[] };
    return body.data.find((f) => f.Name === 'FORM-0003')?.Id ?? '';
  });
  await settle();

  // 6. a submit with three files
  // (made on the device without a connection, so the draft the form makes on opening is not synced
  // first: what is counted is the files and the submission, as they go when the network is back)
  await context.setOffline(true);
  await page.evaluate(
    async ({ formId }) => {
      const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
      const id = `files-${crypto.randomUUID()}`;
      if (!(await off.create({ id, formId, formName: 'Bench files', data: {} })).ok)
        throw new Error('create');
      const files = [];
      for (let i = 0; i < 3; i++) {
        const f = await off.attachFile(id, new Blob([new Uint8Array(50_000 + i)]), `photo-${i}.jpg`);
        if (!f.ok || !f.value) throw new Error('attach');
        files.push(f.value);
      }
      if (!(await off.submit(id, { General: { note: 'three files' }, Files: files })).ok)
        throw new Error('submit');
    },
    { formId: equipmentFormId },
  );
  const submitFiles = await measureAction(
    'a submit with three files (made offline, sent when back online)',
    async () => {
      await context.setOffline(false);
      await expect.poll(() => unsent(page, 'files-'), { timeout: 60_000 }).toEqual([]);
      await reportsWritten(1);
      await settle();
    },
  );

  // 6b. a submit of a scored form with 10 failed items, each proposing a corrective action (issue 43):
  // the score, the answers' points, the inspection's score and the 10 tasks are the org's submit
  // processing, inside the submission's save; made offline and sent when back online like 6.
  const admin = await orgPasswordToken(emulator, { username: DEMO_ORG.admin });
  const failedItems = 10;
  const scoredFormId = await newFormDefinition(emulator, admin, 'Bench scored check', {
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify(scoredForm(failedItems)),
  });
  const inspectionId = (
    await orgRest<{ id: string }>(emulator, admin, '/sobjects/cqext__SQX_Inspection__c', {
      method: 'POST',
      body: JSON.stringify({ cqext__Notes__c: 'bench:api scored submit' }),
    })
  ).id;
  // the device has the form before it can be filled in offline (opening or downloading it reads it, as
  // the form screen does): outside the figure, like opening a form above
  const read = await context.request.get(`${system.url}/api/schema?recordId=${scoredFormId}`);
  if (!read.ok()) throw new Error(`schema ${read.status()}`);
  await context.setOffline(true);
  await page.evaluate(
    async ({ formId, mainRecordId, n }) => {
      const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
      const id = `scored-${crypto.randomUUID()}`;
      if (!(await off.create({ id, formId, formName: 'Bench scored check', data: {}, mainRecordId })).ok)
        throw new Error('create');
      const General: Record<string, string> = {};
      const CorrectiveActions: Record<string, unknown> = {};
      for (let i = 1; i <= n; i++) {
        General[`Q${i}`] = 'NO';
        CorrectiveActions[`General.Q${i}`] = { title: `Fix item ${i}`, priority: 'High' };
      }
      if (!(await off.submit(id, { General, CorrectiveActions })).ok) throw new Error('submit');
    },
    { formId: scoredFormId, mainRecordId: inspectionId, n: failedItems },
  );
  const submitScored = await measureAction(
    `a submit with ${failedItems} failed items and their corrective actions (made offline, sent when back online)`,
    async () => {
      await context.setOffline(false);
      await expect.poll(() => unsent(page, 'scored-'), { timeout: 60_000 }).toEqual([]);
      await reportsWritten(1);
      await settle();
    },
  );
  const scoredTasks = (
    await orgRest<{ totalSize: number }>(
      emulator,
      admin,
      // by their keys: the outbox's batch does not send the record the form was launched for yet, so
      // the tasks may relate to the submission rather than the inspection
      `/query?q=${encodeURIComponent(`SELECT Id FROM Task WHERE cqext__CQ_Action_Key__c LIKE '${scoredFormId}#scored-%'`)}`,
    )
  ).totalSize;
  console.log(`    the org made ${scoredTasks} corrective-action tasks`);

  // 7. syncing queued submissions: queued offline in one go, then the network is back
  await context.setOffline(true);
  await page.evaluate(
    async ({ formId, n }) => {
      const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
      const c = await off.create({ id: `tmpl-${crypto.randomUUID()}`, formId, formName: 'Queued', data: {} });
      const now = new Date().toISOString();
      const items = Array.from({ length: n }, (_, i) => ({
        ...c.value,
        id: `queued-${String(i).padStart(4, '0')}-${crypto.randomUUID()}`,
        status: 'submitted',
        syncStatus: 'out of sync',
        version: 2,
        submittedOn: now,
        data: { General: { note: `queued ${i}` } },
      }));
      if (!(await off.queueMany(items)).ok) throw new Error('queueMany');
    },
    { formId: equipmentFormId, n: QUEUED },
  );
  const syncQueued = await measureAction(`syncing ${QUEUED} queued submissions`, async () => {
    await context.setOffline(false);
    await expect.poll(() => unsent(page, 'queued-'), { timeout: 120_000, intervals: [500] }).toEqual([]);
    await reportsWritten(QUEUED);
    await settle();
  });
  // the sync's own figure; their reports (one write each, outside the requests) apart
  const queuedReports = lastReportCalls;
  const syncOnly = syncQueued - queuedReports;
  console.log(`    of which the ${QUEUED} reports: ${queuedReports} calls; the sync itself: ${syncOnly}`);
  await context.close();

  // 2. an idle user-hour on home, on the page's own clock (a fresh sign-in, then an hour of timers)
  const idleContext = await browser.newContext();
  const idlePage = await idleContext.newPage();
  const idleSettle = apiSettle(idlePage);
  watchBff(idlePage);
  await idlePage.clock.install();
  await openHome(idlePage, system.url);
  await idleSettle(3000);
  const idleHour =
    (await measure(`an idle user-hour on home (${IDLE_MIN} simulated minutes)`, async () => {
      for (let m = 0; m < IDLE_MIN; m++) {
        await idlePage.clock.runFor(60_000);
        await idleSettle(300);
      }
    })) *
    (60 / IDLE_MIN);
  await idleContext.close();

  // The modelled team's day.
  const perUser = signIn + idleHour * SHIFT_HOURS + SUBMISSIONS_A_DAY * (openForm + submitPlain);
  const team = perUser * TEAM;
  console.log('');
  console.log(
    `team day: ${TEAM} field users × (sign-in ${signIn} + ${SHIFT_HOURS} idle hours × ${idleHour} + ${SUBMISSIONS_A_DAY} × (open ${openForm} + submit ${submitPlain})) = ${team.toLocaleString('en-US')} calls`,
  );
  console.log(
    `Enterprise allowance for ${TEAM} licences: 100,000 + 1,000 × ${TEAM} = ${ALLOWANCE.toLocaleString('en-US')} calls a day (${((team / ALLOWANCE) * 100).toFixed(1)}% used by this product alone)`,
  );
  console.log(`(a draft save costs ${draftSave}, a submit with three files ${submitFiles})`);

  const goals: boolean[] = [];
  const goal = (g: string, figure: string, pass: boolean) => {
    goals.push(pass);
    benchGoal('bench:api', g, figure, pass);
  };
  goal(
    'a submit without files, with its inspection report, costs at most 3 org API calls',
    `${submitPlain} calls`,
    submitPlain <= 3,
  );
  goal(
    'a submit with three files, with its report, costs at most 3 more calls than its files (≤ 6)',
    `${submitFiles} calls`,
    submitFiles <= 6,
  );
  goal(
    `a submit with ${failedItems} failed items, its score and ${failedItems} corrective-action tasks costs at most 3 org API calls`,
    `${submitScored} calls, ${scoredTasks} tasks`,
    submitScored <= 3 && scoredTasks === failedItems,
  );
  goal(
    `${QUEUED} queued submissions sync in at most 10 org API calls (their reports: 1 each, apart)`,
    `${syncOnly} calls (+ ${queuedReports} for the reports)`,
    syncOnly <= 10 && queuedReports <= QUEUED,
  );
  benchGoal(
    'bench:api',
    'an idle user-hour on home costs at most 12 org API calls',
    `${idleHour} calls`,
    idleHour <= 12,
  );
  goal(
    `a team of ${TEAM} field users' day fits the Enterprise allowance for ${TEAM} licences`,
    `${team.toLocaleString('en-US')} of ${ALLOWANCE.toLocaleString('en-US')} calls`,
    team <= ALLOWANCE,
  );
  console.log(goals.every(Boolean) ? 'GOAL MET' : 'GOAL NOT MET');
  if (!goals.every(Boolean)) process.exitCode = 1;
} finally {
  await browser.close();
  await system.stop();
}
