// `npm run bench:load`: what it costs to open the app, in Chromium.
//
// 1. On loopback, cold (HTTP cache cleared, service worker blocked), median of LOAD_RUNS (5): the sign-in
//    page and shell + home for a signed-in user, and home again for a user whose Salesforce language is
//    Spanish (its catalogs count). JavaScript bytes over the wire (compressed, as served) asked for
//    before the screen is usable, and after it (the offline core and Dexie, fetched after the first
//    paint; the idle preloads, asked for once the screen is usable, listed apart), requests, time to
//    usable. "Usable" is the moment the page itself sees the screen up (usableProbes).
// 2. On a slow mobile network (Chromium's network emulation, DevTools protocol; slow-network.ts), median
//    of LOAD_SLOW_RUNS (3): time to the sign-in button being usable and to home being interactive, cold,
//    and home on a repeat visit with the service worker warm (its own fetches emulated too).
// 3. On the slow mobile network, a signed-in first visit with the service worker: how long after home is
//    interactive the offline copy is complete (the header's "Ready to work offline"), and the bytes the
//    worker fetched for it (printed, no goal). Then a tap during that warm-up: Launch on the first form
//    card as soon as the page has asked the worker for the copy, to the form usable, beside the same tap
//    in a context with no service worker (no warm-up), same run (issue 46: the warm-up never delays what
//    the user asked for).
// LOAD_WATERFALL=1 also prints each slow-network load's requests (waterfall.ts), to see which wait for others.
// Goals (issue 21, tightened by issue 46) are printed PASS/FAIL beside the figures, and a missed one fails
// the run (exit code 1); they are what every change must fit: a change over one fails it, the goal does
// not move; the last line is a JSON summary for scripts/proof.mjs. Serves the builds under $DIST_ROOT when it is set (scripts/system.mjs), e.g.
// `DIST_ROOT=/tmp/dist-x node scripts/build.mjs && DIST_ROOT=/tmp/dist-x tsx e2e/bench/load.ts`.
import { loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';
import { signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem } from '../support/system';
import { SLOW_MOBILE, throttlePage, throttleServiceWorkers } from './slow-network';
import { formatWaterfall, recordWaterfall } from './waterfall';
import { benchGoal } from '../../scripts/bench-goal.mjs';
import { OrgClient, ORG_API_VERSION } from 'test-kit';

const RUNS = Number(process.env.LOAD_RUNS ?? 5);
const SLOW_RUNS = Number(process.env.LOAD_SLOW_RUNS ?? 3);
/** LOAD_WATERFALL=1: print each slow-profile load's requests, start and end (waterfall.ts). */
const WATERFALL = process.env.LOAD_WATERFALL === '1';
const KB = 1024;
const GOALS = {
  signInKb: 80,
  homeKb: 130,
  slowRepeatHomeMs: 1000,
  slowColdSignInMs: 3000,
  slowColdHomeMs: 4000,
  /** The tap during the warm-up over the same tap with no warm-up (noise allowance: 10 %). */
  warmUpTapRatio: 1.1,
};
/** Scripts the shell fetches after its first paint: the offline core and Dexie (host-services.ts). */
const AFTER_PAINT = /offline-core|dexie/;

interface Run {
  /** JS bytes of the screen's own path: asked for before the screen was usable (but the after-paint chunks). */
  jsBytes: number;
  /** A screen usable before any script ran (prerendered): the JS bytes that then took it over, else 0. */
  takeoverBytes: number;
  /** JS bytes asked for once the screen was usable (idle preloads: Chakra, dialogs), but the after-paint chunks. */
  idleBytes: number;
  /** Those scripts by name (KB), apart from `scripts`. */
  idleScripts: Map<string, number>;
  /** JS bytes of the after-paint chunks. */
  afterPaintBytes: number;
  requests: number;
  usableMs: number;
  firstPaintMs: number;
  /** When the page asked for the first after-paint chunk (its clock, like firstPaintMs), NaN if none. */
  afterPaintRequestMs: number;
  scripts: Map<string, number>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const scriptName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

/**
 * Records, in the page, the first moment each screen is usable (`__cqUsableAt[name]`, the page's own
 * clock), as the DOM changes, and the end of the frame that shows it (`__cqUsableFrameAt[name]`: a
 * frame painted and a task after it, the main thread free to answer a tap). The time to usable is the
 * latter: Playwright's polling sees the screen 300-450 ms later on the slow profile (its waits back off
 * to 500 ms between looks), which is the driver's time, not the user's. The first moment also sorts
 * the scripts: the page's idle preloads (asked for once the screen is up) would otherwise be counted
 * before usable on loopback. The probes say what `homeReady` and `signInReady` wait for.
 */
// Plain JavaScript as text: a function passed to the page would carry tsx's helpers (`__name`), which
// the page does not have.
const usableProbes = `(() => {
  if (window.__cqUsableAt) return;
  const at = (window.__cqUsableAt = {});
  const frame = (window.__cqUsableFrameAt = {});
  const scriptless = (window.__cqUsableScriptless = {});
  const probes = {
    home: () => !!document.querySelector('#area-mfe-home[data-state="mounted"] [data-remote="mfe-home"]'),
    signIn: () =>
      [
        ...document.querySelectorAll(
          '#area-mfe-auth[data-state="mounted"] button, [data-prerendered="mfe-auth"] button',
        ),
      ].some(
        (b) => !b.disabled && (b.textContent || '').includes('Production login'),
      ),
  };
  new MutationObserver(() => {
    for (const name of Object.keys(probes))
      if (at[name] === undefined && probes[name]()) {
        at[name] = performance.now();
        // no area yet: the shell's code has not run, the screen is the BFF's prerendered one
        scriptless[name] = !document.querySelector('[data-area]');
        requestAnimationFrame(() => setTimeout(() => (frame[name] = performance.now()), 0));
      }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;
const probedPages = new WeakSet<Page>();

/** The next frame after the screen rendered, and a task after it: the main thread can answer an input. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

/**
 * Loads `url` in `page` and waits for `ready`, recording the scripts and when they were asked for. The
 * clock runs from the navigation to `ready` (home interactive, the sign-in button usable), not to the
 * page's load event, which idle preloads hold back: `goto` waits only for the navigation's answer.
 * A script counts before usable when the page asked for it before that moment (its own clock),
 * otherwise as an idle preload (listed apart); the after-paint chunks have their own line.
 */
/** What a load waits for, and the name of its in-page probe (usableProbes). */
type Ready = (() => Promise<void>) & { probe: 'home' | 'signIn' };

async function load(page: Page, url: string, ready: Ready, idle = true): Promise<Run> {
  if (!probedPages.has(page)) {
    await page.addInitScript({ content: usableProbes });
    probedPages.add(page);
  }
  const sizes: Promise<{ js: boolean; bytes: number; url: string }>[] = [];
  const started = Date.now();
  const onFinished = (request: import('@playwright/test').Request) =>
    sizes.push(
      request.sizes().then((s) => ({
        js: request.resourceType() === 'script' || request.url().endsWith('.js'),
        bytes: s.responseBodySize,
        url: request.url(),
      })),
    );
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'commit' });
  await ready();
  await nextFrame(page);
  // the moment the page itself saw the screen usable, and the frame that showed it (usableProbes)
  const probed = await page.evaluate((name) => {
    const w = window as unknown as {
      __cqUsableAt?: Record<string, number>;
      __cqUsableFrameAt?: Record<string, number>;
      __cqUsableScriptless?: Record<string, boolean>;
    };
    const at = w.__cqUsableAt?.[name];
    const frame = w.__cqUsableFrameAt?.[name];
    const scriptless = w.__cqUsableScriptless?.[name] === true;
    return at === undefined || frame === undefined
      ? null
      : { at, frame, scriptless, origin: performance.timeOrigin };
  }, ready.probe);
  if (probed === null) throw new Error(`the page's probe "${ready.probe}" never saw the screen usable`);
  const usableAt = probed.at;
  // from the moment the bench asked for the page (its clock) to the frame, on the page's clock
  const usableMs = Math.round(probed.origin + probed.frame - started);
  if (idle) await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  // Both from the page's own clock: its first paint, and when it asked for the first after-paint chunk.
  const { firstPaintMs, afterPaintRequestMs, askedAt } = await page.evaluate((pattern) => {
    const re = new RegExp(pattern);
    const resources = performance.getEntriesByType('resource');
    const starts = resources.filter((e) => re.test(e.name.split('/').pop() ?? '')).map((e) => e.startTime);
    return {
      firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      afterPaintRequestMs: starts.length ? Math.min(...starts) : NaN,
      askedAt: resources.map((e) => [e.name, e.startTime] as const),
    };
  }, AFTER_PAINT.source);
  const asked = new Map(askedAt);
  const done = await Promise.all(sizes);
  const js = done.filter((r) => r.js);
  const after = js.filter((r) => AFTER_PAINT.test(scriptName(r.url)));
  // No timing entry (should not happen): counted before usable.
  const preloads = js.filter((r) => !after.includes(r) && (asked.get(r.url) ?? -1) > usableAt);
  const own = js.filter((r) => !after.includes(r) && !preloads.includes(r));
  const sum = (list: typeof js) => list.reduce((total, r) => total + r.bytes, 0);
  // Usable before any script ran (a prerendered screen): the page's code only takes it over.
  return {
    jsBytes: probed.scriptless ? 0 : sum(own),
    takeoverBytes: probed.scriptless ? sum(own) : 0,
    idleBytes: sum(preloads),
    idleScripts: new Map(preloads.map((r) => [scriptName(r.url), r.bytes])),
    afterPaintBytes: sum(after),
    requests: done.length,
    usableMs,
    firstPaintMs,
    afterPaintRequestMs,
    scripts: new Map(js.filter((r) => !preloads.includes(r)).map((r) => [scriptName(r.url), r.bytes])),
  };
}

async function coldLoad(context: BrowserContext, page: Page, url: string, ready: Ready) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return load(page, url, ready);
}

