// Chromium's network emulation (DevTools protocol) for the load benchmark's field-network runs: on the
// page, and on the service worker too. A page's emulation does not reach its service worker's own
// fetches (network-first pages and manifests, the API calls it passes on), so a repeat visit would be
// measured on loopback; the worker is a target of its own and gets the same conditions.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

export interface NetworkProfile {
  name: string;
  /** Added to each request's round trip (ms). */
  latency: number;
  /** Bytes per second. */
  downloadThroughput: number;
  uploadThroughput: number;
}

/** A slow mobile network: 400 ms round trip, 400 kbit/s down, 160 kbit/s up. */
export const SLOW_MOBILE: NetworkProfile = {
  name: 'slow mobile (400 ms RTT, 400 kbit/s down, 160 kbit/s up)',
  latency: 400,
  downloadThroughput: 400_000 / 8,
  uploadThroughput: 160_000 / 8,
};

const conditions = (p: NetworkProfile) => ({
  offline: false,
  latency: p.latency,
  downloadThroughput: p.downloadThroughput,
  uploadThroughput: p.uploadThroughput,
});

/** Emulates `profile` on the page's own requests; the session stays open for the page's life. */
export async function throttlePage(context: BrowserContext, page: Page, profile: NetworkProfile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', conditions(profile));
  return cdp;
}

/**
 * Emulates `profile` in every service worker of the browser, running now or started later (a worker
 * stopped while idle comes back as a new target). Uses a browser-level session attached to each worker
 * target (non-flat: the commands go through Target.sendMessageToTarget). Returns a stop function.
 */
export async function throttleServiceWorkers(browser: Browser, profile: NetworkProfile) {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const attached = new Set<string>();
  let id = 1;
  // Answers come back as events; an error answer means the worker is not emulated: say so.
  const pending = new Map<number, string>();
  const errors: string[] = [];
  /** Bytes the workers' requests took over the (emulated) wire. */
  let bytes = 0;
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const m = JSON.parse(message) as {
      id?: number;
      error?: { message: string };
      method?: string;
      params?: { encodedDataLength?: number };
    };
    if (m.method === 'Network.loadingFinished') bytes += m.params?.encodedDataLength ?? 0;
    if (m.id === undefined || !pending.has(m.id)) return;
    if (m.error) errors.push(`${pending.get(m.id)}: ${m.error.message}`);
    pending.delete(m.id);
  });
  const sendTo = (sessionId: string, method: string, params: object) => {
    pending.set(id, method);
    return cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: id++, method, params }),
    });
  };
  const attach = async (targetId: string) => {
    if (attached.has(targetId)) return;
    attached.add(targetId);
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
    await sendTo(sessionId, 'Network.enable', {});
    await sendTo(sessionId, 'Network.emulateNetworkConditions', conditions(profile));
  };
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type === 'service_worker') void attach(targetInfo.targetId).catch(() => undefined);
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const t of targetInfos) if (t.type === 'service_worker') await attach(t.targetId);
  return {
    workers: () => attached.size,
    errors: () => errors,
    bytes: () => bytes,
    stop: () => cdp.detach(),
  };
}
