import { navigateToUrl } from 'single-spa';
import { CONTRACT_VERSION, type HostServices, type RemoteName } from 'shared-contracts';
import { createApiClient } from './api-client';
import { onlineObservable } from './online';
import { createSessionService, type ShellSession } from './session';
import { createOfflineServices, type OfflineServicesHandle } from './offline';
import { wakeOnSignIn } from './wake-on-sign-in';
import { HttpOrgGateway, xhrUpload } from './offline/http-gateway';
import { exposeForDiagnostics } from './offline/diagnostics';
import { isCanvasMode } from './canvas';

export interface HostServiceHooks {
  onRemoteCrash(name: RemoteName, error: unknown): void;
}

export interface ShellHost extends HostServices {
  readonly session: ShellSession;
  readonly offline: OfflineServicesHandle;
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

  // The session state starts from the stored user (offline start), so it is the one source here.
  const signedIn = () => {
    const state = current.state.get();
    return state.status === 'signedIn' ? state : null;
  };
  const offline = createOfflineServices({
    gateway: new HttpOrgGateway({
      networkId: () => signedIn()?.userDetailsSF.networkId ?? undefined,
      upload: xhrUpload,
    }),
    online,
    context: () => ({
      organizationId: signedIn()?.organizationId ?? '',
      instanceUrl: signedIn()?.instanceUrl ?? '',
      networkId: signedIn()?.userDetailsSF.networkId ?? null,
    }),
    canvasMode: isCanvasMode(window),
    onUnauthorized: () => current.expire(),
  });
  exposeForDiagnostics(offline);
  wakeOnSignIn(current.state, () => offline.engine.wake());

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
