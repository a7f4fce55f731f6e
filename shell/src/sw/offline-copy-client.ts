// The page's side of the offline copy (offline-copy.ts): asks the service worker to take it once the
// page is idle, on each online visit and each return online, and tells the header when it is complete,
// with the space the app's storage uses.
import { Signal } from '../host/signal';
import { KEEP_WHAT_RAN, OFFLINE_COPY_DONE, TAKE_OFFLINE_COPY } from './cache-names';
import { readOfflineCopyState, type OfflineCopyState } from './offline-copy';

export type OfflineReadiness =
  | { status: 'unknown' }
  | { status: 'taking' }
  /** usageBytes: navigator.storage.estimate()'s usage, when the browser tells it. */
  | { status: 'ready'; at: number; usageBytes: number | null };

/** The app's readiness to work offline, for the header's indicator. */
export const offlineReadiness = new Signal<OfflineReadiness>({ status: 'unknown' });

async function usage(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate?.usage ?? null;
  } catch {
    return null;
  }
}

async function showReady(state: OfflineCopyState | null): Promise<void> {
  if (!state?.complete) return;
  // For bench:load (the warm-up's time on a slow network): when this page learnt the copy is complete.
  performance.mark?.('offline-copy:ready', { detail: state });
  offlineReadiness.set({ status: 'ready', at: state.at, usageBytes: await usage() });
}

/** Shows the last complete copy's state, if there is one. */
async function showStored(): Promise<void> {
  try {
    await showReady(await readOfflineCopyState(caches, location.origin));
  } catch {
    // no readable copy: nothing to show
  }
}

let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; state?: OfflineCopyState | null } | null;
    if (data?.type !== OFFLINE_COPY_DONE) return;
    // Not complete this time (a remote down): the last complete copy still serves offline.
    if (data.state?.complete) void showReady(data.state);
    else void showStored();
  });
}

async function askWorker(language: string | undefined): Promise<void> {
  if (!navigator.onLine) return;
  const registration = await navigator.serviceWorker.ready;
  if (!registration.active) return;
  // Online, "ready" is said of the current versions only: hidden until the worker has checked them.
  offlineReadiness.set({ status: 'taking' });
  performance.mark?.('offline-copy:asked');
  registration.active.postMessage({ type: TAKE_OFFLINE_COPY, language });
}

/** Runs `fn` when the browser has nothing else to do (a timer where there is no idle callback). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 5000 });
  else setTimeout(fn, 1000);
}

let started = false;

/**
 * Once idle, asks the worker to take the copy (or bring it up to date), and again each time the network
 * returns; offline, shows the last complete copy's state at once. Failures cost only the copy.
 */
export function startOfflineCopy(language: () => string | undefined = () => undefined): void {
  if (started) return;
  started = true;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof caches === 'undefined')
    return;
  listen();
  // Offline, the last complete copy is what runs: shown at once. Online the worker's check says it.
  if (!navigator.onLine) void showStored();
  else offlineReadiness.set({ status: 'taking' });
  // The signed-in user's language: the worker takes its script's report faces after the copy.
  const ask = () => whenIdle(() => void askWorker(language()).catch(() => undefined));
  ask();
  window.addEventListener('online', ask);
  // Asked of the browser, not required: an installed app's storage is then not evicted under pressure.
  void navigator.storage?.persist?.().catch(() => undefined);
}

/**
 * Whether this page's document came from the network without a worker in between (workerStart 0): a
 * first visit, even if the worker claimed the page while it loaded. Without a navigation entry, whether
 * the page has no controller now.
 */
export function loadedWithoutWorker(
  navigation: Pick<PerformanceNavigationTiming, 'workerStart'> | undefined,
  controlled: boolean,
): boolean {
  return navigation ? navigation.workerStart === 0 : !controlled;
}

/**
 * A first visit (the page loaded without the worker): once the worker controls the page, it is sent
 * what the page already ran, and keeps it at once (keep-what-ran.ts): offline, the app runs the code the
 * page had, before the complete copy. The worker often claims the page while it loads (a sign-in that
 * left the page before the install was done), before this script, or with files on their way: those
 * came without it too, and are sent as they end. `config` answers the run-time remotes config the page
 * ran with.
 */
export function keepWhatRanOnceControlled(config: () => Promise<unknown>): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (!loadedWithoutWorker(navigation, Boolean(container.controller))) return;
  const send = async (entries: readonly PerformanceEntry[], late = false) => {
    const worker = container.controller;
    if (!worker) return;
    // Its own chunk: only a first visit needs it, and never before the screen (bench:load's budget).
    const { whatRan } = await import('./keep-what-ran');
    const what = whatRan(entries, location.origin, await config().catch(() => null));
    if (late && !what.manifests.length && !what.scripts.length) return;
    worker.postMessage({ type: KEEP_WHAT_RAN, ...what });
  };
  const sendSoon = (entries: readonly PerformanceEntry[], late = false) =>
    void send(entries, late).catch(() => undefined);
  const resources = () => performance.getEntriesByType('resource');
  // From then on the page's requests go through the worker; one started before ends without it.
  let controlledAt: number | null = null;
  const controlled = () => {
    controlledAt ??= performance.now();
    sendSoon(resources());
  };
  if (container.controller) {
    // claimed before this script: what ran so far goes once the route's screen is up
    controlledAt = performance.now();
    window.addEventListener('single-spa:routing-event', () => sendSoon(resources()), { once: true });
  } else container.addEventListener('controllerchange', controlled, { once: true });
  if (typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => {
    if (controlledAt === null) return;
    const at = controlledAt;
    const late = list.getEntries().filter((entry) => entry.startTime < at);
    if (late.length) sendSoon(late, true);
  }).observe({ type: 'resource' });
}
