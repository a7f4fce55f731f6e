/**
 * The offline core as the shell starts it: a chunk of its own (Dexie, the stores, the sync engine,
 * the HTTP gateway), imported by host-services.ts through lazy-offline.ts right after the first paint.
 */
import type { Observable, SessionState } from 'shared-contracts';
import { createOfflineServices, type OfflineServicesHandle } from './offline';
import { HttpOrgGateway, xhrUpload } from './offline/http-gateway';
import type { BffClient } from './bff-client';
import { exposeForDiagnostics } from './offline/diagnostics';
import { clientEvents } from './offline/org-refresh';
import { wakeOnSignIn } from './wake-on-sign-in';
import { dataKeySource, escrowVia } from './vault/data-keys';
import { indexedDbKeyringStore } from './vault/keyring-store';
import { readDevicePolicy } from './vault/policy-store';

export interface OfflineBootDeps {
  session: Observable<SessionState>;
  online: Observable<boolean>;
  canvasMode: boolean;
  /** The host's one BFF client (behind the sign-out gate): the gateway's calls go through it. */
  client: BffClient;
  onUnauthorized(): void;
}

export function bootOffline({
  session,
  online,
  canvasMode,
  client,
  onUnauthorized,
}: OfflineBootDeps): OfflineServicesHandle {
  // The session state starts from the stored user (offline start), so it is the one source here.
  const signedIn = () => {
    const state = session.get();
    return state.status === 'signedIn' ? state : null;
  };
  const offline = createOfflineServices({
    gateway: new HttpOrgGateway({
      client,
      upload: xhrUpload,
      networkId: () => signedIn()?.userDetailsSF.networkId ?? undefined,
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
    // issue 45: every record sealed with its owner's data key; while the app is locked, store calls
    // wait for the vault (the lock screen covers the app meanwhile)
    keys: dataKeySource({
      keyrings: indexedDbKeyringStore(),
      pinRequired: () => readDevicePolicy(window.localStorage).pinRequired,
      escrow: escrowVia(client),
      wait: true,
    }),
    // the BFF's live hints come through the host's one client (behind the sign-out gate)
    orgRefresh: { openEvents: () => clientEvents(client) },
  });
  exposeForDiagnostics(offline);
  wakeOnSignIn(session, () => offline.engine.wake());
  // Every local record is one user's: a change of user re-runs what the screens read.
  session.subscribe(() => offline.ownerChanged());
  return offline;
}
