/**
 * Starts the device lock for a signed-in user whose org asks for a PIN (issue 45), and stops it at
 * sign-out. Only this glue is in the shell's first chunk: the vault and the lock screen load when a
 * policy needs them.
 */
import type { ShellHost } from '../host-services';
import { readDevicePolicy } from './policy-store';

export function watchLock(host: ShellHost): void {
  let started = '';
  host.session.state.subscribe((s) => {
    if (s.status !== 'signedIn') {
      if (started) void import(/* webpackChunkName: "device-lock" */ './lock-boot').then((m) => m.stopLock());
      started = '';
      return;
    }
    const who = `${s.organizationId}:${s.userId}`;
    if (who === started || !readDevicePolicy(window.localStorage).pinRequired) return;
    started = who;
    const online = host.session.signedInHere();
    void import(/* webpackChunkName: "device-lock" */ './lock-boot')
      .then((m) => m.startLock(host, s, online))
      .catch((error: unknown) => console.error('[shell] the device lock did not start', error));
  });
}
