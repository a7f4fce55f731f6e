/**
 * The save flow's wait for the org (spec 000 section 4, "Form screen save flow"): the submit is stored
 * on the device first; the host sends it now (`deliverNow`: the uploader's tab, or this one in canvas
 * mode) and tells what became of it. The screen is told, never guesses. While it waits it shows what
 * the host publishes (`delivery`: files going up); no answer in time leaves it queued (section 8).
 */
import { isFinalDelivery } from 'shared-contracts';
import type { DeliveryOutcome, OfflineServices } from 'shared-contracts';

export type FinalOutcome = Extract<DeliveryOutcome, { kind: 'delivered' | 'refused' | 'queued' | 'failed' }>;

export function awaitDelivery(
  offline: Pick<OfflineServices, 'delivery' | 'deliverNow'>,
  sent: { id: string; version: number },
  options: { timeoutMs: number; onUpdate?: (o: DeliveryOutcome) => void },
): { done: Promise<FinalOutcome>; cancel: () => void } {
  let cancel = (): void => undefined;
  const done = new Promise<FinalOutcome>((resolve) => {
    let settled = false;
    const ours = (o: DeliveryOutcome): boolean => o.kind !== 'none' && o.version >= sent.version;
    const finish = (o: FinalOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      resolve(o);
    };
    const stop = offline.delivery(sent.id).subscribe((o) => {
      if (!ours(o)) return;
      if (isFinalDelivery(o)) finish(o);
      else if (!settled) options.onUpdate?.(o);
    });
    const timer = setTimeout(
      () => finish({ kind: 'queued', version: sent.version, message: '' }),
      options.timeoutMs,
    );
    cancel = () => finish({ kind: 'queued', version: sent.version, message: '' });
    offline.deliverNow(sent.id).then(
      (o) => {
        if (isFinalDelivery(o) && o.version >= sent.version) finish(o);
      },
      () => undefined, // the host keeps it queued; the timer ends the wait
    );
  });
  return { done, cancel: () => cancel() };
}
