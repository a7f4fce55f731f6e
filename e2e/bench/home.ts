// `npm run bench:home` (e2e): home with 10,000 local submissions in Chromium, over the
// running system and org-emulator. Prints
//  1. tab switch: ms from the click until the new tab's list is on screen (next frame), per tab,
//     median and max of several rounds, against the 100 ms budget;
//  2. idle cost: main-thread script time of home left alone for a minute (CDP ScriptDuration),
//     against 1% of what a 2-second polling loop over the same 10,000 records costs (measured here:
//     read all from IndexedDB, split by status, sort by createdOn, 30 times a minute). The minute
//     starts once the last tab switch has settled (a quiet 2-second window), as the shell-alone
//     minute starts once its page load has.
// Options: --idle-seconds N (default 60), --rounds N (default 5), --count N (default 10000),
// --cpuprofile FILE (a Chromium CPU profile of home's idle minute, for DevTools).
// The home minute and the shell-alone minute run side by side (two browser contexts, each its own
// signed-in user with the same 10,000 records, each page's script time read from its own renderer):
// one after the other they made the run at least two idle minutes plus the shell's settling, more
// than the proof's budget for it, for the same figures.
import { writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { HOME_TABS } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { freeSystemPorts, startSystem } from '../support/system';
import { benchGoal } from '../../scripts/bench-goal.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const COUNT = arg('count', 10_000);
const ROUNDS = arg('rounds', 5);
const IDLE_S = arg('idle-seconds', 60);
const TAB_BUDGET_MS = 100;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const fmt = (n: number) => n.toFixed(1);

/** Writes `count` submissions of the signed-in org straight into the submissions database. */
async function seed(page: Page, count: number): Promise<void> {
  await page.evaluate(async (n) => {
    const org = localStorage.getItem('organizationId') ?? '';
    // every local record belongs to one user (issue 28): seeded ones to the signed-in one
    const userId = localStorage.getItem('userId') ?? '';
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const r = indexedDB.open('SubmissionsDatabase');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const tx = db.transaction('submissions', 'readwrite');
    const store = tx.objectStore('submissions');
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < n; i++) {
      const submitted = i % 3 === 0;
      const hex = i.toString(16).padStart(12, '0');
      store.put({
        id: `bench000-0000-4000-a000-${hex}`,
        data: {
          General: {
            CQ_Form_Site: `Site ${i}`,
            CQ_Form_Count: i,
            CQ_Form_Ok: i % 2 === 0,
            CQ_Form_Note: 'n',
          },
        },
        originalData: {},
        // never picked up by the uploader: in progress + in sync, submitted + in error
        syncStatus: submitted ? 'in error' : 'in sync',
        status: submitted ? 'submitted' : 'in progress',
        isUploading: false,
        formName: `Bench form ${i % 50}`,
        formId: 'a0F000000000001AAA',
        formDef: null,
        createdOn: new Date(base + i * 60_000).toISOString(),
        syncedOn: '',
        submittedOn: submitted ? new Date(base + i * 60_000).toISOString() : '',
        version: 1,
        error: [],
        errors: [],
        instanceUrl: '',
        organizationId: org,
        userId,
        isSalesforceRecord: false,
      });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, count);
}

/** Click a tab; ms until its panel holds its list (or the no-data text) and a frame was produced. */
async function switchTo(page: Page, label: string): Promise<number> {
  // A string, not a function: tsx would wrap inner named functions in a helper the page lacks.
  return page.evaluate(`(async () => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) =>
      (t.textContent || '').startsWith(${JSON.stringify(label)}));
    if (!tab) throw new Error('no tab ${label}');
    const t0 = performance.now();
    tab.click();
    await new Promise((resolve) => {
      (function check() {
        const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
        if (panel && panel.querySelector('article, [data-testid="no-data"]')) requestAnimationFrame(() => resolve());
        else requestAnimationFrame(check);
      })();
    });
    return performance.now() - t0;
  })()`);
}

/** Signs in on a fresh page, waits for home to settle and writes the local records. */
async function signedInWithRecords(page: Page, url: string): Promise<void> {
  await signInAtOrg(page, url);
  await page.waitForURL(`${url}/`);
  await page.locator('[data-remote="mfe-home"]').waitFor();
  await page.waitForLoadState('networkidle');
  const started = Date.now();
  await seed(page, COUNT);
  console.log(`seeded ${COUNT} submissions in ${Date.now() - started} ms`);
}

const system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInWithRecords(page, system.url);
  await page.reload();
  await page.getByTestId('count-inProgress').waitFor();
  await page.waitForFunction(
    (n) => {
      const a = Number(document.querySelector('[data-testid="count-inProgress"]')?.textContent);
      const b = Number(document.querySelector('[data-testid="count-submitted"]')?.textContent);
      return a + b >= n;
    },
    COUNT,
    { timeout: 60_000 },
  );
  await page.waitForLoadState('networkidle');

  // The shell-alone page: its own context (its own storage, so its own uploader leader, as a lone
  // tab has), signed in with the same records, set up before the tab switches are timed.
  const aloneContext = await browser.newContext();
  const alone = await aloneContext.newPage();
  await signedInWithRecords(alone, system.url);

  // 1. tab switches
  const order = [...HOME_TABS.slice(2), ...HOME_TABS.slice(0, 2)].map((t) => t.label); // from In Progress
  const times = new Map<string, number[]>(order.map((l) => [l, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const label of order) times.get(label)?.push(await switchTo(page, label));
  }
  let worst = 0;
  console.log(`\ntab switch with ${COUNT} local submissions (${ROUNDS} rounds), budget ${TAB_BUDGET_MS} ms`);
  for (const [label, v] of times) {
    worst = Math.max(worst, ...v);
    console.log(
      `  ${label.padEnd(12)} median ${fmt(median(v)).padStart(6)} ms   max ${fmt(Math.max(...v)).padStart(6)} ms`,
    );
  }

  // 2. idle cost vs a 2-second polling loop over the same data
  const scriptSecondsOf = async (p: Page) => {
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Performance.enable');
    return async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
    };
  };
  const scriptSeconds = await scriptSecondsOf(page);
  const aloneScriptSeconds = await scriptSecondsOf(alone);

  /**
   * Start-up is not idle: script time until a quiet 2-second window (at most 30 s), so the idle minute
   * measures what keeps running. A periodic cost never gives a quiet window and is counted in full.
   */
  const settle = async (seconds: () => Promise<number>, p: Page) => {
    const start0 = await seconds();
    const settleBy = Date.now() + 30_000;
    for (let last = start0; Date.now() < settleBy;) {
      await p.waitForTimeout(2000);
      const now = await seconds();
      const quiet = now - last < 0.005;
      last = now;
      if (quiet) break;
    }
    return ((await seconds()) - start0) * 1000;
  };

  const profileAt = process.argv.indexOf('--cpuprofile');
  // Home after the switch back to In Progress has rendered and settled (the switch's own tail, its
  // garbage collection included, once landed in the minute and doubled it, 10.0 against 4-5 ms).
  const homeIdle = async () => {
    await switchTo(page, 'In Progress');
    const settleMs = await settle(scriptSeconds, page);
    const profiler = profileAt >= 0 ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const idle0 = await scriptSeconds();
    await page.waitForTimeout(IDLE_S * 1000);
    const ms = ((await scriptSeconds()) - idle0) * 1000 * (60 / IDLE_S);
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(process.argv[profileAt + 1] ?? 'home-idle.cpuprofile', JSON.stringify(profile));
    }
    return { ms, settleMs };
  };

  // The shell alone (its uploader timers, header) on another route, for attribution. A fresh page
  // load first does its start-up work (the header's outbox count reads the local store, the uploader's
  // first pass): that is counted on its own (settle), so the idle minute measures what keeps running,
  // not how long start-up took.
  const shellAlone = async () => {
    await alone.goto(`${system.url}/login`);
    await alone.getByRole('button', { name: 'Production login' }).waitFor();
    const startupMs = await settle(aloneScriptSeconds, alone);
    const base0 = await aloneScriptSeconds();
    await alone.waitForTimeout(IDLE_S * 1000);
    return { startupMs, baseMs: ((await aloneScriptSeconds()) - base0) * 1000 * (60 / IDLE_S) };
  };

  const [{ ms: idleMs, settleMs }, { startupMs, baseMs }] = await Promise.all([homeIdle(), shellAlone()]);
  await aloneContext.close();

  const POLLS = 5;
  const poll0 = await scriptSeconds();
  await page.evaluate(async (polls) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const r = indexedDB.open('SubmissionsDatabase');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    for (let i = 0; i < polls; i++) {
      const all: { status: string; createdOn: string }[] = await new Promise((resolve, reject) => {
        const q = db.transaction('submissions').objectStore('submissions').getAll();
        q.onsuccess = () => resolve(q.result);
        q.onerror = () => reject(q.error);
      });
      const inProgress = all.filter((s) => s.status !== 'submitted');
      const submitted = all.filter((s) => s.status === 'submitted');
      for (const list of [inProgress, submitted]) list.sort((a, b) => b.createdOn.localeCompare(a.createdOn));
    }
    db.close();
  }, POLLS);
  const pollMsPerMinute = (((await scriptSeconds()) - poll0) * 1000 * 30) / POLLS;
  const idleBudget = pollMsPerMinute * 0.01;

  console.log(`\nidle minute on home (${IDLE_S} s measured, scaled to 60 s)`);
  console.log(`  home, idle:                    ${fmt(idleMs).padStart(8)} ms script / minute`);
  console.log(`  (the tab switch settling:     ${fmt(settleMs).padStart(8)} ms script, not idle)`);
  console.log(`  shell alone (on /login):       ${fmt(baseMs).padStart(8)} ms script / minute`);
  console.log(`  (its start-up before that:    ${fmt(startupMs).padStart(8)} ms script, not idle)`);
  console.log(
    `  home's own share (difference): ${fmt(Math.max(0, idleMs - baseMs)).padStart(8)} ms script / minute`,
  );
  console.log(`  2 s polling loop, same data:   ${fmt(pollMsPerMinute).padStart(8)} ms script / minute`);
  console.log(`  budget (1% of polling):        ${fmt(idleBudget).padStart(8)} ms`);
  const tabOk = worst <= TAB_BUDGET_MS;
  const idleOk = idleMs <= idleBudget;
  console.log(
    `\ntab switch ${tabOk ? 'OK' : 'OVER BUDGET'} (worst ${fmt(worst)} ms); idle ${idleOk ? 'OK' : 'OVER BUDGET'}`,
  );
  benchGoal('bench:home', `tab switch <= ${TAB_BUDGET_MS} ms (worst)`, `${fmt(worst)} ms`, tabOk);
  benchGoal(
    'bench:home',
    'idle script <= 1% of a 2 s polling loop',
    `${fmt(idleMs)} vs ${fmt(idleBudget)} ms/min`,
    idleOk,
  );
  process.exitCode = tabOk && idleOk ? 0 : 1;
} finally {
  await browser.close();
  await system.stop();
}
