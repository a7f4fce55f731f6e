// The push half of sync as this tab runs it: the engine (one uploader per browser, leader-elected), the
// queue channel that tells the other tabs what was queued, delivered and uploaded, upload progress, each
// record's delivery outcome, and Background Sync for a queue a closed tab leaves behind.
import type { DeliveryOutcome, Observable, OfflineServices } from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import type { BackoffPolicy } from './backoff';
import { DeliveryBoard } from './delivery';
import { SyncEngine } from './engine';
import { browserLocks, type LockManagerLike } from './leader';
import { Signal } from './live';
import type { Owner } from './owner';
import type { ChannelLike } from './presence';
import { nextProgress } from './progress';
import { openQueueChannel } from './queue-channel';
import type { OfflineStore } from './store';
import * as T from './transitions';

export interface PushSyncDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  online: Observable<boolean>;
  owner: () => Owner | null;
  nowMs: () => number;
  nowIso: () => string;
  canvasMode: boolean;
  onUnauthorized?: () => void;
  locks?: LockManagerLike | null;
  channel?: ((name: string) => ChannelLike) | null;
  random?: () => number;
  submissionIntervalMs?: number;
  fileIntervalMs?: number;
  concurrency?: number;
  backoff?: BackoffPolicy;
  /** Hands a queue left in a closing tab to the service worker. */
  backgroundSync: () => void;
  /** A delivery outcome was told (this tab's uploader or another's). */
  delivered: (outcome: DeliveryOutcome) => void;
}

export function createPushSync(deps: PushSyncDeps) {
  const { store, owner } = deps;
  // Upload percentages by LocalId, in memory (progress.ts): this tab's uploads and other tabs' (told
  // over the queue channel); filesOf lays them over the stored records.
  const progress = new Signal<ReadonlyMap<string, number>>(new Map());
  // Each submission's delivery outcome, told by the uploader of this tab or of the tab that runs it.
  const deliveries = new DeliveryBoard();
  const told = (id: string, outcome: DeliveryOutcome): void => {
    deliveries.tell(id, outcome);
    deps.delivered(outcome);
  };
  const engine = new SyncEngine({
    store,
    onDelivery: (id, outcome) => {
      told(id, outcome);
      channel.post({ t: 'delivery', id, outcome });
    },
    onProgress: (localId, percent) => {
      progress.set(nextProgress(progress.get(), localId, percent));
      channel.post({ t: 'progress', localId, percent });
    },
    gateway: deps.gateway,
    owner,
    onUnauthorized: deps.onUnauthorized ?? (() => undefined),
    nowMs: deps.nowMs,
    nowIso: deps.nowIso,
    random: deps.random ?? Math.random,
    online: deps.online,
    locks: deps.locks === undefined ? browserLocks() : deps.locks,
    canvasMode: deps.canvasMode,
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
    ...(deps.submissionIntervalMs ? { submissionIntervalMs: deps.submissionIntervalMs } : {}),
    ...(deps.fileIntervalMs ? { fileIntervalMs: deps.fileIntervalMs } : {}),
    ...(deps.concurrency ? { concurrency: deps.concurrency } : {}),
  });
  const channel = openQueueChannel(deps.channel, {
    queued: () => engine.wake(),
    delivery: told,
    progress: (localId, percent) => progress.set(nextProgress(progress.get(), localId, percent)),
  });
  const queued = (): void => {
    engine.kick();
    channel.post({ t: 'queued' });
    if (!engine.running) deps.backgroundSync();
  };
  // Going offline with work queued: the service worker gets the queue if this tab closes before the
  // network is back (Background Sync fires when the browser is online again).
  const unsubscribeOffline = deps.online.subscribe((isOnline) => {
    if (!isOnline && engine.pendingWork && !deps.canvasMode) deps.backgroundSync();
  });

  const deliverNow: OfflineServices['deliverNow'] = async (id) => {
    const o = owner();
    if (!o) return deliveries.current(id);
    const sub = await store.getSubmission(o, id);
    if (!sub || !T.isUploadable(sub, o.organizationId)) return deliveries.current(id);
    const wait = deliveries.nextFinal(id, sub.version);
    // The uploader's tab sends it: another tab that leads is woken and tells the outcome over the
    // queue channel; otherwise this tab (the leader, or one with no uploader: canvas mode).
    if (engine.electing && !engine.isLeader.get()) {
      queued();
      return wait.done;
    }
    await engine.submissions.processOne(o, id);
    // nothing told and nothing in flight (it could not be sent now): its latest outcome
    if (!engine.submissions.uploadingIds().includes(id)) wait.cancel();
    return wait.done;
  };

  return {
    engine,
    progress,
    queued,
    filesQueued(): void {
      engine.kickFiles();
      channel.post({ t: 'queued' });
    },
    delivery: (id: string, files: Parameters<DeliveryBoard['observe']>[1]) => deliveries.observe(id, files),
    deliverNow,
    async dispose(): Promise<void> {
      await engine.stop();
      unsubscribeOffline();
      channel.close();
    },
  };
}
