/**
 * The host's offline services before the offline core has loaded (issue 21). The core (Dexie, the
 * stores, the sync engine) is a chunk of its own, fetched right after the shell's first paint, so the
 * sign-in page and the first paint of home do not wait for it. Until it is there this object stands in
 * for it with the same contract: live queries read as their empty start values (exactly what the
 * core's own live queries read until IndexedDB answers), calls wait for the core and then run, and
 * `start()`/`openDraft()` take effect as soon as it is there.
 */
import type {
  AssignedTask,
  CorrectiveActionTask,
  CachedForm,
  DeliveryOutcome,
  FileInfo,
  FileMeta,
  LocalSubmission,
  Observable,
  OfflineServices,
  OrgForm,
  OrgList,
  OrgRefresh,
  OutboxItem,
} from 'shared-contracts';

/** The contract's methods that answer with a promise: the stand-in waits for the core, then calls it. */
type AsyncMethod = {
  [K in keyof OfflineServices]: OfflineServices[K] extends (...a: never[]) => Promise<unknown> ? K : never;
}[keyof OfflineServices];

/** What the stand-in forwards to: the offline services of the loaded core. */
export type LoadedOffline = OfflineServices;

export interface LazyOffline<T extends LoadedOffline> extends OfflineServices {
  /** Fetches and starts the core (once; later calls return the same promise). */
  load(): Promise<T>;
  /** The loaded core, or null before it is there. */
  loaded(): T | null;
}

/**
 * An observable that reads `initial` until the core is there, then the core's own observable (picked by
 * `pick`); listeners subscribed before are moved onto it and told its current value.
 */
function deferredObservable<T, C>(
  initial: T,
  whenLoaded: (cb: (core: C) => void) => void,
  loaded: () => C | null,
  pick: (core: C) => Observable<T>,
): Observable<T> {
  let real: Observable<T> | null = null;
  const early = new Map<(v: T) => void, () => void>();
  whenLoaded((core) => {
    real = pick(core);
    for (const listener of [...early.keys()]) {
      const target = real;
      early.set(listener, target.subscribe(listener));
      const v = target.get();
      if (!Object.is(v, initial)) listener(v);
    }
  });
  const current = (): Observable<T> | null => {
    if (!real) {
      const core = loaded();
      if (core) real = pick(core);
    }
    return real;
  };
  return {
    get: () => current()?.get() ?? initial,
    subscribe(listener) {
      const target = current();
      if (target) return target.subscribe(listener);
      early.set(listener, () => undefined);
      return () => {
        early.get(listener)?.();
        early.delete(listener);
      };
    },
  };
}

/**
 * The org refresh before the core is there: subscriptions made early are moved onto the core's own when
 * it loads (nothing re-reads the org before the core runs the schedule anyway). A screen that listens
 * to the org's re-reads needs the core running: an early subscription loads it (as a call does) rather
 * than waiting for the after-paint load, so a queue left from the last visit goes out as home opens.
 */
function deferredRefresh<C extends LoadedOffline>(
  whenLoaded: (cb: (core: C) => void) => void,
  loaded: () => C | null,
  load: () => Promise<C>,
): OrgRefresh {
  const later =
    (pick: (r: OrgRefresh) => (fn: () => void) => () => void) =>
    (fn: () => void): (() => void) => {
      const core = loaded();
      if (core) return pick(core.orgRefresh)(fn);
      let off: (() => void) | null = null;
      let gone = false;
      void load().catch(() => undefined);
      whenLoaded((c) => {
        if (!gone) off = pick(c.orgRefresh)(fn);
      });
      return () => {
        gone = true;
        off?.();
      };
    };
  return {
    subscribe: (fn, topic) => later((r) => (f) => r.subscribe(f, topic))(fn),
    subscribeCurrent: later((r) => (f) => r.subscribeCurrent(f)),
  };
}

const EMPTY_LIST: OrgList<never> = { items: [], loading: false, failed: false };

