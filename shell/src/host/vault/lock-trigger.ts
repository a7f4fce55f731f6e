/**
 * Starts the device lock for a signed-in user whose org asks for a PIN (issue 45), and stops it at
 * sign-out. Only this glue is in the shell's first chunk: the vault and the lock screen load when a
 * policy needs them.
 */
import type { ShellHost } from '../host-services';
import { readDevicePolicy } from './policy-store';

type LockBoot = Pick<typeof import('./lock-boot'), 'startLock' | 'stopLock'>;
const lockBoot = (): Promise<LockBoot> => import(/* webpackChunkName: "device-lock" */ './lock-boot');

export function watchLock(host: ShellHost, load: () => Promise<LockBoot> = lockBoot): void {
  let started = '';
  host.session.state.subscribe((s) => {
    if (s.status !== 'signedIn') {
      if (started) void load().then((m) => m.stopLock());
      started = '';
      return;
    }
    // Started again when the same user completes an online sign-in after opening from storage: their
    // escrow key then opens the data, so they are not asked for the PIN they just signed in past.
    const online = host.session.signedInHere();
    const who = `${s.organizationId}:${s.userId}:${online ? 'online' : 'stored'}`;
    if (who === started || !readDevicePolicy(window.localStorage).pinRequired) return;
    started = who;
    void load()
      .then((m) => m.startLock(host, s, online))
      .catch((error: unknown) => console.error('[shell] the device lock did not start', error));
  });
}
