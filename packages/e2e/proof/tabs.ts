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
 *   import { runTabs } from '../proof/tabs';
 *   const figures = await runTabs({ tabs: 5, killEveryMs: 10_000, durationMs: 90_000 });
 *
 * Options (all optional; defaults are issue 11's full run):
 *   seed          PRNG seed (which tab queues, when)                                  1
 *   tabs          tabs open at once                                                  5
 *   killEveryMs   the leader tab is killed this often                                10000
 *   durationMs    how long submissions keep being queued (kills happen meanwhile)    90000
 *   queueEveryMs  a submission is queued from a random tab this often               250
 *   minSubmissions, minKills  keep going past durationMs (up to 4×) until reached       0, 0
 *   latencyMs     org latency added by the emulator (keeps requests in flight)       50
 *   timeoutMs     give up draining after this long (after durationMs)               5 min
 *   log           progress lines
 * Returns TabsFigures: `missing`, `duplicated` and `effectsTwice` must be 0.
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
  killEveryMs?: number;
  durationMs?: number;
  queueEveryMs?: number;
  /** Keep queuing (and killing) past durationMs until this many are queued and killed (a loaded machine is slow to reopen tabs). */
  minSubmissions?: number;
  minKills?: number;
  latencyMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface TabsFigures {
  seed: number;
  tabs: number;
  submissions: number;
  /** Queued submissions with no record in the org (must be 0). */
  missing: number;
  /** Extra org records beyond one per uniqueness key (must be 0). */
  duplicated: number;
  /** Submissions with more than one record in the org, i.e. whose effect happened twice (must be 0). */
  effectsTwice: number;
  /** Submissions the BFF accepted more than once (re-sent after a kill; harmless by the upsert). */
  redelivered: number;
  leaderKills: number;
  /** Leader changes seen (each kill hands the lock to another tab). */
  handovers: number;
  drainSeconds: number;
  maxTakeoverMs: number;
  leftLocal: number;
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
  const killEveryMs = options.killEveryMs ?? 10_000;
  const durationMs = options.durationMs ?? 90_000;
  const queueEveryMs = options.queueEveryMs ?? 250;
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const log = options.log ?? (() => undefined);
  const rng = mulberry32(seed);

  const system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    emulatorArgs: ['--test-control'],
  });
  const org = new OrgProbe(`http://127.0.0.1:${system.ports.emulator}`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-tabs-'));
  let context: BrowserContext | null = null;
  const figures: TabsFigures = {
    seed,
    tabs: tabCount,
    submissions: 0,
    missing: 0,
    duplicated: 0,
    effectsTwice: 0,
    redelivered: 0,
    leaderKills: 0,
    handovers: 0,
    drainSeconds: 0,
    maxTakeoverMs: 0,
    leftLocal: 0,
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
    const [form] = await org.query<{ Id: string }>(
      "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE cqext__Status__c = 'Active' ORDER BY Name LIMIT 1",
    );
    const formId = form?.Id ?? '';
    if (!formId) throw new Error('no form in the demo org');
    const openTab = async (p?: Page): Promise<Page> => {
      const page = p ?? (await ctx.newPage());
      await page.goto(`${system.url}/`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);
      return page;
    };
    const tabs: Page[] = [await openTab(first)];
    while (tabs.length < tabCount) tabs.push(await openTab());
    log(`${tabs.length} tabs open`);
    await org.control('POST', '/faults', {
      latencyMs: options.latencyMs ?? 50,
      pathPattern: '^/services/data/',
    });

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

    const prefix = `tabs${seed.toString(36)}-${Date.now().toString(36)}`;
    const queued: string[] = [];
    let n = 0;
    const t0 = Date.now();
    let nextKill = t0 + killEveryMs;
    let nextQueue = t0;
    const minSubmissions = options.minSubmissions ?? 0;
    const minKills = options.minKills ?? 0;
    const going = (): boolean => {
      const elapsed = Date.now() - t0;
      if (elapsed < durationMs) return true;
      return elapsed < durationMs * 4 && (queued.length < minSubmissions || figures.leaderKills < minKills);
    };
    while (going()) {
      const now = Date.now();
      if (now >= nextKill) {
        nextKill = now + killEveryMs;
        const i = await leaderOf();
        const victim = i >= 0 ? tabs[i] : undefined;
        if (victim) {
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
          figures.maxTakeoverMs = Math.max(figures.maxTakeoverMs, Date.now() - killedAt);
          figures.handovers++;
          log(`leader tab killed (${figures.leaderKills}); took over in ${Date.now() - killedAt} ms`);
          tabs.push(await openTab());
        }
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
    log(`queued ${queued.length} submissions from ${tabCount} tabs; draining`);

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
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    figures.drainSeconds = (Date.now() - t0) / 1000;
    await org.control('DELETE', '/faults');

    const records = await org.submissionsByKeyPrefix(`${formId}#${prefix}`);
    const perId = new Map<string, number>();
    for (const r of records) {
      const id = r.key.slice(r.key.indexOf('#') + 1).toLowerCase();
      perId.set(id, (perId.get(id) ?? 0) + 1);
    }
    figures.duplicated = [...perId.values()].reduce((a, c) => a + c - 1, 0);
    figures.missing = [...mine].filter((id) => !perId.has(id.toLowerCase())).length;
    figures.effectsTwice = [...perId.values()].filter((c) => c > 1).length;
    figures.redelivered = [...delivered.values()].filter((c) => c > 1).length;
    log(`figures ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await org.control('DELETE', '/faults').catch(() => undefined);
    await context?.close().catch(() => undefined);
    await system.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
