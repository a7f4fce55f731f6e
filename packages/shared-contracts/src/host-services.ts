import type { RemoteName } from './remotes';

/** A value that can change over time, readable now and observable (useSyncExternalStore-shaped). */
export interface Observable<T> {
  get(): T;
  subscribe(listener: (value: T) => void): () => void;
}

/**
 * What the shell hands every remote as single-spa custom props. Remotes reach the BFF, the local
 * stores and the sync engine only through this object, so they never depend on shell internals.
 * Later contract minors add members; a remote built against an older minor keeps working.
 */
export interface HostServices {
  readonly contractVersion: string;
  /** Client-side navigation through the shell's single-spa router. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** navigator.onLine, kept current from online/offline events. */
  readonly online: Observable<boolean>;
  /**
   * A remote whose React tree crashed after mounting calls this from its error boundary; the
   * shell replaces that area with its fallback (with a retry) and keeps every other area running.
   */
  reportCrash(name: RemoteName, error: unknown): void;
}

export interface RemoteAppProps {
  name: RemoteName;
  host: HostServices;
  /** The element the remote renders into; the shell owns it. */
  domElement: HTMLElement;
}

export type LifeCycleFn = (props: RemoteAppProps) => Promise<unknown>;

/** What each remote's exposed `./app` module must export. */
export interface RemoteAppModule {
  /** CONTRACT_VERSION of the shared-contracts the remote was built against. */
  contractVersion: string;
  bootstrap: LifeCycleFn | LifeCycleFn[];
  mount: LifeCycleFn | LifeCycleFn[];
  unmount: LifeCycleFn | LifeCycleFn[];
}
