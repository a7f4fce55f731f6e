// The outbox as the header and the Outbox panel show it: the signed-in owner's unsent records and
// files with live upload progress, recomputed from the stores' live query, the engine's activity and
// the progress signal, and handed out only when it changed (the same snapshot otherwise: no re-render).
// Subscribes to its sources only while someone watches it.
import type { FileInfo, LocalSubmission, Observable, OutboxItem } from 'shared-contracts';
import { buildOutbox } from './outbox';
import { withLiveProgress } from './progress';

export interface OutboxViewDeps {
  /** The live query of the owner's records and unsynced files, with the owner key it was read for. */
  records: Observable<{ subs: LocalSubmission[]; files: FileInfo[]; key: string }>;
  /** The signed-in owner's key now ('' when nobody is). */
  ownerKey: () => string;
  progress: Observable<ReadonlyMap<string, number>>;
  engine: { activity: Observable<unknown>; uploadingIds(): ReadonlySet<string> };
  org: () => string;
  nowMs: () => number;
}

export function createOutboxView(deps: OutboxViewDeps): {
  outbox: Observable<OutboxItem[]>;
  changed(): void;
} {
  let value: OutboxItem[] = [];
  let valueKey = '[]';
  /** Recomputes the view; false when nothing changed. */
  const recompute = (): boolean => {
    // records read for another owner (the query has not re-run yet after a change of user) show nothing
    const read = deps.records.get();
    const { subs, files } = read.key === deps.ownerKey() ? read : { subs: [], files: [] };
    const next = buildOutbox(
      subs,
      withLiveProgress(files, deps.progress.get()),
      deps.org(),
      deps.engine.uploadingIds(),
      deps.nowMs(),
    );
    const key = JSON.stringify(next);
    if (key === valueKey) return false;
    valueKey = key;
    value = next;
    return true;
  };
  const listeners = new Set<(v: OutboxItem[]) => void>();
  let unsubscribe: (() => void)[] = [];
  const changed = (): void => {
    if (recompute()) listeners.forEach((l) => l(value));
  };
  const outbox: Observable<OutboxItem[]> = {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        unsubscribe = [
          deps.records.subscribe(changed),
          deps.engine.activity.subscribe(changed),
          deps.progress.subscribe(changed),
        ];
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe.forEach((u) => u());
          unsubscribe = [];
        }
      };
    },
  };
  return { outbox, changed };
}
