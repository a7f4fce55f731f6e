// The request waterfall of one page load (`LOAD_WATERFALL=1 tsx e2e/bench/load.ts`): for every request,
// when the page asked for it and when its answer ended, from Chromium's network events (DevTools
// protocol), so on the slow profile each serial step shows as a ~400 ms gap. A script fetched twice
// (a preload whose credentials mode did not match the script's) shows as two rows with the same path.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface WaterfallRow {
  url: string;
  type: string;
  /** ms since the first request of the load. */
  start: number;
  end: number;
  /** Bytes over the wire (compressed, headers included). */
  bytes: number;
  /** What asked for it: `parser`, `script` (a script's fetch or import), `preload`, `other`. */
  initiator: string;
  failed: boolean;
  fromCache: boolean;
}

interface Pending {
  url: string;
  type: string;
  start: number;
  initiator: string;
  fromCache: boolean;
}

/** Starts recording the page's requests; `stop()` returns them in the order they started. */
export async function recordWaterfall(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Pending>();
  const rows: WaterfallRow[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the request id: the first hop is a row of its own.
    const before = pending.get(e.requestId);
    if (before && e.redirectResponse)
      rows.push({ ...before, end: e.timestamp, bytes: 0, failed: false, fromCache: false });
    pending.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      start: e.timestamp,
      initiator: e.initiator.type,
      fromCache: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const p = pending.get(e.requestId);
    if (p) p.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    if (p && (e.response.fromDiskCache || e.response.fromServiceWorker)) p.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    rows.push({ ...p, end: e.timestamp, bytes: e.encodedDataLength, failed: false });
  });
  cdp.on('Network.loadingFailed', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    rows.push({ ...p, end: e.timestamp, bytes: 0, failed: true });
  });
  return {
    async stop(): Promise<WaterfallRow[]> {
      await cdp.detach().catch(() => undefined);
      const all = [...rows].sort((a, b) => a.start - b.start);
      const t0 = all[0]?.start ?? 0;
      // CDP timestamps are seconds on a monotonic clock.
      return all.map((r) => ({ ...r, start: (r.start - t0) * 1000, end: (r.end - t0) * 1000 }));
    },
  };
}

const label = (url: string) => {
  const u = new URL(url);
  return `${u.port ? `:${u.port}` : u.host}${u.pathname}`;
};

/** Scripts (by URL) requested more than once in one load: each extra fetch is wasted bytes. */
export function duplicateScripts(rows: WaterfallRow[]): string[] {
  const seen = new Map<string, number>();
  for (const r of rows)
    if (r.type === 'Script' || r.url.endsWith('.js')) seen.set(r.url, (seen.get(r.url) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([url]) => url);
}

/** The waterfall as text: one row per request, a bar on a 100 ms grid, and the usable mark. */
export function formatWaterfall(title: string, rows: WaterfallRow[], usableMs?: number): string {
  const scale = 100; // ms per character
  const lines = [`${title}${usableMs === undefined ? '' : ` (usable at ${Math.round(usableMs)} ms)`}`];
  for (const r of rows) {
    const from = Math.floor(r.start / scale);
    const to = Math.max(from + 1, Math.ceil(r.end / scale));
    const bar = ' '.repeat(from) + '#'.repeat(to - from);
    lines.push(
      `  ${String(Math.round(r.start)).padStart(5)}-${String(Math.round(r.end)).padEnd(5)} ${(r.bytes / 1024)
        .toFixed(1)
        .padStart(5)} KB ${r.initiator.padEnd(7)} ${label(r.url).slice(0, 58).padEnd(58)} ${bar}${
        r.failed ? ' FAILED' : ''
      }${r.fromCache ? ' (cache)' : ''}`,
    );
  }
  const dup = duplicateScripts(rows);
  if (dup.length) lines.push(`  fetched more than once: ${dup.map(label).join(', ')}`);
  return lines.join('\n');
}
