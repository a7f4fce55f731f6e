/**
 * Tabs runner (issues 5 and 11): several tabs of one persistent Chromium profile share one outbox.
 * Submissions are queued from random tabs the whole time while the leader tab (the one holding the
 * uploader's Web Lock) is killed on a schedule (its renderer crashed through CDP `Page.crash`, no
 * unload, no goodbye) and replaced by a new tab. Checks that every submission takes effect once:
 * one record per uniqueness key in the org, none missing. Also counts, from the BFF's answers on the
 * wire, submissions accepted more than once (`redelivered`): a tab killed after its request reached
 * the org but before it recorded the answer leaves the submission queued, and the next leader sends
 * it again; the upsert by uniqueness key makes that second delivery change nothing.
 *
 * The run is sized by its kills, not by a duration: queuing starts, the leader is killed every
 * `killEveryMs` until `kills` kills have happened, queuing stops after the last takeover and the
 * outbox drains. So it takes kills × killEveryMs + the drain (+ starting the system and the tabs).
 *
 *   import { runTabs } from '../proof/tabs';
 *   const figures = await runTabs({ tabs: 5, killEveryMs: 10_000, kills: 8 });
 *
 * Options (all optional; defaults are issue 11's full run):
 *   seed          PRNG seed (which tab queues, when)                                  1
 *   tabs          tabs open at once                                                  5
 *   kills         leader kills (queuing stops after the last one's takeover)         8
 *   killEveryMs   the leader tab is killed this often                                10000
 *   queueEveryMs  a submission is queued from a random tab this often               250
 *   minSubmissions  keep queuing after the last kill until this many are queued       0
 *                 (a loaded machine queues slowly; at most another kills × killEveryMs)
 *   latencyMs     org latency added by the emulator (keeps requests in flight)       50
 *   timeoutMs     give up draining after this long                                  5 min
 *   log           progress lines
 * Returns TabsFigures: `missing`, `duplicated`, `effectsTwice` and `leftLocal` must be 0, `failures`
 * empty (fewer kills than asked, a drain that timed out).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { freeSystemPorts, startSystem } from '../support/system';
import { OrgProbe } from './org-probe';
import { mulberry32 } from './rng';

export interface TabsOptions {
  seed?: number;
  tabs?: number;
  /** Leader kills; queuing stops once the last one's takeover is seen. */
  kills?: number;
  killEveryMs?: number;
  queueEveryMs?: number;
  /** Keep queuing after the last kill until this many are queued (a loaded machine queues slowly). */
  minSubmissions?: number;
  latencyMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface TabsFigures {
  seed: number;
  tabs: number;
  submissions: number;
  /** Submissions with exactly one record in the org (must equal submissions). */
  onceInOrg: number;
  /** Queued submissions with no record in the org (must be 0). */
  missing: number;
  /** Extra org records beyond one per uniqueness key (must be 0). */
  duplicated: number;
  /** Submissions with more than one record in the org, i.e. whose effect happened twice (must be 0). */
  effectsTwice: number;
  /** Submissions the BFF accepted more than once (re-sent after a kill; harmless by the upsert). */
  redelivered: number;
  killEveryMs: number;
  leaderKills: number;
  /** Leader changes seen after a kill (another tab took the uploader's lock). */
  takeovers: number;
  maxTakeoverMs: number;
  /** Starting the system, signing in and opening the tabs. */
  setupSeconds: number;
  /** Queuing while killing: about kills × killEveryMs. */
  killPhaseSeconds: number;
  /** From the last kill's takeover until no submission of this run is left in the outbox. */
  drainSeconds: number;
  /** The whole run up to the org check (setup, kills, drain, check). */
  wallSeconds: number;
  leftLocal: number;
  /** Why the run does not prove the scenario (fewer kills than asked, a drain that timed out). */
  failures: string[];
}

type OfflineHandle = {
  create(i: { id: string; formId: string; formName: string; data: Record<string, unknown> }): Promise<{
    ok: boolean;
    message?: string;
  }>;
  submit(id: string, data: Record<string, unknown>): Promise<{ ok: boolean; message?: string }>;
  isLeader: { get(): boolean };
  dbs: { submissions: { submissions: { toArray(): Promise<{ id: string; syncStatus: string }[]> } } };
};

