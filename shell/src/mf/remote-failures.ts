import type { RemoteName } from 'shared-contracts';

/** What went wrong when a remote last failed to load, for the fallback and for diagnostics. */
export interface RemoteFailure {
  remote: string;
  lifecycle: string;
  message: string;
  at: number;
}

const failures = new Map<string, RemoteFailure>();

export function recordRemoteFailure(failure: RemoteFailure): void {
  failures.set(failure.remote, failure);
}

export function lastRemoteFailure(scope: string): RemoteFailure | undefined {
  return failures.get(scope);
}

export function clearRemoteFailure(scope: string): void {
  failures.delete(scope);
}

export type { RemoteName };
