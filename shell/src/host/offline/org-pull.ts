// When the host pulls from the org (issue 41.3): the org's pending records are imported on start, on
// coming online or signing in, on each re-read of the org's submissions (live hint, fallback poll) and
// after a delivery, whichever screen is open; offline forms the org retired go at the same moments.
import type { DeliveryOutcome, Observable } from 'shared-contracts';
import type { OrgRefreshSchedule } from './org-refresh';

export interface OrgPullDeps {
  refresh: OrgRefreshSchedule;
  online: Observable<boolean>;
  /** The signed-in owner's key ('' = nobody): a sign-in as someone else starts the schedule afresh. */
  ownerKey: Observable<string>;
  importPending(): Promise<void>;
  purgeStaleForms(): Promise<unknown>;
}

export interface OrgPull {
  start(): void;
  stop(): void;
  /** A delivery outcome told (this tab's uploader or another's): a delivery re-reads the org once. */
  delivered(outcome: DeliveryOutcome): void;
  dispose(): void;
}

export function createOrgPull(deps: OrgPullDeps): OrgPull {
  const { refresh } = deps;
  const pull = (): void => void deps.importPending().catch(() => undefined);
  refresh.subscribe(pull, 'submissions');
  let started = false;
  /** Whose org the schedule reads now ('' = none). */
  let pullingFor = '';
  const follow = (): void => {
    const key = started && deps.online.get() ? deps.ownerKey.get() : '';
    if (key === pullingFor) return;
    // the live stream is the session's: another user's needs its own
    refresh.setActive(false);
    pullingFor = key;
    if (!key) return;
    refresh.setActive(true);
    pull();
    void deps.purgeStaleForms().catch(() => undefined);
  };
  const offOnline = deps.online.subscribe(follow);
  const offOwner = deps.ownerKey.subscribe(follow);
  // The org's lists after a delivery (it may complete an assigned task): one re-read for a batch.
  let afterDelivery: ReturnType<typeof setTimeout> | undefined;
  return {
    start() {
      started = true;
      follow();
    },
    stop() {
      started = false;
      follow();
    },
    delivered(outcome) {
      if (outcome.kind !== 'delivered' || afterDelivery !== undefined) return;
      afterDelivery = setTimeout(() => {
        afterDelivery = undefined;
        refresh.fire();
      }, 0);
    },
    dispose() {
      started = false;
      follow();
      offOnline();
      offOwner();
      refresh.dispose();
      if (afterDelivery !== undefined) clearTimeout(afterDelivery);
    },
  };
}
