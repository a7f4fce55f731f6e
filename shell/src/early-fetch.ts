/**
 * Requests the shell starts from its entry, before the async boundary: on a slow network the shared
 * modules (React, Chakra) take seconds to arrive, and these small answers would otherwise only be asked
 * for after them, one round trip each. Plain fetch, no shared module; bootstrap.tsx takes the answers.
 */
import type { RemotesConfig } from 'shared-contracts';

let remotesConfig: Promise<Response> | null = null;

/** Starts the `/remotes.json` fetch (once). */
export function startEarlyFetches(): void {
  remotesConfig ??= fetch('/remotes.json', { cache: 'no-store' });
  // a rejection is read (and reported) by remotesConfigAnswer; never an unhandled one meanwhile
  remotesConfig.catch(() => undefined);
}

/** The run-time remotes config: the early fetch's answer, or a fetch now if none was started. */
export async function remotesConfigAnswer(): Promise<RemotesConfig> {
  const pending = remotesConfig ?? fetch('/remotes.json', { cache: 'no-store' });
  remotesConfig = null; // taken: a later call (a test, a retry) fetches again
  const res = await pending;
  if (!res.ok) throw new Error(`remotes config: HTTP ${res.status}`);
  return (await res.json()) as RemotesConfig;
}
