import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_WHAT_RAN } from './cache-names';
import { keepWhatRanOnceControlled, loadedWithoutWorker } from './offline-copy-client';

const SHELL = 'http://shell.test';
const HOME = 'http://home.test';

/** A page's globals: its navigation entry, resources, service worker container and window events. */
function page({ workerStart, controlled }: { workerStart: number; controlled: boolean }) {
  const posted: unknown[] = [];
  const worker = { postMessage: (message: unknown) => posted.push(message) };
  const container = new EventTarget() as EventTarget & { controller: typeof worker | null };
  container.controller = controlled ? worker : null;
  const win = new EventTarget();
  const observers: ((list: { getEntries: () => PerformanceEntry[] }) => void)[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: (list: { getEntries: () => PerformanceEntry[] }) => void) {
        observers.push(callback);
      }
      observe() {}
    },
  );
  let now = 100;
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', new URL(`${SHELL}/`));
  vi.stubGlobal('performance', {
    now: () => now,
    getEntriesByType: (type: string) =>
      type === 'navigation'
        ? [{ workerStart }]
        : [{ name: `${HOME}/mf-manifest.json` }, { name: `${HOME}/remoteEntry.0123456789ab.js` }],
  });
  return {
    posted,
    claim: () => {
      container.controller = worker;
      container.dispatchEvent(new Event('controllerchange'));
    },
    screenUp: () => win.dispatchEvent(new Event('single-spa:routing-event')),
    later: (ms: number) => (now += ms),
    /** A resource entry the browser reports as it ends. */
    ended: (name: string, startTime: number) =>
      observers.forEach((callback) =>
        callback({ getEntries: () => [{ name, startTime } as PerformanceEntry] }),
      ),
  };
}

/** Lets the page's sends (a dynamic import, the config's promise) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => vi.unstubAllGlobals());

describe('loadedWithoutWorker', () => {
  it('reads the navigation entry: 0 is a page no worker answered', () => {
    expect(loadedWithoutWorker({ workerStart: 0 }, true)).toBe(true);
    expect(loadedWithoutWorker({ workerStart: 12.5 }, true)).toBe(false);
    expect(loadedWithoutWorker(undefined, false)).toBe(true);
    expect(loadedWithoutWorker(undefined, true)).toBe(false);
  });
});

describe('keepWhatRanOnceControlled', () => {
  const config = { remotes: [{ name: 'mfe-home' }] };
  const kept = {
    type: KEEP_WHAT_RAN,
    config: JSON.stringify(config),
    manifests: [`${HOME}/mf-manifest.json`],
    scripts: [`${HOME}/remoteEntry.0123456789ab.js`],
  };

  it('a first visit: sends what ran once the worker claims the page', async () => {
    const p = page({ workerStart: 0, controlled: false });
    keepWhatRanOnceControlled(async () => config);
    await settle();
    expect(p.posted).toEqual([]);
    p.claim();
    await settle();
    expect(p.posted).toEqual([kept]);
  });

  it('claimed while the page loaded (before its first script): sends once the screen is up', async () => {
    const p = page({ workerStart: 0, controlled: true });
    keepWhatRanOnceControlled(async () => config);
    await settle();
    expect(p.posted).toEqual([]);
    p.screenUp();
    await settle();
    expect(p.posted).toEqual([kept]);
  });

  it('a file on its way when the worker claimed the page is sent as it ends; one asked after is not', async () => {
    const p = page({ workerStart: 0, controlled: false });
    keepWhatRanOnceControlled(async () => config);
    p.later(50);
    p.claim();
    await settle();
    p.posted.length = 0;
    p.ended(`${HOME}/__federation_expose_app.ba9876543210.js`, 120);
    p.ended(`${HOME}/src_Later_tsx.0123456789ab.js`, 160);
    p.ended(`${SHELL}/api/forms`, 90);
    await settle();
    expect(p.posted).toEqual([
      {
        type: KEEP_WHAT_RAN,
        config: JSON.stringify(config),
        manifests: [],
        scripts: [`${HOME}/__federation_expose_app.ba9876543210.js`],
      },
    ]);
  });

  it('a page the worker answered sends nothing', async () => {
    const p = page({ workerStart: 3, controlled: true });
    keepWhatRanOnceControlled(async () => config);
    p.screenUp();
    await settle();
    expect(p.posted).toEqual([]);
  });
});
