import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
type AnyComponent = ComponentType<any>;

export type Preloadable<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Fetches the component's code now (once; a failed fetch is tried again on the next call). */
  preload(): Promise<{ default: T }>;
};

/**
 * A component whose code is fetched on its first use, not with the first screen (issue 46), and can
 * be fetched earlier, when the page is idle (`preloadWhenIdle`): a dialog the user may need offline
 * (the outbox, the logout question) then opens offline too when the network goes in the first seconds
 * after a sign-in, before the offline copy is complete.
 */
export function lazyWithPreload<T extends AnyComponent>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loading: Promise<{ default: T }> | null = null;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(lazy(once), { preload: once });
}

/**
 * Fetches `parts`' code once the page is idle after its first paint (at most 2 s later), never before
 * what the user asked for. Answers a cancel for an effect's clean-up.
 */
export function preloadWhenIdle(...parts: Array<{ preload(): Promise<unknown> }>): () => void {
  const run = () => {
    for (const part of parts) part.preload().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 500);
  return () => clearTimeout(timer);
}
