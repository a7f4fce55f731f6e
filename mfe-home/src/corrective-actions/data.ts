import { useMemo } from 'react';
import type { HostServices, LocalSubmission } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import { actionCards, todayIn, type ActionCardModel } from './model';

/**
 * The user's open corrective actions (GET /api/correctiveActions: their own and their queues'), as the
 * host keeps them for this user (read on its org re-reads of tasks: a task made by a submit reaches
 * this home within the stream's delay; a delivery of a completion), joined with this device's
 * completions not yet delivered.
 */
export function useCorrectiveActions(
  host: HostServices,
  subs: readonly LocalSubmission[],
  timeZone?: string,
): { cards: ActionCardModel[]; failed: boolean } {
  const list = useObservable(host.offline.correctiveActions);
  const cards = useMemo(() => actionCards(list.items, subs, todayIn(timeZone)), [list.items, subs, timeZone]);
  return { cards, failed: list.failed };
}
