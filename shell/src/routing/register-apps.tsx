import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { registerApplication, unloadApplication, type LifeCycles } from 'single-spa';
import {
  REMOTE_NAMES,
  remoteForPath,
  type HostServices,
  type LifeCycleFn,
  type RemoteAppProps,
  type RemoteEntry,
  type RemoteName,
  type RemotesConfig,
} from 'shared-contracts';
import { loadRemoteApp, type RemoteRuntime } from '../mf/remote-loader';
import { shellAreaLifecycles } from '../layout/react-lifecycles';
import type { RemoteUnavailableProps } from '../layout/RemoteUnavailable';
import { areaElement, setAreaState } from './outlet';

// The instance the shell's own bundler runtime created: importing the runtime API again would ship a
// second copy of it (31 KB gzip).
declare const __webpack_require__: { federation: { instance: ModuleFederation } };

export const runtime: RemoteRuntime = {
  register: (entry, force) => __webpack_require__.federation.instance.registerRemotes([entry], { force }),
  load: (id) => __webpack_require__.federation.instance.loadRemote(id),
};

type Failure = Omit<RemoteUnavailableProps, 'onRetry'>;

/** Failures the network's return can mend: the area loads again on the window's `online` event. */
const RETRIED_ONLINE = new Set<Failure['kind']>(['unreachable', 'offline', 'needsConnection']);

/** The remote that works with the org alone: offline it shows that it needs a connection. */
const NEEDS_CONNECTION: RemoteName = 'mfe-builder';

/** The remotes whose builds take the second shared Chakra part (`chakraExtra`, webpack-config.mjs). */
const CHAKRA_EXTRA_REMOTES = new Set<RemoteName>(['mfe-form', 'mfe-builder']);

async function runAll(fns: LifeCycleFn | LifeCycleFn[], props: RemoteAppProps): Promise<void> {
  for (const fn of Array.isArray(fns) ? fns : [fns]) await fn(props);
}

export interface ShellApps {
  /** Marks a mounted remote as crashed and swaps its area for the fallback. */
  crash(name: RemoteName, error: unknown): void;
}

/**
 * Registers every remote's area with single-spa. `config` answers the run-time remotes config (shared,
 * fetched again after a failure: remotes-config.ts): it is asked for when an area loads, so a config
 * that cannot be fetched (offline before the device kept one) is that area's fallback, which tries again
 * when the network returns, never a blank page.
 */
