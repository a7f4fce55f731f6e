/**
 * The offline core as the shell starts it: a chunk of its own (Dexie, the stores, the sync engine,
 * the HTTP gateway), imported by host-services.ts through lazy-offline.ts right after the first paint.
 */
import type { Observable, SessionState } from 'shared-contracts';
import { createOfflineServices, type OfflineServicesHandle } from './offline';
import { HttpOrgGateway, xhrUpload } from './offline/http-gateway';
import { exposeForDiagnostics } from './offline/diagnostics';
import { wakeOnSignIn } from './wake-on-sign-in';
import type { LogoutGate } from './logout-gate';

export interface OfflineBootDeps {
  session: Observable<SessionState>;
  online: Observable<boolean>;
  canvasMode: boolean;
  /** Nothing is sent while a sign-out has not reached the BFF (logout-gate.ts). */
  gate?: LogoutGate;
  onUnauthorized(): void;
}

export function bootOffline({
  session,
  online,
  canvasMode,
  gate,
  onUnauthorized,
}: OfflineBootDeps): OfflineServicesHandle {
  // The session state starts from the stored user (offline start), so it is the one source here.
  const signedIn = () => {
    const state = session.get();
    return state.status === 'signedIn' ? state : null;
  };
  const offline = createOfflineServices({
    gateway: new HttpOrgGateway({
      networkId: () => signedIn()?.userDetailsSF.networkId ?? undefined,
      ...(gate
        ? {
            fetch: gate.wrap((u, i) => fetch(u, i)),
            upload: async (...args: Parameters<typeof xhrUpload>) => {
              await gate.ready();
              return xhrUpload(...args);
            },
          }
        : { upload: xhrUpload }),
    }),
    online,
    context: () => ({
      organizationId: signedIn()?.organizationId ?? '',
      userId: signedIn()?.userId ?? '',
      instanceUrl: signedIn()?.instanceUrl ?? '',
      networkId: signedIn()?.userDetailsSF.networkId ?? null,
    }),
    canvasMode,
    onUnauthorized,
  });
  exposeForDiagnostics(offline);
  wakeOnSignIn(session, () => offline.engine.wake());
  // Every local record is one user's: a change of user re-runs what the screens read.
  session.subscribe(() => offline.ownerChanged());
  return offline;
}
