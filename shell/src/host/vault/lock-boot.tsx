/**
 * The device lock, started where the org's policy asks for a PIN (issue 45; its own chunk, so an org
 * without a PIN policy never downloads it): the signed-in user's vault, the user's activity and the
 * clock feeding it, and the lock screen covering the app while it is not open. The app under the
 * cover is inert: no keyboard or assistive technology reaches it.
 */
import { createRoot, type Root } from 'react-dom/client';
import { LanguageKeyed } from 'ui-kit/language-gate';
import type { SignedIn } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import type { ShellHost } from '../host-services';
import { LockScreen } from '../../layout/lock/LockScreen';
import { publishKey } from './data-keys';
import { indexedDbKeyringStore } from './keyring-store';
import { readDevicePolicy } from './policy-store';
import { createVault, type Vault, type VaultState } from './vault';

/** How often the clock is checked while the app is open (the lock comes within this of its time). */
const CHECK_MS = 15_000;
const APP_AREAS = ['shell-header', 'remote-outlet'];

let vault: Vault | null = null;
let root: Root | null = null;

const covering = (s: VaultState): s is Extract<VaultState, { kind: 'needsPin' | 'locked' | 'pinRemoved' }> =>
  s.kind === 'needsPin' || s.kind === 'locked' || s.kind === 'pinRemoved';

function Cover({ host, v }: { host: ShellHost; v: Vault }) {
  const state = useObservable(v.state);
  const online = useObservable(host.online);
  for (const id of APP_AREAS) document.getElementById(id)?.toggleAttribute('inert', covering(state));
  if (!covering(state)) return null;
  return (
    <LockScreen
      state={state}
      online={online}
      setPin={(pin, confirm) => v.setPin(pin, confirm)}
      tryPin={(pin) => v.tryPin(pin)}
      signIn={() => void host.session.logout()}
    />
  );
}

function vaultFor(host: ShellHost): Vault {
  if (vault) return vault;
  const v = createVault({
    store: indexedDbKeyringStore(),
    storage: window.localStorage,
    escrow: () => host.api.call('vaultEscrowKey', {}).then((r) => r.key),
    // the form being filled is saved while the key is still open (bounded: the lock covers anyway)
    beforeLock: () => host.lifecycle.beforeLock(),
    // the stores wait for this key while the app is locked (data-keys.ts)
    onKey: publishKey,
  });
  const activity = () => v.activity();
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
    window.addEventListener(type, activity, { capture: true, passive: true });
  // Back from the background (or a tab switch) past the time: locked before anything shows.
  document.addEventListener('visibilitychange', () => void v.check());
  window.setInterval(() => void v.check(), CHECK_MS);
  const el = document.createElement('div');
  el.id = 'shell-lock';
  document.body.appendChild(el);
  root = createRoot(el);
  root.render(
    <LanguageKeyed language={host.i18n.language}>
      <Cover host={host} v={v} />
    </LanguageKeyed>,
  );
  vault = v;
  return v;
}

let starting: Promise<unknown> = Promise.resolve();

/** The signed-in user's vault under the org's policy; `online`: they have just signed in online here. */
export async function startLock(host: ShellHost, user: SignedIn, online: boolean): Promise<void> {
  const v = vaultFor(host);
  // one start at a time: a start from storage still reading the keyring must not lock after the
  // online start that follows it has opened the data
  const run = starting.then(() => v.start(user, readDevicePolicy(window.localStorage), online));
  starting = run.catch(() => undefined);
  await run;
}

export function stopLock(): void {
  vault?.stop();
}
