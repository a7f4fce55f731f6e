/**
 * Durability runner (issues 5 and 11): queues submissions (some with files) offline in a persistent
 * Chromium profile through the signed-in page's real offline services, then lets them drain while
 * the org-emulator injects faults, the network toggles on a seeded schedule, duplicate requests are
 * delivered, and the page is closed (or the whole browser process killed) again and again, including
 * mid-write (while queuing) and mid-upload. Then it checks the org: every acknowledged submission
 * exactly once, every file once with the sha256 it was queued with, the local queue empty, nothing
 * wrongly `in error`.
 *
 *   import { runDurability } from '../proof/durability';
 *   const figures = await runDurability({ seed: 7, submissions: 500, withFiles: 20, ... });
 *
 * Options (all optional; defaults are issue 11's full run):
 *   seed             PRNG seed for every random choice (schedule, sizes, faults' order)      1
 *   submissions      how many submissions are queued                                        500
 *   withFiles        how many of them carry one file                                        20
 *   fileMB           [min, max] file size in MB                                             [10, 100]
 *   faults           emulator + network faults, rates 0..1: error500 0.05, error503 0.05,
 *                    dropped 0, lost 0.02, duplicate 0.01 (a request delivered twice by the
 *                    network: record writes replayed at the browser's edge, and every org write
 *                    with a JSON body handled twice by the emulator), latencyMs 0
 *   interruptions    how many times the page is closed / the browser killed                 20
 *   interruption     'kill-browser' (SIGKILL of Chromium) or 'close-page'                   'kill-browser'
 *   midWrite         how many of the interruptions hit the queuing phase                    2
 *   toggleMs         [min, max] ms between network toggles                                  [2000, 6000]
 *   offlineMs        [min, max] ms each offline spell lasts                                 [300, 1500]
 *   interruptEveryMs [min, max] ms between interruptions while draining                     [1500, 4000]
 *   timeoutMs        give up draining after this long                                       30 min
 *   log              progress lines (default: none)
 * Returns DurabilityFigures (below); `lost` and `duplicated` must be 0, `checksumsMatching` must equal
 * `files`. DIST_ROOT is honoured (the system is started with scripts/system.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';
import { OrgProbe } from './org-probe';
import { mulberry32, type Rng } from './rng';

export interface DurabilityOptions {
  seed?: number;
  submissions?: number;
  withFiles?: number;
  fileMB?: [number, number];
  faults?: {
    error500?: number;
    error503?: number;
    dropped?: number;
    lost?: number;
    duplicate?: number;
    latencyMs?: number;
  };
  interruptions?: number;
  interruption?: 'kill-browser' | 'close-page';
  midWrite?: number;
  toggleMs?: [number, number];
  offlineMs?: [number, number];
  /** [min, max] ms between interruptions once the drain started. */
  interruptEveryMs?: [number, number];
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface DurabilityFigures {
  seed: number;
  submissions: number;
  /** Submissions the page confirmed as stored before any interruption could cut them off. */
  acknowledged: number;
  /** Acknowledged submissions missing from the org (must be 0). */
  lost: number;
  /** Extra org records beyond one per uniqueness key (must be 0). */
  duplicated: number;
  files: number;
  /** Files whose org copy (the ContentDocument the submission points at) has the queued sha256. */
  checksumsMatching: number;
  /** Extra copies of a file in the org (must be 0). */
  duplicatedFiles: number;
  leftLocal: number;
  inError: number;
  drainSeconds: number;
  queueSeconds: number;
  interruptions: number;
  midWrite: number;
  midUpload: number;
  toggles: number;
  duplicatesDelivered: number;
  /** Org writes (BFF → org, JSON bodies) the emulator handled twice: duplicate delivery at the org's edge. */
  orgDuplicatesDelivered: number;
  /** Org writes that could have been delivered twice (JSON bodies): the population of the rate. */
  orgWrites: number;
  /**
   * Record writes of the page seen at the browser's edge, the population `duplicate` is a rate of
   * (counted only with duplicate delivery on: otherwise nothing is paused).
   */
  writeRequests: number;
  /** Runner calls into the browser given up after their time limit (a page that stopped answering). */
  stuckCalls: number;
}

