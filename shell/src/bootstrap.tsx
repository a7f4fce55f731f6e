import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { remotesConfigAnswer } from './early-fetch';
import { createHostServices, type ShellHost } from './host/host-services';
import { registerShellApps, runtime, type ShellApps } from './routing/register-apps';
import { remoteModules } from './mf/remote-loader';
import { sharedRemotesConfig } from './routing/remotes-config';
import { HeaderSlot } from './layout/HeaderSlot';
import { keepWhatRanOnceControlled, startOfflineCopy } from './sw/offline-copy-client';
import { watchLock } from './host/vault/lock-trigger';
import { afterFirstPaint } from './host/first-paint';
import { AUTH_CALLBACK_PATHS, AUTH_RESULT_PARAM } from 'shared-contracts';

/** Loads the offline core; a failed fetch (offline before the service worker had the chunk) is tried again when back online. */
function loadOfflineCore(host: ShellHost): void {
  if (host.offline.loaded()) return;
  host.offline.load().catch((error: unknown) => {
    console.error('[shell] the offline core did not load', error);
    window.addEventListener('online', () => loadOfflineCore(host), { once: true });
  });
}

async function main() {
  let apps: ShellApps | null = null;
  // The config is asked for by the areas as they load: offline before the device kept a copy, the
  // route's area says so (and loads when the network returns) instead of the page staying blank.
  const remotesConfig = sharedRemotesConfig(remotesConfigAnswer);
  const host = createHostServices({
    onRemoteCrash: (name, error) => apps?.crash(name, error),
    remotes: remoteModules(runtime, remotesConfig),
  });

  // The device lock where the org's policy asks for a PIN (issue 45).
  watchLock(host);
  const header = document.getElementById('shell-header');
  // No Chakra on this path: the header starts light and loads its full form (and Chakra) at idle after
  // the first paint where the route or a signed-in user needs it (HeaderSlot), so neither the sign-in
  // page nor home's first screen waits for it (issue 46).
  // The stored user's details open a few ms after this (sealed, issue 45): kept ids count as signed in.
  const startStatus =
    host.session.state.get().status === 'loading' && host.session.hasStoredUser()
      ? 'signedIn'
      : host.session.state.get().status;
  if (header) createRoot(header).render(<HeaderSlot host={host} />);

  // Session and sync start beside routing: remotes read their state from observables as it arrives.
  // Not on the page that completes an online sign-in: its screen clears the device's storage and reads
  // the session itself (completeSignIn); a check beside it would race that clearing (the org's device
  // policy lost) and announce the user as opened from storage, so their lock would ask for the PIN.
  const completingSignIn =
    window.location.pathname === AUTH_CALLBACK_PATHS.main &&
    new URLSearchParams(window.location.search).get(AUTH_RESULT_PARAM) === 'ok';
  if (!completingSignIn)
    void host.session
      .refresh()
      .catch((error: unknown) => console.error('[shell] session check failed', error));
  // The offline core (Dexie, stores, uploaders) is its own chunk: for a signed-in user fetched right
  // after the first paint (its import waits for it: host-services.ts), whatever the route, and started
  // as soon as it is there (a queue left from the last visit uploads then); remotes that need it earlier
  // wait for it through the same stand-in.
  host.offline.start();
  const signedOut = startStatus !== 'signedIn';
  if (signedOut) {
    // The sign-in page asks for the client environment as soon as it mounts: asked now, beside the
    // remote's download, it is there when the page wants it (session.env() keeps the one answer).
    void host.session.env().catch(() => undefined);
    // Signed out, nothing can be uploaded: the core waits until the route's screen is up, so on a slow
    // network its ~38 KB do not share the line with the sign-in page's own code.
    // (At the latest 10 s in, should that screen never finish.)
    window.addEventListener('single-spa:routing-event', () => loadOfflineCore(host), { once: true });
    setTimeout(() => loadOfflineCore(host), 10_000);
  } else loadOfflineCore(host);

  // The offline copy of every remote, for a signed-in user, once the route's screen is up and painted
  // (startOfflineCopy then waits for the browser's idle time): the cold start's downloads go first.
  let screenUp = false;
  const copyWhenReady = () => {
    if (screenUp && host.session.state.get().status === 'signedIn')
      afterFirstPaint(() =>
        startOfflineCopy(() => {
          const state = host.session.state.get();
          return state.status === 'signedIn' ? state.userDetails.LanguageLocaleKey : undefined;
        }),
      );
  };
  window.addEventListener(
    'single-spa:routing-event',
    () => {
      screenUp = true;
      copyWhenReady();
    },
    { once: true },
  );
  host.session.state.subscribe(copyWhenReady);
  keepWhatRanOnceControlled(remotesConfig);
  apps = registerShellApps(remotesConfig, host);
  start({ urlRerouteOnly: true });
}

void main();
