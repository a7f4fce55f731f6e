// How the tabs of one browser and its service worker hear about the queue: a tab tells the others
// "something was queued" (a sleeping leader wakes for a follower's write), a delivery's outcome and
// upload progress; the service worker gets the queue through Background Sync when no tab may send it.
import type { DeliveryOutcome } from 'shared-contracts';
import type { ChannelLike } from './presence';
import { saveSyncContext, type SyncContext } from './sync-context';

export const BACKGROUND_SYNC_TAG = 'cq-offline-outbox';
/** Tabs tell each other "something was queued" here, so a sleeping leader wakes for a follower's write. */
export const QUEUE_CHANNEL = 'cq-offline-queue';

/**
 * Background Sync where the browser has it; a no-op elsewhere (the timers do the work). The signed-in
 * organisation is stored first (sync-context.ts): the worker drains that organisation's queue only.
 */
export function registerBackgroundSync(tag = BACKGROUND_SYNC_TAG, context?: SyncContext): void {
  const sw = (globalThis.navigator as { serviceWorker?: { ready: Promise<unknown> } } | undefined)
    ?.serviceWorker;
  if (!sw) return;
  void (context ? saveSyncContext(context) : Promise.resolve())
    .then(() => sw.ready)
    .then((reg) => (reg as { sync?: { register(tag: string): Promise<void> } }).sync?.register(tag))
    .catch(() => undefined);
}

export type QueueMessage =
  | { t: 'queued' }
  | { t: 'delivery'; id: string; outcome: DeliveryOutcome }
  | { t: 'progress'; localId: string; percent: number | null };

export interface QueueChannelListeners {
  /** Another tab queued something. */
  queued(): void;
  /** The uploader of another tab told what became of a submission. */
  delivery(id: string, outcome: DeliveryOutcome): void;
  /** Another tab's upload progress: shown here, nothing to wake for. */
  progress(localId: string, percent: number | null): void;
}

/** The queue channel (null factory: none, e.g. Node tests without BroadcastChannel). */
export function openQueueChannel(
  factory: ((name: string) => ChannelLike) | null | undefined,
  on: QueueChannelListeners,
): { post(m: QueueMessage): void; close(): void } {
  const make =
    factory === undefined
      ? typeof BroadcastChannel === 'function'
        ? (n: string): ChannelLike => new BroadcastChannel(n)
        : null
      : factory;
  const channel = make ? make(QUEUE_CHANNEL) : null;
  channel?.addEventListener('message', (e) => {
    const m = e.data as {
      t?: unknown;
      localId?: unknown;
      percent?: unknown;
      id?: unknown;
      outcome?: unknown;
    } | null;
    if (m?.t === 'delivery') {
      if (typeof m.id === 'string' && m.outcome && typeof m.outcome === 'object')
        on.delivery(m.id, m.outcome as DeliveryOutcome);
      return;
    }
    if (m?.t === 'progress') {
      if (typeof m.localId === 'string')
        on.progress(m.localId, typeof m.percent === 'number' ? m.percent : null);
      return;
    }
    on.queued();
  });
  return {
    post: (m) => channel?.postMessage(m),
    close: () => channel?.close(),
  };
}
