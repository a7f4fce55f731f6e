/**
 * What a service-worker drain needs to know about the signed-in user, kept where both the page and
 * the service worker can read it: Cache Storage (the worker has no localStorage, and it may be
 * restarted between the page's registration and the `sync` event). Holds no token or cookie: the
 * drain calls the BFF with the browser's own session cookie.
 */
export interface SyncContext {
  organizationId: string;
  /** The signed-in user: the drain sends this user's records only (issue 28). */
  userId: string;
  /** POWER_PARTNER users: sent as networkId on sync calls and uploads. */
  networkId?: string;
}

export const SYNC_CONTEXT_CACHE = 'cq-offline-sync';
const KEY = '/__cq-offline-sync-context';

type CachesLike = Pick<CacheStorage, 'open'>;

function storage(): CachesLike | null {
  return (globalThis as { caches?: CachesLike }).caches ?? null;
}

export async function saveSyncContext(ctx: SyncContext, caches = storage()): Promise<void> {
  if (!caches || !ctx.organizationId || !ctx.userId) return;
  const cache = await caches.open(SYNC_CONTEXT_CACHE);
  await cache.put(
    KEY,
    new Response(JSON.stringify(ctx), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/**
 * The stored context as written, by this release or an earlier one: an earlier release's has no user
 * (sync-owner.ts finds whose it is). Null when there is none or it is unreadable.
 */
export async function readStoredSyncContext(
  caches = storage(),
): Promise<(Omit<SyncContext, 'userId'> & { userId?: string }) | null> {
  if (!caches) return null;
  const res = await (await caches.open(SYNC_CONTEXT_CACHE)).match(KEY);
  if (!res) return null;
  try {
    const v = (await res.json()) as Partial<SyncContext>;
    if (typeof v.organizationId !== 'string' || !v.organizationId) return null;
    return {
      organizationId: v.organizationId,
      ...(typeof v.userId === 'string' && v.userId ? { userId: v.userId } : {}),
      ...(typeof v.networkId === 'string' && v.networkId ? { networkId: v.networkId } : {}),
    };
  } catch {
    return null;
  }
}

/** The stored context when it names its user (this release's format), else null. */
export async function readSyncContext(caches = storage()): Promise<SyncContext | null> {
  const v = await readStoredSyncContext(caches);
  return v?.userId ? { ...v, userId: v.userId } : null;
}

/** Sign-out: the worker must not drain for a user who left. */
export async function clearSyncContext(caches = storage()): Promise<void> {
  if (!caches) return;
  await (await caches.open(SYNC_CONTEXT_CACHE)).delete(KEY);
}
