/**
 * The delivery outcomes the uploader tells, per submission (OfflineServices.delivery / deliverNow):
 * the form screen is told what became of its submit instead of guessing it from the store. Kept in
 * memory (an outcome is news for whoever waits now; the stored record says the rest) and shared with
 * the other tabs over the queue channel, since the uploader runs in one tab of the browser.
 */
import {
  FILE_STATUS,
  isFinalDelivery,
  type DeliveryOutcome,
  type FileInfo,
  type Observable,
} from 'shared-contracts';
import { Signal } from './live';

const NONE: DeliveryOutcome = { kind: 'none' };

/** What of a file the outcome reads (the records of fileList: no bytes). */
type UploadState = Pick<FileInfo, 'status' | 'progress'>;

/** While a record is being sent and files of it are still going up: 'uploading' with their progress. */
export function withUploads(o: DeliveryOutcome, files: readonly UploadState[]): DeliveryOutcome {
  if (o.kind !== 'sending') return o;
  const unsynced = files.filter((f) => f.status === FILE_STATUS.unsynced);
  if (unsynced.length === 0) return o;
  const total = unsynced.reduce((sum, f) => sum + Math.max(0, f.progress), 0);
  return { kind: 'uploading', version: o.version, progress: Math.round(total / unsynced.length) };
}

export class DeliveryBoard {
  private readonly outcomes = new Map<string, Signal<DeliveryOutcome>>();
  private readonly views = new Map<string, Observable<DeliveryOutcome>>();

  private signal(id: string): Signal<DeliveryOutcome> {
    let s = this.outcomes.get(id);
    if (!s) this.outcomes.set(id, (s = new Signal<DeliveryOutcome>(NONE)));
    return s;
  }

  /** The last outcome told for `id` ('none' if nothing was). */
  current(id: string): DeliveryOutcome {
    return this.outcomes.get(id)?.get() ?? NONE;
  }

  tell(id: string, outcome: DeliveryOutcome): void {
    this.signal(id).set(outcome);
  }

  /** The outcome of `id` as one observable, with its files' upload progress while they go up. */
  observe(id: string, files: Observable<readonly UploadState[]>): Observable<DeliveryOutcome> {
    let view = this.views.get(id);
    if (view) return view;
    const outcome = this.signal(id);
    let lastO: DeliveryOutcome | null = null;
    let lastF: readonly UploadState[] | null = null;
    let snapshot: DeliveryOutcome = NONE;
    const get = (): DeliveryOutcome => {
      const o = outcome.get();
      // files are read only while something is being sent (no live query otherwise)
      const f = o.kind === 'sending' ? files.get() : null;
      if (o !== lastO || f !== lastF) {
        lastO = o;
        lastF = f;
        const next = f ? withUploads(o, f) : o;
        if (JSON.stringify(next) !== JSON.stringify(snapshot)) snapshot = next;
      }
      return snapshot;
    };
    view = {
      get,
      subscribe(listener) {
        // Changes only: the files' first answer arriving after the subscription is not news.
        let sent: DeliveryOutcome = get();
        const emit = (): void => {
          const v = get();
          if (v === sent) return;
          sent = v;
          listener(v);
        };
        const a = outcome.subscribe(emit);
        const b = files.subscribe(emit);
        return () => {
          a();
          b();
        };
      },
    };
    this.views.set(id, view);
    return view;
  }

  /**
   * The next final outcome of `id` for `version` or later (at once if it is already told). `cancel`
   * stops waiting (the promise then resolves with the current outcome).
   */
  nextFinal(id: string, version: number): { done: Promise<DeliveryOutcome>; cancel: () => void } {
    const s = this.signal(id);
    const fits = (o: DeliveryOutcome): boolean => isFinalDelivery(o) && o.version >= version;
    let cancel = (): void => undefined;
    const done = new Promise<DeliveryOutcome>((resolve) => {
      if (fits(s.get())) return resolve(s.get());
      const stop = s.subscribe((o) => {
        if (!fits(o)) return;
        stop();
        resolve(o);
      });
      cancel = () => {
        stop();
        resolve(s.get());
      };
    });
    return { done, cancel: () => cancel() };
  }
}