interface Queued {
  id: string;
  files: { name: string; sha256: string; size: number }[];
}

const WRITE_ROUTES = /\/api\/(submissions\/batch|data|savesubmission|submissionJson)(\?|$)/;

declare global {
  interface Window {
    __cqOffline?: {
      create(input: {
        id: string;
        formId: string;
        formName: string;
        data: Record<string, unknown>;
      }): Promise<{
        ok: boolean;
        message?: string;
      }>;
      submit(id: string, data: Record<string, unknown>): Promise<{ ok: boolean; message?: string }>;
      attachFile(
        id: string,
        file: Blob,
        name: string,
      ): Promise<{ ok: boolean; message?: string; value?: Record<string, unknown> }>;
      discard(id: string): Promise<{ ok: boolean; message?: string }>;
      /** The signed-in owner: every store call takes it (issue 28). */
      owner(): unknown;
      store: {
        filesOf(
          owner: unknown,
          id: string,
        ): Promise<{ Name: string; sha256?: string; file: Blob; LocalId: string; status: string }[]>;
        getSubmission(owner: unknown, id: string): Promise<{ status: string } | undefined>;
      };
      dbs: { submissions: { submissions: { toArray(): Promise<{ id: string; syncStatus: string }[]> } } };
      engine: { uploadingIds(): Set<string>; files: { uploadingIds(): string[] } };
    };
  }
}

/** A browser over a persistent profile that can be killed hard and started again on the same profile. */
class Chromium {
  private child: ChildProcess | null = null;
  browser: Browser | null = null;
  context: BrowserContext | null = null;

  constructor(
    readonly profile: string,
    readonly mode: 'kill-browser' | 'close-page',
  ) {}

