import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { start } from 'single-spa';
import { memoryColorMode, type RemotesConfig } from 'shared-contracts';
import { createHostServices, type ShellHost } from './host/host-services';
import { registerShellApps, type ShellApps } from './routing/register-apps';
import { ShellHeader } from './layout/ShellHeader';
import { shellTheme, shellToastOptions } from './layout/theme';
import { registerServiceWorker } from './sw/register';

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes config: HTTP ${res.status}`);
  return (await res.json()) as RemotesConfig;
}

/** Once, after the next paint; a hidden tab paints no frames, so a timer is the fallback. */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 500);
}

/** Loads the offline core; a failed fetch (offline before the service worker had the chunk) is tried again when back online. */
function loadOfflineCore(host: ShellHost): void {
  host.offline.load().catch((error: unknown) => {
    console.error('[shell] the offline core did not load', error);
    window.addEventListener('online', () => loadOfflineCore(host), { once: true });
  });
}

async function main() {
  let apps: ShellApps | null = null;
  const host = createHostServices({ onRemoteCrash: (name, error) => apps?.crash(name, error) });

  const header = document.getElementById('shell-header');
  if (header) {
    createRoot(header).render(
      <ChakraProvider theme={shellTheme} colorModeManager={memoryColorMode} toastOptions={shellToastOptions}>
        <ShellHeader host={host} />
      </ChakraProvider>,
    );
  }

  // Session and sync start beside routing: remotes read their state from observables as it arrives.
  void host.session.refresh().catch((error: unknown) => console.error('[shell] session check failed', error));
  // The offline core (Dexie, stores, uploaders) is its own chunk: fetched right after the first paint,
  // whatever the route, and started as soon as it is there (a queue left from the last visit uploads
  // then); remotes that need it earlier wait for it through the same stand-in.
  host.offline.start();
  afterFirstPaint(() => loadOfflineCore(host));

  registerServiceWorker();
  apps = registerShellApps(await fetchRemotesConfig(), host);
  start({ urlRerouteOnly: true });
}

void main();