const homeReady = (page: Page): Ready =>
  Object.assign(
    () =>
      page
        .locator('#area-mfe-home[data-state="mounted"] [data-remote="mfe-home"]')
        .waitFor({ timeout: 120_000 }),
    { probe: 'home' as const },
  );
/** The sign-in page is usable when its "Production login" button can be pressed. */
const signInReady = (page: Page): Ready =>
  Object.assign(
    async () => {
      await page.locator('#area-mfe-auth[data-state="mounted"]').waitFor({ timeout: 120_000 });
      await page
        .getByRole('button', { name: 'Production login' })
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 120_000 });
    },
    { probe: 'signIn' as const },
  );

/** On home: the Forms tab, then Launch on the first form card; ms from the tap to the form usable. */
async function launchFirstForm(page: Page): Promise<number> {
  await page.getByRole('tab', { name: /^Forms/ }).click();
  const launch = page
    .getByRole('tabpanel')
    .getByTestId('form-card')
    .first()
    .getByRole('button', { name: /^Launch / });
  await launch.waitFor({ timeout: 120_000 });
  const started = Date.now();
  await launch.click();
  await page
    .getByTestId('form-footer')
    .getByRole('button', { name: 'Save' })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 300_000 });
  await nextFrame(page);
  return Date.now() - started;
}