export function registerShellApps(config: () => Promise<RemotesConfig>, host: HostServices): ShellApps {
  const attempts = new Map<RemoteName, number>();
  const crashed = new Map<RemoteName, string>();

  const retry = (name: RemoteName) => {
    crashed.delete(name);
    // Unloading resets the app to NOT_LOADED; single-spa then loads it again because it is active.
    void unloadApplication(name, { waitForUnmount: false });
  };

  const fallback = (name: RemoteName, failure: Failure): LifeCycles<RemoteAppProps> => {
    const area = shellAreaLifecycles<RemoteAppProps>((_props, ui) => (
      <ui.RemoteUnavailable {...failure} onRetry={() => retry(name)} online={host.online} />
    ));
    // A part that could not be fetched is tried again by itself when the network returns.
    const onOnline = () => retry(name);
    const waitsForNetwork = RETRIED_ONLINE.has(failure.kind);
    return {
      ...area,
      mount: async (props) => {
        setAreaState(props.domElement, 'fallback');
        if (waitsForNetwork) window.addEventListener('online', onOnline, { once: true });
        await (area.mount as (p: RemoteAppProps) => Promise<unknown>)(props);
      },
      unmount: async (props) => {
        window.removeEventListener('online', onOnline);
        await (area.unmount as (p: RemoteAppProps) => Promise<unknown>)(props);
      },
    };
  };

  /** Wraps a remote so that a throwing bootstrap or mount shows the fallback instead of breaking routing. */
  const guarded = (
    name: RemoteName,
    app: Awaited<ReturnType<typeof loadRemoteApp>>,
  ): LifeCycles<RemoteAppProps> => {
    // Offline, a part that could not be fetched is one the device has no copy of (yet): the fallback
    // says so while the network is down (RemoteUnavailable follows host.online).
    if (!app.ok) return fallback(name, { kind: app.kind, detail: app.message });
    const mod = app.module;
    let active: LifeCycles<RemoteAppProps> | null = null;
    const showFallback = async (props: RemoteAppProps, error: unknown) => {
      const detail = `${name}: ${error instanceof Error ? error.message : String(error)}`;
      active = fallback(name, { kind: 'crashed', detail });
      await (active.mount as (p: RemoteAppProps) => Promise<unknown>)(props);
    };
    let bootError: unknown = null;
    return {
      bootstrap: async (props) => {
        try {
          await runAll(mod.bootstrap, props);
        } catch (error) {
          bootError = error;
        }
      },
      mount: async (props) => {
        active = null;
        if (bootError) return showFallback(props, bootError);
        // The builder loaded earlier, opened again offline: it says it needs a connection instead.
        if (name === NEEDS_CONNECTION && !navigator.onLine) {
          active = fallback(name, { kind: 'needsConnection', detail: '' });
          return (active.mount as (p: RemoteAppProps) => Promise<unknown>)(props);
        }
        try {
          await runAll(mod.mount, props);
          setAreaState(props.domElement, 'mounted');
        } catch (error) {
          await runAll(mod.unmount, props).catch(() => undefined);
          await showFallback(props, error);
        }
      },
      unmount: async (props) => {
        setAreaState(props.domElement, 'unmounted');
        if (active) {
          await (active.unmount as (p: RemoteAppProps) => Promise<unknown>)(props);
          active = null;
          return;
        }
        await runAll(mod.unmount, props);
      },
    };
  };

  const loadArea = async (name: RemoteName): Promise<LifeCycles<RemoteAppProps>> => {
    const crash = crashed.get(name);
    if (crash) return fallback(name, { kind: 'crashed', detail: crash });
    if (name === NEEDS_CONNECTION && !navigator.onLine)
      return fallback(name, { kind: 'needsConnection', detail: '' });
    let entry: RemoteEntry | undefined;
    try {
      entry = (await config()).remotes.find((remote) => remote.name === name);
    } catch (error) {
      // Offline with no copy of the config on the device: like a remote that could not be fetched.
      const message = error instanceof Error ? error.message : String(error);
      return fallback(name, { kind: 'unreachable', detail: `${name} could not be loaded: ${message}` });
    }
    if (!entry) return fallback(name, { kind: 'invalid', detail: `${name} is not in /remotes.json` });
    const attempt = attempts.get(name) ?? 0;
    attempts.set(name, attempt + 1);
    // The Chakra components only form and builder use are a second shared module the shell provides
    // (chakra-shared/chakra-extra.ts; this import is what makes its build provide it): asked for here,
    // it downloads beside the remote's entry. Should it fail, the remote's own request for it fails
    // too, and the area shows its fallback.
    if (CHAKRA_EXTRA_REMOTES.has(name)) void import('@chakra-ui/react-extra').catch(() => undefined);
    // After a failed attempt, force drops what the MF runtime cached for that remote.
    const result = await loadRemoteApp(runtime, entry, { force: attempt > 0 });
    return guarded(name, result);
  };

  for (const name of REMOTE_NAMES) {
    registerApplication<RemoteAppProps>({
      name,
      app: () => loadArea(name),
      activeWhen: (location) => remoteForPath(location.pathname) === name,
      customProps: (appName) => ({ name: appName as RemoteName, host, domElement: areaElement(appName) }),
    });
  }

  registerApplication<{ domElement: HTMLElement; host: HostServices }>({
    name: 'shell-not-found',
    app: async () => shellAreaLifecycles((_props, ui) => <ui.NotFound />),
    activeWhen: (location) => remoteForPath(location.pathname) === null,
    customProps: (name) => ({ domElement: areaElement(name), host }),
  });

  return {
    crash(name, error) {
      crashed.set(name, `${name}: ${error instanceof Error ? error.message : String(error)}`);
      void unloadApplication(name, { waitForUnmount: false });
    },
  };
}
