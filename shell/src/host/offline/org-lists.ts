// The org's lists for the signed-in user (issue 41.3): the assigned tasks and the forms, read by the host
// while a screen subscribes and again on the org re-reads that concern them, kept in the owner's own
// IndexedDB store (never localStorage) so they show offline and after a reload, and shared by every tab
// (a live query over the kept copy). 'Synced on' is kept beside them: when the lists were last current.
import type {
  AssignedTask,
  CorrectiveActionTask,
  Observable,
  OrgForm,
  OrgList,
  OrgRefresh,
  OrgTopic,
} from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import { liveRead, Signal } from './live';
import type { Owner } from './owner';
import type { OfflineStore } from './store';

export interface OrgListsDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  online: Observable<boolean>;
  owner: () => Owner | null;
  /** The signed-in owner's key ('' = nobody): the lists read and kept are that owner's. */
  ownerKey: Observable<string>;
  refresh: OrgRefresh;
  nowIso: () => string;
}

/** Where 'Synced on' is kept, beside the lists. */
export const SYNCED_ON = 'syncedOn';

/** Assigned tasks by scheduledFor, latest first (spec section 9); tasks without a date last. */
export function sortTasks(tasks: readonly AssignedTask[]): AssignedTask[] {
  return [...tasks].sort((a, b) => {
    const x = a.scheduledFor ?? '';
    const y = b.scheduledFor ?? '';
    return x < y ? 1 : x > y ? -1 : 0;
  });
}

/** A UTC ISO time cut to its minute: 'Synced on' shows minutes, so a heartbeat within one writes nothing. */
export const toMinute = (iso: string): string =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d.*Z$/.test(iso) ? `${iso.slice(0, 16)}:00.000Z` : iso;

interface ListSource<T> {
  observable: Observable<OrgList<T>>;
  failed(): boolean;
  /** Hears whether someone subscribes (the lists are read only then). */
  onWatched(fn: (watched: boolean) => void): void;
}

export function createOrgLists(deps: OrgListsDeps) {
  const { store, owner } = deps;
  const ownerKeyOf = (o: Owner | null): string => (o ? `${o.organizationId}/${o.userId}` : '');

  // The kept copy of `name` as a live query: every tab sees a read any of them made. (A function
  // declaration, not a generic arrow: the build's esbuild loader reads every file as TSX.)
  function kept<T>(name: string, initial: T): Observable<T> {
    return liveRead(
      () => {
        const o = owner();
        if (!o) return null;
        const read = store.readOrgList<T>(o, name);
        return { rows: read.rows, open: async (row) => (await read.open(row)) ?? initial };
      },
      initial,
      deps.ownerKey,
    );
  }

  const syncedOn = kept<string>(SYNCED_ON, '');
  const markSynced = (o: Owner): void => {
    const now = toMinute(deps.nowIso());
    void store
      .orgList<string>(o, SYNCED_ON)
      .then((cur) => (cur === now ? undefined : store.putOrgList(o, SYNCED_ON, now)))
      .catch(() => undefined);
  };

  const sources: ListSource<unknown>[] = [];

  /** `name`: where the copy is kept; `topic`: the org re-reads that concern it. */
  function source<T>(name: string, topic: OrgTopic, read: () => Promise<T[]>): ListSource<T> {
    const copy = kept<T[]>(name, []);
    const flags = new Signal({ loading: false, failed: false });
    let value: OrgList<T> = { items: [], loading: false, failed: false };
    const out = new Signal<OrgList<T>>(value);
    const publish = (): void => {
      const items = copy.get();
      const f = flags.get();
      if (items === value.items && f.loading === value.loading && f.failed === value.failed) return;
      value = { items, loading: f.loading, failed: f.failed };
      out.set(value);
    };
    let watchers = 0;
    let stopCopy: (() => void) | null = null;
    let stopFlags: (() => void) | null = null;
    const watchedListeners: ((w: boolean) => void)[] = [];

    const load = (): void => {
      const o = owner();
      if (!o) return;
      const key = ownerKeyOf(o);
      if (copy.get().length === 0) flags.set({ loading: true, failed: flags.get().failed });
      read().then(
        async (next) => {
          if (ownerKeyOf(owner()) !== key) return;
          const cur = await store.orgList<T[]>(o, name).catch(() => undefined);
          // a re-read that brings the same records writes nothing: nothing on screen re-renders
          if (JSON.stringify(cur) !== JSON.stringify(next)) await store.putOrgList(o, name, next);
          flags.set({ loading: false, failed: false });
          if (!sources.some((s) => s.failed())) markSynced(o);
        },
        () => {
          if (ownerKeyOf(owner()) === key) flags.set({ loading: false, failed: true });
        },
      );
    };

    const observable: Observable<OrgList<T>> = {
      get: () => {
        if (watchers === 0) publish();
        return value;
      },
      subscribe(listener) {
        const off = out.subscribe(listener);
        if (watchers++ === 0) {
          stopCopy = copy.subscribe(publish);
          stopFlags = flags.subscribe(publish);
          publish();
          for (const fn of watchedListeners) fn(true);
        }
        return () => {
          off();
          if (--watchers === 0) {
            stopCopy?.();
            stopFlags?.();
            stopCopy = stopFlags = null;
            for (const fn of watchedListeners) fn(false);
          }
        };
      },
    };

    // Read while watched, signed in and online: now, then on the re-reads that name this list.
    let active = '';
    let stopRefresh: (() => void) | null = null;
    const follow = (): void => {
      const key = watchers > 0 && deps.online.get() ? deps.ownerKey.get() : '';
      if (key === active) return;
      stopRefresh?.();
      stopRefresh = null;
      // another owner's flags are none of this one's
      if (key !== active) flags.set({ loading: false, failed: false });
      active = key;
      if (!key) return;
      load();
      stopRefresh = deps.refresh.subscribe(load, topic);
    };
    watchedListeners.push(() => follow());
    deps.online.subscribe(follow);
    deps.ownerKey.subscribe(follow);

    return {
      observable,
      failed: () => flags.get().failed,
      onWatched: (fn) => void watchedListeners.push(fn),
    };
  }

  const tasks = source<AssignedTask>('tasks', 'tasks', async () =>
    sortTasks((await deps.gateway.assignedTasks?.()) ?? []),
  );
  const forms = source<OrgForm>('forms', 'forms', async () => (await deps.gateway.forms?.()) ?? []);
  // Corrective actions are tasks: re-read on the same re-reads (a submit's new task, a completion).
  const actions = source<CorrectiveActionTask>(
    'correctiveActions',
    'tasks',
    async () => (await deps.gateway.correctiveActions?.()) ?? [],
  );
  sources.push(tasks as ListSource<unknown>, forms as ListSource<unknown>, actions as ListSource<unknown>);

  // The live stream's heartbeat: the lists are current while someone watches them and none failed.
  let watched = 0;
  let stopCurrent: (() => void) | null = null;
  const onWatched = (w: boolean): void => {
    watched += w ? 1 : -1;
    if (watched > 0 && !stopCurrent)
      stopCurrent = deps.refresh.subscribeCurrent(() => {
        const o = owner();
        if (o && deps.online.get() && !sources.some((s) => s.failed())) markSynced(o);
      });
    else if (watched === 0 && stopCurrent) {
      stopCurrent();
      stopCurrent = null;
    }
  };
  tasks.onWatched(onWatched);
  forms.onWatched(onWatched);
  actions.onWatched(onWatched);

  return {
    assignedTasks: tasks.observable,
    orgForms: forms.observable,
    correctiveActions: actions.observable,
    listsSyncedOn: syncedOn,
  };
}