export function createLazyOffline<T extends LoadedOffline>(importCore: () => Promise<T>): LazyOffline<T> {
  let core: T | null = null;
  let loading: Promise<T> | null = null;
  const waiting: ((c: T) => void)[] = [];
  const whenLoaded = (cb: (c: T) => void): void => {
    if (core) cb(core);
    else waiting.push(cb);
  };
  const load = (): Promise<T> => {
    loading ??= importCore().then(
      (c) => {
        core = c;
        for (const cb of waiting.splice(0)) cb(c);
        return c;
      },
      (error: unknown) => {
        loading = null; // a failed chunk fetch (offline, no service worker yet) is tried again on next use
        throw error;
      },
    );
    return loading;
  };
  const loaded = (): T | null => core;
  // Function declarations, not generic arrows: the build's esbuild loader reads every file as TSX.
  function observable<V>(initial: V, pick: (c: T) => Observable<V>): Observable<V> {
    return deferredObservable(initial, whenLoaded, loaded, pick);
  }
  /** One stand-in per id, like the core's own caches: a remote may ask again on every render. */
  function perId<V>(initial: V, pick: (c: T, id: string) => Observable<V>) {
    const cache = new Map<string, Observable<V>>();
    return (id: string): Observable<V> => {
      if (core) return pick(core, id);
      let o = cache.get(id);
      if (!o) cache.set(id, (o = observable(initial, (c) => pick(c, id))));
      return o;
    };
  }
  function call<K extends AsyncMethod>(name: K): OfflineServices[K] {
    type F = (...a: Parameters<OfflineServices[K]>) => ReturnType<OfflineServices[K]>;
    const run = async (...args: Parameters<OfflineServices[K]>): Promise<unknown> => {
      const c: T = core ?? (await load());
      return await (c[name] as F)(...args);
    };
    return run as unknown as OfflineServices[K];
  }

  /** An observable whose first subscriber loads the core, as a call does. */
  function watched<V>(o: Observable<V>): Observable<V> {
    return {
      get: () => o.get(),
      subscribe(listener) {
        if (!core) void load().catch(() => undefined);
        return o.subscribe(listener);
      },
    };
  }

  let started = false;
  const lazy: LazyOffline<T> = {
    load,
    loaded,
    submissions: observable<LocalSubmission[]>([], (c) => c.submissions),
    submission: perId<LocalSubmission | undefined>(undefined, (c, id) => c.submission(id)),
    filesOf: perId<FileInfo[]>([], (c, id) => c.filesOf(id)),
    fileList: perId<FileMeta[]>([], (c, id) => c.fileList(id)),
    fileBytes: call('fileBytes'),
    cachedForms: observable<CachedForm[]>([], (c) => c.cachedForms),
    outbox: observable<OutboxItem[]>([], (c) => c.outbox),
    delivery: perId<DeliveryOutcome>({ kind: 'none' }, (c, id) => c.delivery(id)),
    deliverNow: call('deliverNow'),
    isLeader: observable(false, (c) => c.isLeader),
    openElsewhere: perId(false, (c, id) => c.openElsewhere(id)),
    create: call('create'),
    save: call('save'),
    submit: call('submit'),
    close: call('close'),
    discard: call('discard'),
    keepFormDef: call('keepFormDef'),
    guideImage: call('guideImage'),
    attachFile: call('attachFile'),
    queueMany: call('queueMany'),
    orgRefresh: deferredRefresh(whenLoaded, loaded, load),
    formDefinition: call('formDefinition'),
    startScheduled: call('startScheduled'),
    startTask: call('startTask'),
    withStartingData: call('withStartingData'),
    // the org's lists need the core (it reads and keeps them): a screen watching them loads it at once
    assignedTasks: watched(observable<OrgList<AssignedTask>>(EMPTY_LIST, (c) => c.assignedTasks)),
    orgForms: watched(observable<OrgList<OrgForm>>(EMPTY_LIST, (c) => c.orgForms)),
    correctiveActions: watched(
      observable<OrgList<CorrectiveActionTask>>(EMPTY_LIST, (c) => c.correctiveActions),
    ),
    listsSyncedOn: observable('', (c) => c.listsSyncedOn),
    importPending: call('importPending'),
    pullPending: call('pullPending'),
    downloadForOffline: call('downloadForOffline'),
    removeFromOffline: call('removeFromOffline'),
    purgeStaleForms: call('purgeStaleForms'),
    retryNow: call('retryNow'),
    discardOutboxItem: call('discardOutboxItem'),
    openDraft(id: string): () => void {
      if (core) return core.openDraft(id);
      let close: (() => void) | null = null;
      let closed = false;
      whenLoaded((c) => {
        if (!closed) close = c.openDraft(id);
      });
      void load().catch(() => undefined);
      return () => {
        closed = true;
        close?.();
      };
    },
    start(): void {
      if (started) return;
      started = true;
      whenLoaded((c) => {
        if (started) c.start();
      });
    },
    async stop(): Promise<void> {
      started = false;
      if (core) await core.stop();
    },
  };
  return lazy;
}
