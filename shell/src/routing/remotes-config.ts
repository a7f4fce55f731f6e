import type { RemotesConfig } from 'shared-contracts';

/**
 * The run-time remotes config as the areas ask for it: fetched once and shared; after a failure (offline
 * before the device kept a copy, issue 40) the next area that asks fetches it again, so an area's
 * fallback that retries when the network returns also gets the config then.
 */
export function sharedRemotesConfig(fetchConfig: () => Promise<RemotesConfig>): () => Promise<RemotesConfig> {
  let config: Promise<RemotesConfig> | null = null;
  return () =>
    (config ??= fetchConfig().catch((error: unknown) => {
      config = null;
      throw error;
    }));
}