  async start(): Promise<BrowserContext> {
    if (this.mode === 'close-page') {
      this.context ??= await chromium.launchPersistentContext(this.profile, {
        executablePath: chromiumLaunchOptions.executablePath,
        args: chromiumLaunchOptions.args,
        headless: true,
      });
      return this.context;
    }
    const child = spawn(
      chromiumLaunchOptions.executablePath,
      [
        ...chromiumLaunchOptions.args,
        '--headless=new',
        '--remote-debugging-port=0',
        `--user-data-dir=${this.profile}`,
        '--no-first-run',
        '--no-default-browser-check',
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.child = child;
    const ws = await new Promise<string>((resolve, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new Error(`chromium did not start: ${err}`)), 30_000);
      child.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`chromium exited ${code}: ${err}`)));
    });
    this.browser = await chromium.connectOverCDP(ws);
    const context = this.browser.contexts()[0];
    if (!context) throw new Error('no default context');
    this.context = context;
    return context;
  }

  /** SIGKILL: no unload, no flush; the profile is left exactly as a crash leaves it. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.browser = null;
    this.context = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    if (this.mode === 'close-page') {
      await this.context?.close().catch(() => undefined);
      this.context = null;
      return;
    }
    await this.kill();
  }
}

export async function runDurability(options: DurabilityOptions = {}): Promise<DurabilityFigures> {
  const seed = options.seed ?? 1;
  const N = options.submissions ?? 500;
  const withFiles = Math.min(N, options.withFiles ?? 20);
  const [minMB, maxMB] = options.fileMB ?? [10, 100];
  const faults = {
    error500: 0.05,
    error503: 0.05,
    dropped: 0,
    lost: 0.02,
    duplicate: 0.01,
    latencyMs: 0,
    ...options.faults,
  };
  const interruptions = options.interruptions ?? 20;
  const mode = options.interruption ?? 'kill-browser';
  const midWriteTarget = Math.min(options.midWrite ?? 2, interruptions);
  const [toggleMin, toggleMax] = options.toggleMs ?? [2000, 6000];
  const [offMin, offMax] = options.offlineMs ?? [300, 1500];
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const log = options.log ?? (() => undefined);
  const rng: Rng = mulberry32(seed);
  const between = (a: number, b: number) => a + Math.floor(rng() * (b - a + 1));

  const system: RunningSystem = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    emulatorArgs: ['--test-control'],
  });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-durability-'));
  const browser = new Chromium(profile, mode);
  const org = new OrgProbe(`http://127.0.0.1:${system.ports.emulator}`);
  const figures: DurabilityFigures = {
    seed,
    submissions: N,
    acknowledged: 0,
    lost: 0,
    duplicated: 0,
    files: 0,
    checksumsMatching: 0,
    duplicatedFiles: 0,
    leftLocal: 0,
    inError: 0,
    drainSeconds: 0,
    queueSeconds: 0,
    interruptions: 0,
    midWrite: 0,
    midUpload: 0,
    toggles: 0,
    duplicatesDelivered: 0,
    writeRequests: 0,
    orgDuplicatesDelivered: 0,
    orgWrites: 0,
    stuckCalls: 0,
  };
  /**
   * A call into the browser, given up after `ms` (counted): the full run of 10:19 hung for minutes
   * on one call to a page that had stopped answering after a kill, and the runner with it.
   */
  const within = <T, U = T>(call: Promise<T>, ms: number, fallback: U): Promise<T | U> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<U>((resolve) => {
      timer = setTimeout(() => {
        figures.stuckCalls++;
        void profileStuck();
        resolve(fallback);
      }, ms);
    });
    return Promise.race<T | U>([call.catch(() => fallback), late]).finally(() => clearTimeout(timer));
  };
  let page: Page | null = null;
  let online = true;
  /**
   * DURABILITY_PROFILE_DIR=<dir>: when a call into the page goes unanswered, a 5 s CPU profile of
   * that page (CDP Profiler, which answers while the page's script runs) is written there and its
   * heaviest functions logged: what the page is busy with when it stops answering.
   */
  let profiling = false;
  const profileStuck = async (): Promise<void> => {
    const dir = process.env.DURABILITY_PROFILE_DIR;
    const p = page;
    if (!dir || !p || profiling) return;
    profiling = true;
    try {
      const cdp = await p.context().newCDPSession(p);
      const timed = async (label: string, expression: string): Promise<string> => {
        const t = Date.now();
        const r = await Promise.race([
          cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }),
          new Promise((res) => setTimeout(() => res('timeout'), 10_000)),
        ]);
        return `${label} ${r === 'timeout' ? 'no answer in 10 s' : `${Date.now() - t} ms`}`;
      };
      log(
        `stuck page: ${await timed('script', '1 + 1')}, ${await timed(
          'indexedDB open',
          `new Promise((r) => { const q = indexedDB.open('SubmissionsDatabase'); q.onsuccess = () => { q.result.close(); r(1); }; q.onerror = () => r(0); })`,
        )}, ${await timed(
          'indexedDB count',
          `new Promise((r) => { const q = indexedDB.open('SubmissionsDatabase'); q.onsuccess = () => { const c = q.result.transaction('submissions').objectStore('submissions').count(); c.onsuccess = () => { q.result.close(); r(c.result); }; }; })`,
        )}`,
      );
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      await new Promise((r) => setTimeout(r, 5000));
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `stuck-${Date.now()}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      const dt = profile.timeDeltas ?? [];
      const self = new Map<number, number>();
      (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
      const top = profile.nodes
        .map((n) => ({ n, us: self.get(n.id) ?? 0 }))
        .sort((a, b) => b.us - a.us)
        .slice(0, 8)
        .map(
          ({ n, us }) =>
            `${n.callFrame.functionName || '(anon)'}@${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber} ${(us / 1000).toFixed(0)} ms`,
        );
      log(`stuck page profile ${file}: ${top.join(', ')}`);
      await cdp.detach();
    } catch (e) {
      log(`stuck page profile failed: ${String(e).slice(0, 120)}`);
    } finally {
      profiling = false;
    }
  };
  const duplicateRng = mulberry32(seed ^ 0x5bd1e995);

  /** Opens the app on a fresh page (after a start, a close or a kill), signed in, services exposed. */
  const open = async (): Promise<Page> => {
    const context = await browser.start();
    await context.setOffline(!online);
    await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
    // Run by tsx (npm run proof), the functions handed to page.evaluate come with esbuild's
    // keep-names helper around their inner named functions, a global the page lacks
    // ("__name is not defined"); Playwright's own runner (npm test) compiles without it.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
    const p = context.pages()[0] ?? (await context.newPage());
    // the queue's own trace (attached LocalIds, discarded drafts), to explain a second copy of a file
    p.on('console', (m) => {
      if (m.text().startsWith('[dur] ')) log(m.text().slice(6));
      // and why a local write failed (the page's own words name only the kind of failure)
      else if (m.text().startsWith('offline store write failed'))
        void m
          .args()[1]
          ?.evaluate((e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)))
          .then(
            (why) => log(`offline store write failed: ${why}`),
            () => log(m.text()),
          );
    });
    if (faults.duplicate > 0) await deliverTwice(p);
    for (let attempt = 0; ; attempt++) {
      try {
        await p.goto(`${system.url}/`, { waitUntil: 'domcontentloaded' });
        if (online) {
          const signedIn = await p.evaluate(async () => {
            const r = await fetch('/api/getToken', { headers: { 'X-Requested-With': 'cq' } });
            if (r.status !== 200) return false;
            return Boolean(((await r.json()) as { data?: unknown }).data);
          });
          if (!signedIn) {
            await signInAtOrg(p, system.url);
            await p.goto(`${system.url}/`, { waitUntil: 'domcontentloaded' });
          }
        }
        await p.waitForFunction(() => window.__cqOffline !== undefined, undefined, { timeout: 30_000 });
        // The page stores the user once its session check answers, after the services exist: online,
        // wait for it rather than looking once (a look too early signed in again for nothing).
        const storedUser = (timeout: number) =>
          p
            .waitForFunction(() => Boolean(localStorage.getItem('organizationId')), undefined, { timeout })
            .then(() => true)
            .catch(() => false);
        // A killed browser can lose what it had not flushed yet: the stored user (localStorage) or
        // the session cookie. A user whose browser crashed signs in again; so does the runner (online
        // for that moment if it has to), so nothing is ever queued without its organisation. The
        // network goes off again only once the page holds the user: cut earlier, the page's session
        // check fails, it starts signed out and anything queued would belong to no organisation
        // (never uploaded: the stall of the reduced run of 08:25).
        // Offline, the stored user is there or not (nothing answers meanwhile): a short look, not 1 ms.
        // A 1 ms wait timed out before its first poll after every mid-write cut of the close-page mode
        // (nothing lost), and the sign-in below then put the queue online for seconds: the engine
        // uploaded a cut draft's file, the draft was discarded and its file attached again under a new
        // LocalId, and the org held that file twice (duplicatedFiles 1, two upload keys).
        if (!(await storedUser(online ? 15_000 : 2_000))) {
          log('signed out by the interruption: signing in again');
          if (!online) await context.setOffline(false);
          await signInAtOrg(p, system.url);
          await p.goto(`${system.url}/`, { waitUntil: 'domcontentloaded' });
          await p.waitForFunction(() => window.__cqOffline !== undefined, undefined, { timeout: 30_000 });
          if (!(await storedUser(30_000))) throw new Error('no stored user after signing in');
          if (!online) await context.setOffline(true);
        }
        return p;
      } catch (e) {
        if (attempt >= 4) throw e;
        log(`reopen attempt ${attempt + 1} failed: ${String(e).slice(0, 120)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };

  /**
   * Duplicate delivery: the network hands a record write to the BFF twice. Only the write routes are
   * paused (CDP Fetch with their URL patterns). Not Playwright's `route`: with any route set it
   * pauses every request of the page, the 100 MB uploads included, and sends each through this
   * process; with uploads in flight the page's other requests then waited 7 s and more, the
   * runner's calls timed out ("the page stops answering") and the full run never drained.
   */
  /** How the BFF answered the second deliveries (logged with the figures: they must really arrive). */
  const duplicateStatuses: Record<string, number> = {};
  const deliverTwice = async (p: Page): Promise<void> => {
    const cdp = await p.context().newCDPSession(p);
    cdp.on('Fetch.requestPaused', (e) => {
      const { requestId, request } = e;
      void (async () => {
        const write = WRITE_ROUTES.test(new URL(request.url).pathname + new URL(request.url).search);
        if (write) figures.writeRequests++;
        if (write && duplicateRng() < faults.duplicate) {
          figures.duplicatesDelivered++;
          // the write routes' bodies are JSON in memory: CDP hands them over (entries are base64)
          const body =
            request.postData ??
            (request.postDataEntries
              ? Buffer.concat(request.postDataEntries.map((x) => Buffer.from(x.bytes ?? '', 'base64')))
              : undefined);
          const cookies = (await p.context().cookies(request.url))
            .map((c) => `${c.name}=${c.value}`)
            .join('; ');
          await fetch(request.url, {
            method: request.method,
            headers: { Origin: system.url, ...request.headers, ...(cookies ? { Cookie: cookies } : {}) },
            ...(body !== undefined ? { body } : {}),
          })
            .then(async (r) => {
              await r.arrayBuffer();
              duplicateStatuses[r.status] = (duplicateStatuses[r.status] ?? 0) + 1;
            })
            .catch(() => {
              duplicateStatuses.failed = (duplicateStatuses.failed ?? 0) + 1;
            });
        }
        await cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined);
      })();
    });
    await cdp.send('Fetch.enable', {
      patterns: ['submissions/batch', 'data', 'savesubmission', 'submissionJson'].map((r) => ({
        urlPattern: `*/api/${r}*`,
        requestStage: 'Request' as const,
      })),
    });
  };

  const interrupt = async (what: string): Promise<void> => {
    figures.interruptions++;
    log(`interruption ${figures.interruptions} (${what})`);
    if (mode === 'close-page') await page?.close({ runBeforeUnload: false }).catch(() => undefined);
    else await browser.kill();
    page = null;
    page = await open();
  };

  try {
    // 0. sign in online once (the app and its service worker cached), then offline
    page = await open();
    // no extra reload: the header's sign says the worker holds the whole app, which then starts offline
    await page.getByTestId('offline-ready').waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => window.__cqOffline !== undefined);
    await page.waitForLoadState('networkidle');
    const [form] = await org.query<{ Id: string }>(
      "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0003'", // no required field: the queued data need fill none
    );
    const formId = form?.Id ?? '';
    if (!formId) throw new Error('no form in the demo org');
    online = false;
    await browser.context?.setOffline(true);

    // 1. queue offline, in small batches; some batches are cut by an interruption (mid-write)
    const prefix = `dur${seed.toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
    const fileIndexes = new Set<number>();
    while (fileIndexes.size < withFiles) fileIndexes.add(Math.floor(rng() * N));
    const plan = Array.from({ length: N }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(5, '0')}`,
      // MB as the product counts them (MAX_FILE_SIZE_BYTES = 1e8): a 100 MiB file would be refused
      fileBytes: fileIndexes.has(i) ? between(minMB * 1000, maxMB * 1000) * 1000 : 0,
      fileSeed: between(1, 2 ** 30),
    }));
    const acked = new Map<string, Queued>();
    const BATCH = 10;
    const batches = Math.ceil(N / BATCH);
    const cutBatches = new Set<number>();
    while (cutBatches.size < Math.min(midWriteTarget, batches)) cutBatches.add(Math.floor(rng() * batches));
    const t0 = Date.now();
    for (let b = 0; b < batches; b++) {
      const items = plan.slice(b * BATCH, (b + 1) * BATCH);
      const p = page;
      if (!p) throw new Error('no page');
      const work = p.evaluate(
        async ({ items, formId }) => {
          const off = window.__cqOffline;
          if (!off) throw new Error('offline services not exposed');
          const out: { id: string; files: { name: string; sha256: string; size: number }[] }[] = [];
          /** What the device holds of an item's files, as the runner compares it with the org. */
          const storedFiles = async (id: string) =>
            (await off.store.filesOf(off.owner(), id)).map((f) => ({
              name: f.Name,
              sha256: f.sha256 ?? '',
              size: f.file.size,
            }));
          for (const it of items) {
            // a batch cut by an interruption is queued again: what was submitted stays as it is,
            // a half-made draft (created, not yet submitted) is discarded and made again, except one
            // whose file is attached already: it is resumed with that file, as a user reopening the
            // draft would (its file may be in the org already: attaching it again under a new LocalId
            // would be a second copy of one file)
            const cur = await off.store.getSubmission(off.owner(), it.id);
            if (cur?.status === 'submitted') {
              const files = await storedFiles(it.id);
              out.push({ id: it.id, files });
              continue;
            }
            const attached =
              cur && it.fileBytes > 0
                ? (await off.store.filesOf(off.owner(), it.id)).filter(
                    (f) => f.Name === `${it.id}.bin` && f.file.size === it.fileBytes,
                  )
                : [];
            const resumed = attached.length === 1 ? attached[0] : undefined;
            if (cur && resumed) {
              console.log(`[dur] resumed ${it.id} (${cur.status}) with ${resumed.LocalId}:${resumed.status}`);
              const node = {
                ContentDocumentId: '',
                LocalId: resumed.LocalId,
                Name: resumed.Name,
                error: null,
                submissionId: it.id,
                progress: -1,
              };
              const s = await off.submit(it.id, {
                General: { id: it.id, note: `queued ${it.id}` },
                Files: [node],
              });
              if (!s.ok) throw new Error(s.message ?? 'submit failed');
              const files = await storedFiles(it.id);
              out.push({ id: it.id, files });
              continue;
            }
            if (cur) {
              // logged (console, relayed by the runner): a key in the org's copy log that was attached
              // by a cut attempt and discarded here says the discarded draft's file was uploaded anyway
              const before = (await off.store.filesOf(off.owner(), it.id)).map(
                (f) => `${f.LocalId}:${f.status}`,
              );
              const d = await off.discard(it.id);
              const left = (await off.store.filesOf(off.owner(), it.id)).map((f) => f.LocalId);
              console.log(
                `[dur] discarded ${it.id} (${cur.status}) ok=${String(d.ok)} files ${before.join(',')} left ${left.join(',')}`,
              );
            }
            const c = await off.create({ id: it.id, formId, formName: 'Durability', data: {} });
            if (!c.ok) throw new Error(c.message ?? 'create failed');
            const nodes: Record<string, unknown>[] = [];
            if (it.fileBytes > 0) {
              // deterministic bytes (xorshift from the item's seed): fast, and never compressible
              const buf = new Uint32Array(Math.ceil(it.fileBytes / 4));
              let x = it.fileSeed | 1;
              for (let k = 0; k < buf.length; k++) {
                x ^= x << 13;
                x ^= x >>> 17;
                x ^= x << 5;
                buf[k] = x >>> 0;
              }
              const blob = new Blob([new Uint8Array(buf.buffer, 0, it.fileBytes)], {
                type: 'application/octet-stream',
              });
              const f = await off.attachFile(it.id, blob, `${it.id}.bin`);
              if (!f.ok || !f.value) throw new Error(f.message ?? 'attach failed');
              console.log(`[dur] attached ${it.id} ${f.value.LocalId}`);
              nodes.push(f.value);
            }
            const s = await off.submit(it.id, {
              General: { id: it.id, note: `queued ${it.id}` },
              Files: nodes,
            });
            if (!s.ok) throw new Error(s.message ?? 'submit failed');
            const files = await storedFiles(it.id);
            out.push({ id: it.id, files });
          }
          return out;
        },
        { items, formId },
      );
      if (cutBatches.has(b) && figures.midWrite < midWriteTarget) {
        work.catch(() => undefined);
        await new Promise((r) => setTimeout(r, between(30, 400)));
        figures.midWrite++;
        await interrupt('mid-write');
        // what the cut batch stored is durable or absent: the same batch again (same ids)
        cutBatches.delete(b);
        b--;
        continue;
      }
      for (const q of await work) acked.set(q.id, q);
    }
    figures.queueSeconds = (Date.now() - t0) / 1000;
    figures.acknowledged = acked.size;
    figures.files = [...acked.values()].reduce((n, q) => n + q.files.length, 0);
    log(`queued ${acked.size} submissions (${figures.files} files) in ${figures.queueSeconds.toFixed(1)} s`);

    // 2. faults on, network back, and the storm
    let errorStatus: 500 | 503 = 503;
    const setFaults = () =>
      org.control('POST', '/faults', {
        latencyMs: faults.latencyMs,
        errorRate: faults.error500 + faults.error503,
        errorStatus,
        dropRate: faults.dropped,
        duplicateRate: faults.duplicate,
        pathPattern: '^/services/data/',
        methods: ['POST', 'PATCH'],
      });
    await setFaults();
    // Lost answers on record writes and on file uploads: the BFF finds an upload whose answer was
    // lost by its X-Upload-Key, so the retry must not store a second copy (checked by sha256 below).
    const lostFaults = async () => {
      await org.control('POST', '/faults', {
        latencyMs: faults.latencyMs,
        errorRate: faults.error500 + faults.error503,
        errorStatus,
        dropRate: faults.dropped,
        lostResponseRate: faults.lost,
        duplicateRate: faults.duplicate,
        pathPattern: '^/services/data/[^/]+/(sobjects|composite|connect)/',
        methods: ['POST', 'PATCH'],
      });
    };
    let faultPhase = 0;
    online = true;
    await browser.context?.setOffline(false);
    const t1 = Date.now();
    const drainedCheck = async (): Promise<{ left: number; inError: number }> => {
      const p = page;
      if (!p) return { left: -1, inError: 0 };
      // ours still waiting (or refused); the home screen may import delivered ones back as in sync
      return within(
        p.evaluate(async (prefix) => {
          const all = ((await window.__cqOffline?.dbs.submissions.submissions.toArray()) ?? []).filter(
            (s) => s.id.startsWith(prefix) && s.syncStatus !== 'in sync',
          );
          return { left: all.length, inError: all.filter((s) => s.syncStatus === 'in error').length };
        }, prefix),
        20_000,
        { left: -1, inError: 0 },
      );
    };
    let nextToggle = Date.now() + between(toggleMin, toggleMax);
    let nextReport = Date.now() + 10_000;
    const [gapMin, gapMax] = options.interruptEveryMs ?? [1500, 4000];
    const plannedGap = () => between(gapMin, gapMax);
    let drainedEarly = false;
    let nextInterrupt = Date.now() + plannedGap();
    let unanswered = 0;
    for (;;) {
      if (Date.now() - t1 > timeoutMs) throw new Error(`not drained after ${timeoutMs} ms`);
      const state = await drainedCheck();
      unanswered = state.left < 0 ? unanswered + 1 : 0;
      if (unanswered >= 3) {
        // the page stopped answering: open it again (not counted as one of the interruptions)
        log('the page does not answer: reopening it');
        unanswered = 0;
        if (mode === 'close-page') await page?.close({ runBeforeUnload: false }).catch(() => undefined);
        else await browser.kill();
        page = await open();
        continue;
      }
      if (state.left === state.inError && state.left >= 0 && figures.interruptions >= interruptions) {
        figures.leftLocal = state.left;
        figures.inError = state.inError;
        break;
      }
      if (state.left === 0 && figures.interruptions < interruptions && !drainedEarly) {
        // drained before every interruption happened: the remaining ones hit an idle app (still counted)
        drainedEarly = true;
        log(`drained after ${figures.interruptions} interruptions`);
      }
      const now = Date.now();
      if (now >= nextReport && page) {
        nextReport = now + 10_000;
        const summary = await within(
          page.evaluate(async () => {
            const off = window.__cqOffline as unknown as {
              queueSummary(): Promise<{
                submissions: Record<string, number>;
                files: Record<string, number>;
                errors: string[];
              }>;
              engine: {
                running: boolean;
                pendingWork: boolean;
                isLeader: { get(): boolean };
                uploadingIds(): Set<string>;
              };
            };
            return {
              ...(await off.queueSummary()),
              uploading: off.engine.uploadingIds().size,
              running: off.engine.running,
              leader: off.engine.isLeader.get(),
              pendingWork: off.engine.pendingWork,
              org: localStorage.getItem('organizationId'),
            };
          }),
          20_000,
          'no answer',
        );
        log(`local queue ${JSON.stringify(summary)}`);
      }
      if (now >= nextToggle) {
        figures.toggles++;
        online = false;
        await within(browser.context?.setOffline(true) ?? Promise.resolve(), 15_000, undefined);
        await new Promise((r) => setTimeout(r, between(offMin, offMax)));
        online = true;
        await within(browser.context?.setOffline(false) ?? Promise.resolve(), 15_000, undefined);
        // 500 and 503 take turns; lost answers every other phase
        errorStatus = errorStatus === 503 ? 500 : 503;
        faultPhase++;
        await (faultPhase % 2 === 0 ? setFaults() : lostFaults());
        nextToggle = Date.now() + between(toggleMin, toggleMax);
      } else if (figures.interruptions < interruptions && now >= nextInterrupt) {
        let what = 'mid-sync';
        if (figures.interruptions % 2 === 0 && page) {
          // wait (briefly) for an upload in flight: mid-upload
          const deadline = Date.now() + 3000;
          while (Date.now() < deadline) {
            const uploading = await within(
              // a file's bytes on the wire (not a batch of records, which the engine also counts)
              page.evaluate(() => (window.__cqOffline?.engine.files.uploadingIds().length ?? 0) > 0),
              5_000,
              false,
            );
            if (uploading) {
              what = 'mid-upload';
              figures.midUpload++;
              break;
            }
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        await interrupt(what);
        nextInterrupt = Date.now() + plannedGap();
      } else {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    figures.drainSeconds = (Date.now() - t1) / 1000;
    const orgFaults = (await org.control('GET', '/faults')) as {
      duplicatesDelivered?: number;
      duplicateCandidates?: number;
    };
    figures.orgDuplicatesDelivered = orgFaults.duplicatesDelivered ?? 0;
    figures.orgWrites = orgFaults.duplicateCandidates ?? 0;
    await org.control('DELETE', '/faults');

    // 3. the org's side
    const records = await org.submissionsByKeyPrefix(`${formId}#${prefix}`);
    const perKey = new Map<string, number>();
    for (const r of records) perKey.set(r.key.toLowerCase(), (perKey.get(r.key.toLowerCase()) ?? 0) + 1);
    figures.duplicated = [...perKey.values()].reduce((n, c) => n + c - 1, 0);
    figures.lost = [...acked.keys()].filter((id) => !perKey.has(`${formId}#${id}`.toLowerCase())).length;
    const byKey = new Map(records.map((r) => [r.key.toLowerCase(), r]));
    const copies = await org.fileCopiesByTitlePrefix(prefix);
    for (const q of acked.values()) {
      for (const f of q.files) {
        const n = copies.get(f.name) ?? 0;
        if (n > 1) {
          figures.duplicatedFiles += n - 1;
          // the copies' upload keys say which path made the second one (one key twice, or two keys)
          log(`${n} copies of ${f.name}: ${JSON.stringify(await org.fileVersionsNamed(f.name))}`);
        }
        const rec = byKey.get(`${formId}#${q.id}`.toLowerCase());
        const doc = rec ? contentDocumentOf(rec.json, f.name) : null;
        if (doc && (await org.sha256OfDocument(doc)) === f.sha256) figures.checksumsMatching++;
      }
    }
    log(`second deliveries answered: ${JSON.stringify(duplicateStatuses)}`);
    log(`figures ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await org.control('DELETE', '/faults').catch(() => undefined);
    await browser.close().catch(() => undefined);
    await system.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The ContentDocumentId of the file node named `name` anywhere in a submission's JSON. */
function contentDocumentOf(json: unknown, name: string): string | null {
  let found: string | null = null;
  const walk = (v: unknown): void => {
    if (found) return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.Name === name && typeof o.ContentDocumentId === 'string' && /^069/.test(o.ContentDocumentId)) {
        found = o.ContentDocumentId;
        return;
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(json);
  return found;
}
