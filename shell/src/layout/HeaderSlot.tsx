import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { remoteForPath, type HostServices } from 'shared-contracts';
import { firstScreenShown } from '../routing/outlet';
import { LightHeader, type HeaderMenu } from './LightHeader';
import { useObservable } from 'ui-kit/use-observable';
import { LanguageKeyed } from 'ui-kit/language-gate';

type FullHeaderComponent = ComponentType<{ host: HostServices; openMenu?: HeaderMenu }>;

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

/** A first screen that never shows (an unknown route's own message): the full header comes anyway. */
const FIRST_SCREEN_WAIT_MS = 10_000;

/**
 * Once the page's first screen is up and the browser is idle after its paint (at most 3 s later), as
 * idle preloads go: fetched beside the route's remote, the full header (Chakra) would be counted in
 * and slow the first screen on a poor link.
 */
function whenIdleAfterFirstScreen(run: () => void): () => void {
  let cancelled = false;
  let cancel = () => undefined as void;
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 3000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(run, 500);
      cancel = () => clearTimeout(timer);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  void Promise.race([
    firstScreenShown(),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS))),
  ]).then(() => {
    clearTimeout(timer);
    if (cancelled) return;
    const frame = requestAnimationFrame(() => setTimeout(idle, 0));
    cancel = () => cancelAnimationFrame(frame);
  });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancel();
  };
}

/**
 * The shell's header: the light one (plain React, LightHeader) first everywhere; where the route or a
 * signed-in user needs the full one (Chakra, menus; its own chunk), the light one draws the same bar
 * with plain buttons and the full one is fetched at idle once the first screen is up (issue 46: home's first
 * screen waits for no UI library), or at once when a menu's button is tapped (that menu then opens).
 * Fetched once and kept; should its chunk fail offline, the light one stays.
 */
export function HeaderSlot({ host }: { host: HostServices }) {
  const session = useObservable(host.session.state);
  const path = useSyncExternalStore(subscribePath, currentPath);
  const needsFull = needsFullHeader(path, session.status);
  const [Full, setFull] = useState<FullHeaderComponent | null>(null);
  const [wanted, setWanted] = useState(false);
  const [openMenu, setOpenMenu] = useState<HeaderMenu | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsFull || wanted) return;
    return whenIdleAfterFirstScreen(() => setWanted(true));
  }, [needsFull, wanted]);

  useEffect(() => {
    if (!needsFull || !wanted || Full) return;
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
  }, [needsFull, wanted, Full, attempt]);

  // The tapped menu opens once, as the full header first shows (not again when it is drawn anew).
  useEffect(() => {
    if (Full && openMenu) setOpenMenu(undefined);
  }, [Full, openMenu]);

  const onMenu = (menu: HeaderMenu) => {
    setOpenMenu(menu);
    setWanted(true);
  };

  return (
    <LanguageKeyed language={host.i18n.language}>
      {Full ? (
        <Full host={host} openMenu={openMenu} />
      ) : (
        <LightHeader host={host} tools={needsFull} onMenu={onMenu} />
      )}
    </LanguageKeyed>
  );
}
