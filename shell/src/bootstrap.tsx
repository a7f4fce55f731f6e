import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { start } from 'single-spa';
import { memoryColorMode, type RemotesConfig } from 'shared-contracts';
import { createHostServices } from './host/host-services';
import { registerShellApps, type ShellApps } from './routing/register-apps';
import { ShellHeader } from './layout/ShellHeader';
import { shellTheme, shellToastOptions } from './layout/theme';
import { registerServiceWorker } from './sw/register';

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes config: HTTP ${res.status}`);
  return (await res.json()) as RemotesConfig;
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
  host.offline.start();

  registerServiceWorker();
  apps = registerShellApps(await fetchRemotesConfig(), host);
  start({ urlRerouteOnly: true });
}

void main();
