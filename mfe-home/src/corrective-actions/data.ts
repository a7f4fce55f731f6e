import { useEffect, useMemo, useRef, useState } from 'react';
import type { CorrectiveActionTask, HostServices, LocalSubmission, OrgRefresh } from 'shared-contracts';
import { readCache, writeCache } from '../data';
import { actionCards, todayIn, type ActionCardModel } from './model';

const CACHE = 'actions';

/**
 * The user's open corrective actions (GET /api/correctiveActions: their own and their queues'), kept
 * per user for offline use, re-read when home opens, when back online and on each of the host's org
 * re-reads of tasks (its live hints: a task made by a submit reaches this home within the stream's
 * delay; a delivery of a completion); joined with this device's completions not yet delivered. A
 * re-read that brings the same list sets no state.
 */
export function useCorrectiveActions(
  host: HostServices,
  userId: string | null,
  online: boolean,
  signal: OrgRefresh,
  subs: readonly LocalSubmission[],
  timeZone?: string,
): { cards: ActionCardModel[]; failed: boolean } {
  const [items, setItems] = useState<CorrectiveActionTask[]>(() =>
    userId ? (readCache<CorrectiveActionTask[]>(CACHE, userId) ?? []) : [],
  );
  const [failed, setFailed] = useState(false);
  const shown = useRef('');

  useEffect(() => {
    if (!userId) return;
    const cached = readCache<CorrectiveActionTask[]>(CACHE, userId) ?? [];
    shown.current = JSON.stringify(cached);
    setItems(cached);
  }, [userId]);

  useEffect(() => {
    if (!userId || !online) return;
    let live = true;
    const read = (): void => {
      host.api.get<CorrectiveActionTask[]>('/api/correctiveActions').then(
        (next) => {
          if (!live) return;
          setFailed(false);
          const json = JSON.stringify(next);
          if (json === shown.current) return;
          shown.current = json;
          setItems(next);
          writeCache(CACHE, userId, next);
        },
        () => live && setFailed(true),
      );
    };
    read();
    const unsubscribe = signal.subscribe(read, 'tasks');
    return () => {
      live = false;
      unsubscribe();
    };
  }, [host, userId, online, signal]);

  const cards = useMemo(() => actionCards(items, subs, todayIn(timeZone)), [items, subs, timeZone]);
  return { cards, failed };
}
