import { navigateToUrl } from 'single-spa';
import {
  CONTRACT_VERSION,
  PAGE_LANGUAGE_COOKIE,
  type HostServices,
  type RemoteModules,
  type RemoteName,
} from 'shared-contracts';
import { createBffClient } from './bff-client';
import { onlineObservable } from './online';
import { createSessionService, type ShellSession } from './session';
import type { OfflineServicesHandle } from './offline';
import { createLazyOffline, type LazyOffline } from './lazy-offline';
import { firstPaint } from './first-paint';
import { isCanvasMode } from './canvas';
import { createLogoutGate } from './logout-gate';
import { createLifecycle, type ShellLifecycle } from './lifecycle';
import { browserDeviceSeal, memoryDeviceSeal } from './vault/device-seal';
import { createLanguageService, type ShellLanguage } from './language';
import { activateLanguage } from 'ui-kit/i18n';
import { CATALOGS } from '../i18n/catalogs';

export interface HostServiceHooks {
  onRemoteCrash(name: RemoteName, error: unknown): void;
  /** Other remotes' modules through the shell's Module Federation runtime (mf/remote-loader.ts). */
  remotes: RemoteModules;
}

export interface ShellHost extends HostServices {
  readonly session: ShellSession;
  /** The offline core, loaded as its own chunk: `offline.load()` fetches and starts it (bootstrap does, after the first paint). */
  readonly offline: LazyOffline<OfflineServicesHandle>;
  /** The device lock runs the screens' saves through it before it covers the app. */
  readonly lifecycle: ShellLifecycle;
  readonly i18n: ShellLanguage;
}

function navigate(to: string, options?: { replace?: boolean }): void {
  if (options?.replace) {
    window.history.replaceState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  } else {
    navigateToUrl(to);
  }
}

/** The one host-services object the shell hands every remote (single-spa custom props). */
export function createHostServices(hooks: HostServiceHooks): ShellHost {
  const online = onlineObservable();
  let session: ShellSession | null = null;
  // Every request of the app goes through the gate: after a sign-out not yet told to the BFF (offline),
  // ending that session is the first request, and nothing goes before it (logout-gate.ts).
  const gate = createLogoutGate({ storage: window.localStorage, fetch: (url, init) => fetch(url, init) });
  // The app's one BFF client: remotes get its `api`, the offline core's gateway calls through it.
  const client = createBffClient({ gate, onUnauthorized: () => session?.expire() });
  const { api } = client;
  // What is kept of the user beyond their ids is sealed with the device's key (issue 45).
  const seal = typeof indexedDB === 'undefined' ? memoryDeviceSeal() : browserDeviceSeal();
  session = createSessionService({ api, storage: window.localStorage, navigate, gate, seal });
  const current = session;
  if (gate.pending() && online.get()) void gate.flush();
  online.subscribe((isOnline) => {
    if (isOnline && gate.pending()) void gate.flush();
  });
  // Another tab signed out (or in as someone else): this one follows before it shows or sends anything.
  window.addEventListener('storage', (e) => {
    if (e.storageArea === window.localStorage) current.followStorage();
  });

  const canvasMode = isCanvasMode(window);
  // Never before the first paint, whoever asks first: home's lists subscribe as home mounts, which
  // can be before the browser has painted anything (bench:load's "after first paint" goal).
  const offline = createLazyOffline(() =>
    firstPaint()
      .then(() => import(/* webpackChunkName: "offline-core" */ './offline-boot'))
      .then(({ bootOffline }) =>
        bootOffline({
          session: current.state,
          online,
          canvasMode,
          client,
          onUnauthorized: () => current.expire(),
        }),
      ),
  );

  const i18n = createLanguageService({
    session: current.state,
    storage: window.localStorage,
    activate: (language) => activateLanguage(language, CATALOGS),
    root: document.documentElement,
    pageLanguage: (language) => {
      document.cookie = `${PAGE_LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; SameSite=Lax`;
    },
  });

  return {
    contractVersion: CONTRACT_VERSION,
    navigate,
    online,
    reportCrash(name, error) {
      console.error(`[shell] ${name} crashed`, error);
      // Deferred: this is called from inside the remote's render; unmounting it there would re-enter React.
      setTimeout(() => hooks.onRemoteCrash(name, error), 0);
    },
    session: current,
    api,
    offline,
    remotes: hooks.remotes,
    canvas: { isActive: () => isCanvasMode(window) },
    lifecycle: createLifecycle(),
    // The remotes' values under their own names: none opens as one of the session's.
    sealed: {
      seal: (name, value) => seal.seal(`remote\u0000${name}`, value),
      open<T>(name: string, text: string | null) {
        return seal.open<T>(`remote\u0000${name}`, text);
      },
    },
    i18n,
  };
}
