import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { remoteForPath, type HostServices } from 'shared-contracts';
import { LightHeader } from './LightHeader';
import { useObservable } from 'ui-kit/use-observable';
import { LanguageKeyed } from 'ui-kit/language-gate';

type FullHeaderComponent = ComponentType<{ host: HostServices }>;

const subscribePath = (listener: () => void) => {
  window.addEventListener('single-spa:routing-event', listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener('single-spa:routing-event', listener);
    window.removeEventListener('popstate', listener);
  };
};
const currentPath = () => window.location.pathname;

let fullHeader: Promise<typeof import('./full-header')> | null = null;
/** The full header's chunk (and the shared Chakra with it), asked for once; a failure may be asked again. */
export function loadFullHeader(): Promise<typeof import('./full-header')> {
  fullHeader ??= import('./full-header').catch((error: unknown) => {
    fullHeader = null;
    throw error;
  });
  return fullHeader;
}

/** Whether the header must be the full one: any route but the sign-in screens, or a signed-in user. */
export const needsFullHeader = (path: string, status: string) =>
  status === 'signedIn' || remoteForPath(path) !== 'mfe-auth';

/**
 * The shell's header: the light one on the sign-in screens while signed out, the full one (Chakra,
 * menus; its own chunk) everywhere else. The full header is fetched the first time it is needed and
 * kept from then on; until it is there, and should its chunk fail offline, the light one stands in.
 */
export function HeaderSlot({ host }: { host: HostServices }) {
  const session = useObservable(host.session.state);
  const path = useSyncExternalStore(subscribePath, currentPath);
  const needsFull = needsFullHeader(path, session.status);
  const [Full, setFull] = useState<FullHeaderComponent | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsFull || Full) return;
    let live = true;
    loadFullHeader().then(
      (m) => live && setFull(() => m.FullHeader),
      (error: unknown) => {
        console.warn('[shell] the full header did not load; trying again when online', error);
        window.addEventListener('online', () => live && setAttempt((n) => n + 1), { once: true });
      },
    );
    return () => {
      live = false;
    };
  }, [needsFull, Full, attempt]);

  return (
    <LanguageKeyed language={host.i18n.language}>
      {Full ? <Full host={host} /> : <LightHeader host={host} />}
    </LanguageKeyed>
  );
}