export async function runTabs(options: TabsOptions = {}): Promise<TabsFigures> {
  const seed = options.seed ?? 1;
  const tabCount = options.tabs ?? 5;
  const kills = options.kills ?? 8;
  const killEveryMs = options.killEveryMs ?? 10_000;
  const queueEveryMs = options.queueEveryMs ?? 250;
  const minSubmissions = options.minSubmissions ?? 0;
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const log = options.log ?? (() => undefined);
  const rng = mulberry32(seed);
  const tStart = Date.now();
  const seconds = (from: number, to = Date.now()): number => Math.round((to - from) / 100) / 10;

  const system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    emulatorArgs: ['--test-control'],
  });
  log(`system up after ${seconds(tStart)} s`);
  const org = new OrgProbe(`http://127.0.0.1:${system.ports.emulator}`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-tabs-'));
  let context: BrowserContext | null = null;
  const figures: TabsFigures = {
    seed,
    tabs: tabCount,
    submissions: 0,
    onceInOrg: 0,
    missing: 0,
    duplicated: 0,
    effectsTwice: 0,
    redelivered: 0,
    killEveryMs,
    leaderKills: 0,
    takeovers: 0,
    maxTakeoverMs: 0,
    setupSeconds: 0,
    killPhaseSeconds: 0,
    drainSeconds: 0,
    wallSeconds: 0,
    leftLocal: 0,
    failures: [],
  };
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumLaunchOptions.executablePath,
      args: chromiumLaunchOptions.args,
      headless: true,
    });
    await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
    const ctx = context;
    // Successful "submitted" deliveries per submission id, read from the BFF's answers.
    const delivered = new Map<string, number>();
    ctx.on('response', (res) => {
      const url = res.url();
      if (!/\/api\/submissions\/batch(\?|$)/.test(url) || res.status() !== 200) return;
      const sent = res.request().postDataJSON() as { items?: { id: string; status: string }[] } | null;
      void res
        .json()
        .then((body: { data?: { ok: boolean }[] }) => {
          (sent?.items ?? []).forEach((item, i) => {
            if (item.status === 'submitted' && body.data?.[i]?.ok) {
              delivered.set(item.id, (delivered.get(item.id) ?? 0) + 1);
            }
          });
        })
        .catch(() => undefined); // the tab died with the answer in flight: nothing was seen
    });

    const first = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAtOrg(first, system.url);
    log(`signed in after ${seconds(tStart)} s`);
    const [form] = await org.query<{ Id: string }>(
      "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0003'", // no required field: the queued data need fill none
    );
    const formId = form?.Id ?? '';
    if (!formId) throw new Error('no form in the demo org');
    const openTab = async (p?: Page): Promise<Page> => {
      const page = p ?? (await ctx.newPage());
      await page.goto(`${system.url}/`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);
      return page;
    };
    // the first tab (signed in) opens first, the others together: they only need its session
    const tabs: Page[] = [await openTab(first)];
    tabs.push(...(await Promise.all(Array.from({ length: tabCount - 1 }, () => openTab()))));
    await org.control('POST', '/faults', {
      latencyMs: options.latencyMs ?? 50,
      pathPattern: '^/services/data/',
    });
    figures.setupSeconds = seconds(tStart);
    log(`${tabs.length} tabs open after ${figures.setupSeconds} s`);

    const leaderOf = async (): Promise<number> => {
      for (let i = 0; i < tabs.length; i++) {
        const p = tabs[i];
        const lead = await p
          ?.evaluate(
            () => (window as unknown as { __cqOffline?: OfflineHandle }).__cqOffline?.isLeader.get() ?? false,
          )
          .catch(() => false);
        if (lead) return i;
      }
      return -1;
    };

    /** Kills the leader tab's renderer; resolves once another tab holds the lock (false: no leader to kill). */
    const killLeader = async (): Promise<boolean> => {
      const i = await leaderOf();
      const victim = i >= 0 ? tabs[i] : undefined;
      if (!victim) return false;
      const crashed = new Promise<void>((resolve) => {
        victim.once('crash', () => resolve());
        setTimeout(resolve, 5000);
      });
      const cdp = await ctx.newCDPSession(victim);
      // the renderer dies (no unload runs); the command itself never gets an answer
      void cdp.send('Page.crash').catch(() => undefined);
      await crashed;
      void victim.close().catch(() => undefined);
      figures.leaderKills++;
      const killedAt = Date.now();
      tabs.splice(i, 1);
      // another tab takes the lock (no new tab needed for that)
      for (;;) {
        if ((await leaderOf()) >= 0) break;
        if (Date.now() - killedAt > 30_000) throw new Error('no tab took over the lock');
        await new Promise((r) => setTimeout(r, 20));
      }
      const took = Date.now() - killedAt;
      figures.maxTakeoverMs = Math.max(figures.maxTakeoverMs, took);
      figures.takeovers++;
      log(`leader tab killed (${figures.leaderKills}/${kills}) at ${seconds(t0)} s; took over in ${took} ms`);
      return true;
    };

    const prefix = `tabs${seed.toString(36)}-${Date.now().toString(36)}`;
    const queued: string[] = [];
    let n = 0;
    const t0 = Date.now();
    let nextKill = t0 + killEveryMs;
    let nextQueue = t0;
    // A loaded machine may find no leader at a kill time (a tab still loading): the next try comes
    // a kill period later, so the phase is bounded (4× its length) rather than endless.
    const phaseEnd = t0 + 4 * kills * killEveryMs;
    const going = (): boolean =>
      Date.now() < phaseEnd && (figures.leaderKills < kills || queued.length < minSubmissions);
    while (going()) {
      const now = Date.now();
      if (figures.leaderKills < kills && now >= nextKill) {
        // on the schedule from the start (t0 + k × killEveryMs), so kill and reopen times do not add up
        nextKill += killEveryMs;
        const killed = await killLeader();
        if (killed && figures.leaderKills >= kills && queued.length >= minSubmissions) break;
        // the killed tab is replaced, so the next kill again finds `tabs` tabs
        if (killed) tabs.push(await openTab());
      } else if (now >= nextQueue) {
        nextQueue = now + queueEveryMs;
        const tab = tabs[Math.floor(rng() * tabs.length)];
        const id = `${prefix}-${String(n++).padStart(5, '0')}`;
        const ok = await tab
          ?.evaluate(
            async ({ id, formId }) => {
              const off = (window as unknown as { __cqOffline?: OfflineHandle }).__cqOffline;
              if (!off) return false;
              const c = await off.create({ id, formId, formName: 'Tabs', data: {} });
              if (!c.ok) return false;
              return (await off.submit(id, { General: { id } })).ok;
            },
            { id, formId },
          )
          .catch(() => false);
        if (ok) queued.push(id);
      } else {
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    figures.submissions = queued.length;
    figures.killPhaseSeconds = seconds(t0);
    if (figures.leaderKills < kills)
      figures.failures.push(
        `only ${figures.leaderKills} of ${kills} leader kills in ${figures.killPhaseSeconds} s`,
      );
    log(
      `queued ${queued.length} submissions from ${tabCount} tabs in ${figures.killPhaseSeconds} s; draining`,
    );

    const t1 = Date.now();
    const mine = new Set(queued);
    for (;;) {
      const left = await tabs[0]
        ?.evaluate(
          async (prefix) =>
            (
              (await (
                window as unknown as { __cqOffline?: OfflineHandle }
              ).__cqOffline?.dbs.submissions.submissions.toArray()) ?? []
            ).filter((s) => s.id.startsWith(prefix) && s.syncStatus !== 'in sync').length,
          prefix,
        )
        .catch(() => -1);
      if (left === 0) break;
      if (Date.now() - t1 > timeoutMs) {
        figures.leftLocal = left ?? -1;
        figures.failures.push(
          `${figures.leftLocal} submissions still in the outbox after ${timeoutMs / 1000} s of draining`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    figures.drainSeconds = seconds(t1);
    log(`drained in ${figures.drainSeconds} s`);
    await org.control('DELETE', '/faults');

    const records = await org.submissionsByKeyPrefix(`${formId}#${prefix}`);
    const perId = new Map<string, number>();
    for (const r of records) {
      const id = r.key.slice(r.key.indexOf('#') + 1).toLowerCase();
      perId.set(id, (perId.get(id) ?? 0) + 1);
    }
    figures.duplicated = [...perId.values()].reduce((a, c) => a + c - 1, 0);
    figures.missing = [...mine].filter((id) => !perId.has(id.toLowerCase())).length;
    figures.onceInOrg = [...mine].filter((id) => perId.get(id.toLowerCase()) === 1).length;
    figures.effectsTwice = [...perId.values()].filter((c) => c > 1).length;
    figures.redelivered = [...delivered.values()].filter((c) => c > 1).length;
    figures.wallSeconds = seconds(tStart);
    log(`figures ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await org.control('DELETE', '/faults').catch(() => undefined);
    await context?.close().catch(() => undefined);
    await system.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
