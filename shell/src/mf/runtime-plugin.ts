import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordRemoteFailure } from './remote-failures';
import { takeEarlyManifest } from '../early-fetch';
import { manifestEntry, preloadScript } from './manifest-entry';

const MANIFEST_RETRY_DELAYS_MS = [200, 600];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refetchManifest(url: string): Promise<unknown> {
  for (const delay of MANIFEST_RETRY_DELAYS_MS) {
    await sleep(delay);
    try {
      const res = await fetch(url, { cache: 'no-store' });
      if (res.ok) return await res.json();
    } catch {
      // still unreachable: try the next delay
    }
  }
  return undefined;
}

/**
 * Retries a manifest that failed to load (a remote restarting is a common, brief outage) and
 * records every failure so the shell's fallback can say which part is down. Returning nothing
 * lets the runtime reject loadRemote, which the shell turns into the area's fallback.
 */
export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-remote-resilience',
    // CORS loads of remote entries: the service worker can then cache them as real responses.
    createScript({ url, attrs }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      for (const [key, value] of Object.entries(attrs ?? {})) script.setAttribute(key, String(value));
      return script;
    },
    // A remote registered by its mf-manifest.json: its entry from the manifest, and the exposed module's
    // scripts asked for beside it (manifest-entry.ts; the runtime's snapshot plugin is disabled).
    async afterResolve(args) {
      const { remote, origin, remoteInfo, expose, id } = args;
      if (!('entry' in remote) || !remote.entry.includes('.json')) return args;
      const { remoteSnapshot } = await origin.snapshotHandler.loadRemoteSnapshotInfo({
        moduleInfo: remote,
        id,
      });
      const entry = manifestEntry(remoteSnapshot, expose);
      if (!entry) throw new Error(`${remote.name}: its manifest names no browser entry`);
      Object.assign(remoteInfo, {
        entry: entry.url,
        type: entry.type,
        entryGlobalName: entry.globalName,
        version: entry.version,
        buildVersion: entry.buildVersion,
      });
      entry.preload.forEach((url) => preloadScript(url));
      return { ...args, remoteSnapshot };
    },
    // The current route's manifest, when the shell's entry already asked for it (early-fetch.ts).
    fetch(url) {
      return takeEarlyManifest(url);
    },
    async errorLoadRemote(args) {
      const remote = args.remote?.name ?? args.id;
      if (args.lifecycle === 'afterResolve' && typeof args.id === 'string' && args.id.startsWith('http')) {
        const manifest = await refetchManifest(args.id);
        if (manifest) return manifest;
      }
      recordRemoteFailure({
        remote,
        lifecycle: args.lifecycle,
        message: args.error instanceof Error ? args.error.message : String(args.error),
        at: Date.now(),
      });
      return undefined;
    },
  };
}