function report(
  label: string,
  runs: Run[],
  goalKb: number,
): { kb: number; ok: boolean; afterPaint: boolean; afterPaintFigure: string } {
  const jsBytes = median(runs.map((r) => r.jsBytes));
  const kb = jsBytes / KB;
  console.log(`${label}, median of ${runs.length} cold runs on loopback`);
  console.log(
    '  JavaScript before usable : %s KB compressed (goal <= %d KB: %s)',
    kb.toFixed(1),
    goalKb,
    kb <= goalKb ? 'PASS' : 'FAIL',
  );
  // Every run: the offline core asked for after that run's first paint.
  const afterPaint = runs.every((r) => r.afterPaintRequestMs >= r.firstPaintMs);
  const afterPaintFigure = `requested at ${Math.round(median(runs.map((r) => r.afterPaintRequestMs)))} ms, first paint ${Math.round(median(runs.map((r) => r.firstPaintMs)))} ms`;
  console.log(
    '  offline core + Dexie     : %s KB, %s (%s)',
    (median(runs.map((r) => r.afterPaintBytes)) / KB).toFixed(1),
    afterPaintFigure,
    afterPaint ? 'after first paint in every run' : 'NOT after first paint in every run',
  );
  const takeover = median(runs.map((r) => r.takeoverBytes));
  if (takeover > 0)
    console.log(
      '  usable before any script : the prerendered screen; its code (%s KB, listed below) takes over after',
      (takeover / KB).toFixed(1),
    );
  console.log('  requests                 : %d', median(runs.map((r) => r.requests)));
  console.log('  time to usable           : %d ms', median(runs.map((r) => r.usableMs)));
  const last = runs[runs.length - 1];
  const list = (scripts: Map<string, number> | undefined) => {
    for (const [name, bytes] of [...(scripts ?? [])].sort((a, b) => b[1] - a[1]))
      console.log('    %s KB  %s', (bytes / KB).toFixed(1).padStart(5), name.slice(0, 90));
  };
  list(last?.scripts);
  console.log(
    '  idle preloads (asked for once usable, not counted above): %s KB',
    (median(runs.map((r) => r.idleBytes)) / KB).toFixed(1),
  );
  list(last?.idleScripts);
  return { kb, ok: kb <= goalKb, afterPaint, afterPaintFigure };
}

