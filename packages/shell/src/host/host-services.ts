import { navigateToUrl } from 'single-spa';
import { CONTRACT_VERSION, type HostServices, type RemoteName } from 'shared-contracts';
import { onlineObservable } from './online';

export interface HostServiceHooks {
  onRemoteCrash(name: RemoteName, error: unknown): void;
}

/** The one host-services object the shell hands every remote (single-spa custom props). */
export function createHostServices(hooks: HostServiceHooks): HostServices {
  return {
    contractVersion: CONTRACT_VERSION,
    navigate(to, options) {
      if (options?.replace) {
        window.history.replaceState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      } else {
        navigateToUrl(to);
      }
    },
    online: onlineObservable(),
    reportCrash(name, error) {
      console.error(`[shell] ${name} crashed`, error);
      // Defer: this is called from inside the remote's render; unmounting it there would re-enter React.
      setTimeout(() => hooks.onRemoteCrash(name, error), 0);
    },
  };
}
