import { navigateToUrl } from 'single-spa';
import { CONTRACT_VERSION, type HostServices, type RemoteName } from 'shared-contracts';
import { createApiClient } from './api-client';
import { onlineObservable } from './online';
import { createSessionService, type ShellSession } from './session';
import type { OfflineServicesHandle } from './offline';
import { createLazyOffline, type LazyOffline } from './lazy-offline';
import { isCanvasMode } from './canvas';

export interface HostServiceHooks {
  onRemoteCrash(name: RemoteName, error: unknown): void;
}

export interface ShellHost extends HostServices {
  readonly session: ShellSession;
  /** The offline core, loaded as its own chunk: `offline.load()` fetches and starts it (bootstrap does, after the first paint). */
  readonly offline: LazyOffline<OfflineServicesHandle>;
}

function navigate(to: string, options?: { replace?: boolean }): void {
  if (options?.replace) {
    window.history.replaceState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  } else {
    navigateToUrl(to);
  }
}

/** The one host-services object the shell hands every remote (single-spa custom props). */
export function createHostServices(hooks: HostServiceHooks): ShellHost {
  const online = onlineObservable();
  let session: ShellSession | null = null;
  const api = createApiClient({ onUnauthorized: () => session?.expire() });
  session = createSessionService({ api, storage: window.localStorage, navigate });
  const current = session;

  const canvasMode = isCanvasMode(window);
  const offline = createLazyOffline(() =>
    import(/* webpackChunkName: "offline-core" */ './offline-boot').then(({ bootOffline }) =>
      bootOffline({ session: current.state, online, canvasMode, onUnauthorized: () => current.expire() }),
    ),
  );

  return {
    contractVersion: CONTRACT_VERSION,
    navigate,
    online,
    reportCrash(name, error) {
      console.error(`[shell] ${name} crashed`, error);
      // Deferred: this is called from inside the remote's render; unmounting it there would re-enter React.
      setTimeout(() => hooks.onRemoteCrash(name, error), 0);
    },
    session: current,
    api,
    offline,
  };
}
