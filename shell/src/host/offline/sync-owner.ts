/**
 * Whose queue a Background Sync drain sends (issue 28, issue 40). The drain calls the BFF with the
 * browser's own session cookie, so it runs only when that session is the queue's owner's: a context of
 * another user of this device (signed in since, without signing the other out) drains nothing; their
 * records wait for them.
 *
 * A context written by the release before owners (no user: sync-context.ts) is the queue of the user
 * who was signed in when it was written. That release ended it at sign-out, and this one ends a context
 * of anyone but the user signing in (session.ts), so while it stands, the browser's session is that
 * user's, or has expired (nothing is sent). The session names the user: the context is rewritten in
 * this release's format, and the records written before owners go to that user when the worker first
 * opens the stores (db.ts legacyOwner), as the page gives them to the user stored on the device.
 */
import { isBffError } from 'shared-contracts';
import { createBffClient, type FetchLike } from '../bff-client';
import type { Owner } from './owner';
import { readStoredSyncContext, saveSyncContext, type SyncContext } from './sync-context';

type CachesLike = Pick<CacheStorage, 'open'>;

/**
 * The user of the browser's BFF session (GET /api/auth/session), null when signed out or expired.
 * Throws when the BFF cannot be asked (offline, 5xx): the browser tries the sync again later.
 */
export async function sessionOwner(fetchFn: FetchLike, baseUrl = ''): Promise<Owner | null> {
  type Answer = { main?: { organizationId?: unknown; userDetails?: { userId?: unknown } | null } } | null;
  let answer: Answer;
  try {
    answer = await createBffClient({ fetch: fetchFn, baseUrl }).request<Answer>('/api/auth/session');
  } catch (e) {
    if (isBffError(e) && e.kind === 'unauthorized') return null;
    throw e;
  }
  const main = answer?.main;
  const organizationId = main?.organizationId;
  const userId = main?.userDetails?.userId;
  return typeof organizationId === 'string' && organizationId && typeof userId === 'string' && userId
    ? { organizationId, userId }
    : null;
}

/** The context to drain with, or null when the browser's session is not the queue owner's. */
export async function syncOwner(deps: {
  session: () => Promise<Owner | null>;
  caches?: CachesLike | null;
}): Promise<SyncContext | null> {
  const stored = await readStoredSyncContext(deps.caches);
  if (!stored) return null;
  const session = await deps.session();
  if (!session || session.organizationId !== stored.organizationId) return null;
  if (stored.userId) return stored.userId === session.userId ? { ...stored, userId: stored.userId } : null;
  const upgraded: SyncContext = { ...stored, userId: session.userId };
  await saveSyncContext(upgraded, deps.caches);
  return upgraded;
}
