// Idle org API cost of home (issue 33): how many org API calls an open, idle home costs per user-hour,
// counted by the org itself (`/services/data/vXX/limits`, DailyApiRequests). Home runs in Chromium with
// its production code and timers; Playwright's page.clock moves the page's time forward (the fallback
// re-read every 30 minutes, debounces, the shell's own timers), minute by minute, letting each minute's
// requests finish. The BFF, its org subscription and the org run in real time: their heartbeats and
// CometD long-polls are not org API calls (Salesforce counts Streaming API use in its own allocations).
//
// Reusable: `measureIdleHomeApi({ systemUrl, orgUrl })` (bench:api, the proof). As a script:
//   tsx e2e/bench/idle-api.ts [--minutes 60]
// prints the figure with the live stream (the product) and without it (LIVE_EVENTS=false: the old
// minute's poll) as the baseline, their ratio, and the goal line (<= 12 calls per user-hour).
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ORG_API_VERSION, orgPasswordToken } from 'test-kit';
import { DEMO_PASSWORD, signInAtOrg } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { freeSystemPorts, startSystem } from '../support/system';
import { benchGoal } from '../../scripts/bench-goal.mjs';

export const IDLE_GOAL_PER_USER_HOUR = 12;

export interface IdleApiResult {
  username: string;
  simulatedMinutes: number;
  /** Org API calls counted by the org during the idle period. */
  calls: number;
  perUserHour: number;
  /** Whether home's live stream (/api/events) was up during the period. */
  liveStream: boolean;
}

/** The org's DailyApiRequests used so far (as an admin's /limits call reads it). */
async function apiUsed(orgUrl: string, token: string): Promise<number> {
  const res = await fetch(`${orgUrl}/services/data/${ORG_API_VERSION}/limits`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`/limits: ${res.status} ${await res.text()}`);
  const l = ((await res.json()) as { DailyApiRequests: { Max: number; Remaining: number } }).DailyApiRequests;
  return l.Max - l.Remaining;
}

/** Resolves once the page has had no request in flight (the event stream aside) for `quietMs`. */
async function settled(page: Page, inFlight: () => number, quietMs = 500, maxMs = 30_000): Promise<void> {
  const end = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function measureIdleHomeApi(options: {
  systemUrl: string;
  orgUrl: string;
  username?: string;
  minutes?: number;
  browser?: Browser;
}): Promise<IdleApiResult> {
  const username = options.username ?? 'field.user@demo.org';
  const minutes = options.minutes ?? 60;
  const browser = options.browser ?? (await chromium.launch(chromiumLaunchOptions));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending = new Set<unknown>();
    let liveStream = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== '/api/events') pending.add(r);
    });
    page.on('requestfinished', (r) => void pending.delete(r));
    page.on('requestfailed', (r) => void pending.delete(r));
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/events' && r.status() === 200) liveStream = true;
    });
    await page.clock.install();
    await signInAtOrg(page, options.systemUrl, username);
    await page.waitForURL(`${options.systemUrl}/`);
    await page.getByTestId('synced-on').waitFor();
    await settled(page, () => pending.size, 2_000);

    const admin = await orgPasswordToken(options.orgUrl, {
      username: 'admin@demo.org',
      password: DEMO_PASSWORD,
    });
    // Reading /limits may itself count as a call: measure what one read adds, and take it off.
    const first = await apiUsed(options.orgUrl, admin);
    const start = await apiUsed(options.orgUrl, admin);
    const readCost = start - first;
    for (let m = 0; m < minutes; m++) {
      await page.clock.runFor(60_000);
      await settled(page, () => pending.size, 150);
    }
    const end = await apiUsed(options.orgUrl, admin);
    const calls = end - start - readCost;
    return { username, simulatedMinutes: minutes, calls, perUserHour: (calls * 60) / minutes, liveStream };
  } finally {
    await context.close();
    if (!options.browser) await browser.close();
  }
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--minutes');
  const minutes = i >= 0 ? Number(process.argv[i + 1]) : 60;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const run = async (bffEnv: Record<string, string>): Promise<IdleApiResult> => {
    const system = await startSystem({ ports: await freeSystemPorts(), quiet: true, bffEnv });
    try {
      return await measureIdleHomeApi({
        systemUrl: system.url,
        orgUrl: `http://127.0.0.1:${system.ports.emulator}`,
        minutes,
        browser,
      });
    } finally {
      await system.stop();
    }
  };
  try {
    const live = await run({});
    const baseline = await run({ LIVE_EVENTS: 'false' });
    const line = (name: string, r: IdleApiResult) =>
      `${name.padEnd(34)} ${String(r.calls).padStart(4)} org calls in ${r.simulatedMinutes} simulated min = ${r.perUserHour.toFixed(1)} per user-hour (live stream ${r.liveStream ? 'up' : 'down'})`;
    console.log("Idle home, one field user (org calls counted by the org's /limits):");
    console.log(line('live hints (the product)', live));
    console.log(line('minute poll (LIVE_EVENTS=false)', baseline));
    const ratio = live.perUserHour > 0 ? baseline.perUserHour / live.perUserHour : Infinity;
    console.log(`baseline / live: ${Number.isFinite(ratio) ? ratio.toFixed(1) : '∞'}x fewer calls`);
    benchGoal(
      'bench:idle-api',
      `idle home <= ${IDLE_GOAL_PER_USER_HOUR} org calls per user-hour`,
      `${live.perUserHour.toFixed(1)} calls per user-hour (minute poll: ${baseline.perUserHour.toFixed(1)})`,
      live.liveStream && live.perUserHour <= IDLE_GOAL_PER_USER_HOUR,
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