/** `load`, and with LOAD_WATERFALL=1 the load's requests printed as a waterfall under `title`. */
async function slowLoad(
  title: string,
  context: BrowserContext,
  page: Page,
  url: string,
  ready: Ready,
): Promise<Run> {
  const recorder = WATERFALL ? await recordWaterfall(context, page) : null;
  const run = await load(page, url, ready, false);
  if (recorder) console.log(formatWaterfall(title, await recorder.stop(), run.usableMs));
  return run;
}

/** Cold and warm (service worker) visits on the slow profile; times in ms, medians. */
async function slowRuns(browser: Browser, url: string) {
  const coldSignIn: number[] = [];
  const coldHome: number[] = [];
  const warmHome: number[] = [];
  const warmNavigation: number[] = [];

  for (let i = 0; i < SLOW_RUNS; i++) {
    // Cold sign-in page: a first visit (fresh context: no cache, no service worker).
    const anon = await browser.newContext();
    const p1 = await anon.newPage();
    await throttlePage(anon, p1, SLOW_MOBILE);
    coldSignIn.push(
      (await slowLoad(`cold sign-in, run ${i + 1}`, anon, p1, `${url}/login`, signInReady(p1))).usableMs,
    );
    await anon.close();
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAtOrg(page, url);
  // One visit on loopback: the service worker takes the whole app once home is up (the header's sign).
  await page.goto(`${url}/`);
  await homeReady(page)();
  await page.getByTestId('offline-ready').waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const sw = await throttleServiceWorkers(browser, SLOW_MOBILE);
  await throttlePage(context, page, SLOW_MOBILE);
  try {
    for (let i = 0; i < SLOW_RUNS; i++) {
      warmHome.push(
        (
          await slowLoad(
            `repeat home (service worker), run ${i + 1}`,
            context,
            page,
            `${url}/`,
            homeReady(page),
          )
        ).usableMs,
      );
    }
    // The worker's own fetch on this network (>= the profile's latency: its requests are emulated too).
    const worker = context.serviceWorkers()[0];
    warmNavigation.push(
      (await worker?.evaluate(async () => {
        const t = performance.now();
        await fetch('/remotes.json', { cache: 'no-store' });
        return performance.now() - t;
      })) ?? NaN,
    );
    // Cold home: the same signed-in user in a fresh context (no HTTP cache, no service worker).
    for (let i = 0; i < SLOW_RUNS; i++) {
      const cold = await browser.newContext({
        serviceWorkers: 'block',
        storageState: await context.storageState(),
      });
      const p = await cold.newPage();
      await throttlePage(cold, p, SLOW_MOBILE);
      coldHome.push((await slowLoad(`cold home, run ${i + 1}`, cold, p, `${url}/`, homeReady(p))).usableMs);
      await cold.close();
    }
  } finally {
    await sw.stop();
    await context.close();
  }
  return {
    coldSignIn: median(coldSignIn),
    coldHome: median(coldHome),
    warmHome: median(warmHome),
    warmNavigation: median(warmNavigation),
    workers: sw.workers(),
    workerErrors: sw.errors(),
  };
}

/**
 * The offline copy on the slow profile: a signed-in user's first visit with the service worker (fresh
 * context), from the navigation to home interactive and to the header's "Ready to work offline" sign;
 * the bytes are what the worker fetched over the emulated wire (the shell's precache and every remote's
 * copy).
 */
async function slowWarmUp(browser: Browser, url: string, storageState: StorageState) {
  const sw = await throttleServiceWorkers(browser, SLOW_MOBILE);
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await throttlePage(context, page, SLOW_MOBILE);
  try {
    const started = Date.now();
    await page.goto(`${url}/`);
    await homeReady(page)();
    const homeMs = Date.now() - started;
    // The tap during the warm-up: as soon as the page has asked the worker for the copy.
    await page.waitForFunction(() => performance.getEntriesByName('offline-copy:asked').length > 0, null, {
      timeout: 120_000,
    });
    const copyDoneAtTap = await page.evaluate(
      () => performance.getEntriesByName('offline-copy:ready').length > 0,
    );
    const tapMs = await launchFirstForm(page);
    await page.getByTestId('offline-ready').waitFor({ timeout: 600_000 });
    const readyMs = Date.now() - started;
    // The page's own marks (offline-copy-client.ts): when it asked the worker, when the copy was complete.
    // (No named function inside: tsx would wrap it in a helper the page lacks.)
    const marks = await page.evaluate(() => {
      const ready = performance.getEntriesByName('offline-copy:ready')[0] as PerformanceMark | undefined;
      const state = ready?.detail as { fetched?: number; fetchedBytes?: number } | undefined;
      return {
        askedMs: performance.getEntriesByName('offline-copy:asked')[0]?.startTime ?? NaN,
        readyMs: ready?.startTime ?? NaN,
        files: state?.fetched ?? NaN,
        decodedBytes: state?.fetchedBytes ?? NaN,
      };
    });
    return {
      homeMs,
      tapMs,
      copyDoneAtTap,
      readyMs,
      askedMs: marks.askedMs,
      warmUpMs: marks.readyMs - marks.askedMs,
      files: marks.files,
      decodedKb: marks.decodedBytes / KB,
      workerKb: sw.bytes() / KB,
    };
  } finally {
    await sw.stop();
    await context.close();
  }
}

/** The same tap on a first visit with no service worker (so no warm-up), same profile. */
async function slowTapWithoutWarmUp(browser: Browser, url: string, storageState: StorageState) {
  const context = await browser.newContext({ storageState, serviceWorkers: 'block' });
  const page = await context.newPage();
  await throttlePage(context, page, SLOW_MOBILE);
  try {
    await page.goto(`${url}/`);
    await homeReady(page)();
    return await launchFirstForm(page);
  } finally {
    await context.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Runs `work` while field.user's Salesforce language is `language` (set by the admin, as in Setup). */
async function inLanguage<T>(orgUrl: string, language: string, work: () => Promise<T>): Promise<T> {
  const admin = new OrgClient(orgUrl, { username: 'admin@demo.org' });
  const [user] = await admin.query<{ Id: string; LanguageLocaleKey: string }>(
    "SELECT Id, LanguageLocaleKey FROM User WHERE Username = 'field.user@demo.org'",
  );
  if (!user) throw new Error('field.user@demo.org not found');
  const setLanguage = async (key: string) => {
    const res = await admin.fetch(`/services/data/${ORG_API_VERSION}/sobjects/User/${user.Id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ LanguageLocaleKey: key }),
    });
    if (!res.ok) throw new Error(`language not set: ${res.status} ${await res.text()}`);
  };
  await setLanguage(language);
  try {
    return await work();
  } finally {
    await setLanguage(user.LanguageLocaleKey);
  }
}

const system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInAtOrg(page, system.url);
  const home: Run[] = [];
  for (let i = 0; i < RUNS; i++) home.push(await coldLoad(context, page, `${system.url}/`, homeReady(page)));
  const signedIn = await context.storageState();
  await context.close();

  // The same, as a user whose Salesforce language is Spanish (issue 44): the language's catalogs load
  // with home, and count.
  const homeEs = await inLanguage(`http://127.0.0.1:${system.ports.emulator}`, 'es', async () => {
    const spanish = await browser.newContext({ serviceWorkers: 'block' });
    const p = await spanish.newPage();
    await signInAtOrg(p, system.url);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(spanish, p, `${system.url}/`, homeReady(p)));
    await spanish.close();
    return runs;
  });

  const anonymous = await browser.newContext({ serviceWorkers: 'block' });
  const loginPage = await anonymous.newPage();
  const login: Run[] = [];
  for (let i = 0; i < RUNS; i++)
    login.push(await coldLoad(anonymous, loginPage, `${system.url}/login`, signInReady(loginPage)));
  await anonymous.close();

  const signIn = report('sign-in page (shell + mfe-auth)', login, GOALS.signInKb);
  const shellHome = report('shell + home (signed in)', home, GOALS.homeKb);
  const shellHomeEs = report("shell + home (signed in), the user's language Spanish", homeEs, GOALS.homeKb);
  console.log(
    "home over the sign-in page's code: +%s KB",
    (
      (median(home.map((r) => r.jsBytes)) - median(login.map((r) => r.jsBytes + r.takeoverBytes))) /
      KB
    ).toFixed(1),
  );

  const slow = await slowRuns(browser, system.url);
  const line = (name: string, ms: number, goal?: number) =>
    console.log(
      '  %s: %d ms%s',
      name.padEnd(40),
      Math.round(ms),
      goal === undefined ? '' : ` (goal <= ${goal} ms: ${ms <= goal ? 'PASS' : 'FAIL'})`,
    );
  console.log(`\n${SLOW_MOBILE.name}, Chromium network emulation, median of ${SLOW_RUNS}`);
  line('cold: sign-in button usable', slow.coldSignIn, GOALS.slowColdSignInMs);
  line('cold: home interactive', slow.coldHome, GOALS.slowColdHomeMs);
  line('repeat visit (service worker): home', slow.warmHome, GOALS.slowRepeatHomeMs);
  console.log(
    '  (a fetch from the service worker took %d ms: its own requests are emulated too; %d worker target(s)%s)',
    Math.round(slow.warmNavigation),
    slow.workers,
    slow.workerErrors.length ? `, errors: ${slow.workerErrors.join('; ')}` : '',
  );
  // Chromium's emulation holds the worker's own fetches back in some contexts and not in others (the
  // first context with a worker in a browser: yes in the runs seen; later ones: mostly not). A tap beside a copy that is not held back
  // proves nothing about sharing the line, so the warm-up is taken again (3 tries) until its copy took
  // at least the time its bytes need at this profile's rate.
  const transferMs = (w: { workerKb: number }) => ((w.workerKb * KB) / SLOW_MOBILE.downloadThroughput) * 1000;
  const emulated = (w: { workerKb: number; warmUpMs: number }) => w.warmUpMs >= 0.8 * transferMs(w);
  // Each try in a browser of its own: its first context is where the emulation held in every run seen.
  const warmUpInNewBrowser = async () => {
    const own = await chromium.launch(chromiumLaunchOptions);
    try {
      return await slowWarmUp(own, system.url, signedIn);
    } finally {
      await own.close();
    }
  };
  let warmUp = await warmUpInNewBrowser();
  for (let tries = 1; tries < 3 && !emulated(warmUp); tries++) {
    console.log(
      `  (warm-up ${tries}: the copy took ${Math.round(warmUp.warmUpMs)} ms for bytes that need ${Math.round(transferMs(warmUp))} ms: the worker was not held back; again)`,
    );
    warmUp = await warmUpInNewBrowser();
  }
  const warmUpEmulated = emulated(warmUp);
  line('first visit with the worker: home', warmUp.homeMs);
  line('  then ready to work offline', warmUp.readyMs);
  const tapWithout = await slowTapWithoutWarmUp(browser, system.url, signedIn);
  const tapOk = warmUpEmulated && warmUp.tapMs <= tapWithout * GOALS.warmUpTapRatio;
  const tapFigure = `${Math.round(warmUp.tapMs)} vs ${Math.round(tapWithout)} ms (${(warmUp.tapMs / tapWithout).toFixed(2)}x)${
    warmUp.copyDoneAtTap ? ', the copy was already complete at the tap' : ''
  }${warmUpEmulated ? '' : ', unproven: the worker was never held back'}`;
  console.log('  Launch tapped during the warm-up to the form usable: %s without a warm-up', tapFigure);
  console.log(
    '  offline copy warm-up: asked at %d ms (page clock), complete %d ms later; %d remote files, %s KB decoded; the worker fetched %s KB over the wire in all (shell precache included)',
    Math.round(warmUp.askedMs),
    Math.round(warmUp.warmUpMs),
    warmUp.files,
    warmUp.decodedKb.toFixed(1),
    warmUp.workerKb.toFixed(1),
  );
  console.log(
    "  (at this profile's %d kbit/s those bytes need at least %s s of transfer)",
    (SLOW_MOBILE.downloadThroughput * 8) / 1000,
    (transferMs(warmUp) / 1000).toFixed(1),
  );
  // Every goal printed PASS/FAIL (scripts/proof.mjs's table); a missed one fails the run.
  let missed = 0;
  const goal = (what: string, figure: string, pass: boolean) => {
    benchGoal('bench:load', what, figure, pass);
    if (!pass) missed++;
  };
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  goal(`sign-in page JS <= ${GOALS.signInKb} KB compressed`, `${signIn.kb.toFixed(1)} KB`, signIn.ok);
  goal(`shell + home JS <= ${GOALS.homeKb} KB compressed`, `${shellHome.kb.toFixed(1)} KB`, shellHome.ok);
  goal(
    `shell + home JS <= ${GOALS.homeKb} KB compressed, the user's language (Spanish) loaded`,
    `${shellHomeEs.kb.toFixed(1)} KB`,
    shellHomeEs.ok,
  );
  goal(
    'offline core + Dexie requested after first paint (sign-in, home)',
    `home: ${shellHome.afterPaintFigure}`,
    signIn.afterPaint && shellHome.afterPaint,
  );
  goal(
    `slow mobile: cold sign-in button usable <= ${GOALS.slowColdSignInMs} ms`,
    `${Math.round(slow.coldSignIn)} ms`,
    slow.coldSignIn <= GOALS.slowColdSignInMs,
  );
  goal(
    `slow mobile: cold first visit to interactive home <= ${GOALS.slowColdHomeMs} ms`,
    `${Math.round(slow.coldHome)} ms`,
    slow.coldHome <= GOALS.slowColdHomeMs,
  );
  goal(
    `slow mobile: a Launch tapped during the offline copy's warm-up <= ${GOALS.warmUpTapRatio}x the same tap without it`,
    tapFigure,
    tapOk,
  );
  goal(
    `slow mobile: repeat visit to interactive home <= ${GOALS.slowRepeatHomeMs} ms`,
    `${Math.round(slow.warmHome)} ms`,
    slow.warmHome <= GOALS.slowRepeatHomeMs,
  );
  console.log(
    `BENCH_LOAD_RESULT ${JSON.stringify({
      signInKb: +signIn.kb.toFixed(1),
      homeKb: +shellHome.kb.toFixed(1),
      slowColdSignInMs: Math.round(slow.coldSignIn),
      slowColdHomeMs: Math.round(slow.coldHome),
      slowRepeatHomeMs: Math.round(slow.warmHome),
      slowWarmUpMs: Math.round(warmUp.warmUpMs),
      slowWarmUpKb: +warmUp.workerKb.toFixed(1),
      slowTapDuringWarmUpMs: Math.round(warmUp.tapMs),
      slowTapWithoutWarmUpMs: Math.round(tapWithout),
      goals: GOALS,
    })}`,
  );
  if (missed) {
    console.log(`bench:load: ${missed} goal(s) missed`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await system.stop();
}
