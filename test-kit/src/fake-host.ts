import {
  API_ALLOWANCE_TEXTS,
  BffError,
  CONTRACT_VERSION,
  MESSAGES,
  definitionProblem,
  isBffError,
  routeCaller,
  isFormDefinition,
  splitUniquenessKey,
} from 'shared-contracts';
import { applyStartingData, keptStartingData, startingDataQueries } from 'form-core';
import type {
  DisplayLocale,
  ApiClient,
  AssignedTask,
  CorrectiveActionTask,
  OrgForm,
  OrgList,
  ScheduledRecord,
  TaskStart,
  ClientEnv,
  DeliveryOutcome,
  HostServices,
  LocalSubmission,
  Observable,
  OfflineServices,
  OutboxItem,
  CachedForm,
  OrgRefresh,
  OrgTopic,
  QueryParams,
  SessionState,
  SignedIn,
} from 'shared-contracts';

/** A settable in-memory observable. */
export interface Settable<T> extends Observable<T> {
  set(value: T): void;
}

export function settable<T>(initial: T): Settable<T> {
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next) {
      value = next;
      listeners.forEach((l) => l(next));
    },
  };
}

export type Handler = (query: QueryParams | undefined, body: unknown) => unknown;

/** The error the host's BFF client throws (network: no answer). */
export function apiError(status: number, message: string, network = false): BffError {
  return new BffError({
    kind: network ? 'network' : status === 401 ? 'unauthorized' : status >= 500 ? 'unavailable' : 'rejected',
    message,
    status,
    errorType: status === 401 ? 'session expired' : 'server',
  });
}

/** The host's org re-reads, driven by the test: `fire` is a re-read, `current` the live stream's heartbeat. */
export interface FakeOrgRefresh extends OrgRefresh {
  fire(topics?: readonly OrgTopic[]): void;
  current(): void;
}

export function fakeOrgRefresh(): FakeOrgRefresh {
  const listeners = new Set<{ fn: () => void; topic: OrgTopic | undefined }>();
  const currents = new Set<() => void>();
  return {
    subscribe(fn, topic) {
      const entry = { fn, topic };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    subscribeCurrent(fn) {
      currents.add(fn);
      return () => void currents.delete(fn);
    },
    fire(topics = ['tasks', 'forms', 'submissions']) {
      for (const l of [...listeners]) if (!l.topic || topics.includes(l.topic)) l.fn();
    },
    current() {
      for (const fn of [...currents]) fn();
    },
  };
}

export interface FakeHost extends HostServices {
  /** The host's org re-reads (offline.orgRefresh), fired by the test. */
  orgRefresh: FakeOrgRefresh;
  sessionState: Settable<SessionState>;
  onlineState: Settable<boolean>;
  submissionsState: Settable<LocalSubmission[]>;
  cachedFormsState: Settable<CachedForm[]>;
  outboxState: Settable<OutboxItem[]>;
  /** Every call made on the host: [method, ...args]. */
  calls: unknown[][];
  /** BFF handlers keyed `GET /api/forms`. */
  routes: Map<string, Handler>;
  envValue: ClientEnv;
  /** Guide images "downloaded for offline", by URL (offline.guideImage). */
  guideImages: Record<string, string>;
  completeSignInResult: 'ok' | Error;
  /** What host.canvas.isActive() answers. */
  canvasActive: boolean;
  /** The org's lists as the host keeps them (seed them to stand for an earlier visit's). */
  keptTasks: Settable<OrgList<AssignedTask>>;
  keptForms: Settable<OrgList<OrgForm>>;
  /** offline.listsSyncedOn. */
  syncedOnState: Settable<string>;
  /** The device lock coming: runs what screens registered with lifecycle.onBeforeLock. */
  lockNow(): Promise<void>;
  /** host.i18n's language (English unless a test sets it); setLanguage records a call and sets it. */
  languageState: Settable<string>;
  displayLocaleState: Settable<DisplayLocale>;
}

/**
 * One of the org's lists as the host keeps it, over the fake's routes: read while watched, signed in and
 * online (at once and on the re-reads naming it); the last read kept in memory.
 */
function fakeOrgList<T>(
  state: Settable<OrgList<T>>,
  read: () => Promise<T[]>,
  topic: OrgTopic,
  refresh: FakeOrgRefresh,
  active: () => boolean,
  synced: () => void,
  followers: (() => void)[],
): Observable<OrgList<T>> {
  let watchers = 0;
  let off: (() => void) | null = null;
  const load = (): void => {
    if (!active()) return;
    const cur = state.get();
    if (cur.items.length === 0 && !cur.loading) state.set({ ...cur, loading: true });
    read().then(
      (items) => {
        const same = JSON.stringify(items) === JSON.stringify(state.get().items);
        const prev = state.get();
        if (!same || prev.loading || prev.failed)
          state.set({ items: same ? prev.items : items, loading: false, failed: false });
        synced();
      },
      () => state.set({ ...state.get(), loading: false, failed: true }),
    );
  };
  // coming back online (or signing in) reads again while watched
  let wasActive = active();
  const follow = (): void => {
    const now = active();
    if (now && !wasActive && watchers > 0) load();
    wasActive = now;
  };
  followers.push(follow);
  return {
    get: () => state.get(),
    subscribe(listener) {
      const unsubscribe = state.subscribe(listener);
      if (watchers++ === 0) {
        load();
        off = refresh.subscribe(load, topic);
      }
      return () => {
        unsubscribe();
        if (--watchers === 0) off?.();
      };
    },
  };
}

export const USER: SignedIn = {
  status: 'signedIn',
  userId: '005000000000001AAA',
  organizationId: '00D000000000001AAA',
  instanceUrl: 'https://demo.my.example.com',
  userDetails: {
    Name: 'Frank Fielding',
    Username: 'field.user@demo.org',
    SmallPhotoUrl: 'https://demo.my.example.com/photo.png',
    TimeZoneSidKey: 'America/New_York',
  },
  userDetailsSF: { timeZone: 'America/New_York', userType: 'STANDARD', networkId: null, siteUrl: null },
  embedded: false,
};

/** host.sealed as the shell does it: AES-GCM under a key of this fake device, bound to the name. */
function fakeSealed(): HostServices['sealed'] {
  const key = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  const unb64 = (t: string) => Uint8Array.from(atob(t), (c) => c.charCodeAt(0));
  return {
    async seal(name, value) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const ct = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(name) },
        await key,
        new TextEncoder().encode(JSON.stringify(value)),
      );
      return `v1.${b64(iv)}.${b64(new Uint8Array(ct))}`;
    },
    async open<T>(name: string, text: string | null): Promise<T | null> {
      const [v, iv, ct] = (text ?? '').split('.');
      if (v !== 'v1' || !iv || !ct) return null;
      try {
        const clear = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: unb64(iv), additionalData: new TextEncoder().encode(name) },
          await key,
          unb64(ct),
        );
        return JSON.parse(new TextDecoder().decode(clear)) as T;
      } catch {
        return null;
      }
    },
  };
}

export function fakeHost(overrides: { session?: SessionState; env?: Partial<ClientEnv> } = {}): FakeHost {
  const calls: unknown[][] = [];
  const beforeLock = new Set<() => Promise<unknown> | void>();
  const routes = new Map<string, Handler>();
  const sessionState = settable<SessionState>(overrides.session ?? USER);
  const onlineState = settable(true);
  const submissionsState = settable<LocalSubmission[]>([]);
  const cachedFormsState = settable<CachedForm[]>([]);
  const outboxState = settable<OutboxItem[]>([]);
  const orgRefresh = fakeOrgRefresh();
  const deliveries = new Map<string, Settable<DeliveryOutcome>>();
  const deliveryOf = (id: string): Settable<DeliveryOutcome> => {
    let d = deliveries.get(id);
    if (!d) deliveries.set(id, (d = settable<DeliveryOutcome>({ kind: 'none' })));
    return d;
  };

  const call = async (method: string, path: string, query?: QueryParams, body?: unknown) => {
    calls.push([`api.${method}`, path, query, body]);
    const handler = routes.get(`${method} ${path}`);
    if (!handler) throw apiError(404, `no fake route ${method} ${path}`);
    return handler(query, body);
  };
  const apiCalls: Omit<ApiClient, 'call'> = {
    get: <T>(path: string, query?: QueryParams) => call('GET', path, query) as Promise<T>,
    post: <T>(path: string, body?: unknown, query?: QueryParams) =>
      call('POST', path, query, body) as Promise<T>,
    put: <T>(path: string, body?: unknown, query?: QueryParams) =>
      call('PUT', path, query, body) as Promise<T>,
    // a handler answers the blob (or what becomes one); keyed like the others: `GET /api/files/x/preview`
    blob: async (path, options) => {
      const answer = await call(
        options?.body !== undefined ? 'POST' : 'GET',
        path,
        options?.query,
        options?.body,
      );
      return answer instanceof Blob ? answer : new Blob([JSON.stringify(answer)]);
    },
  };
  // host.api.call resolves the route's method and path, so handlers stay keyed `GET /api/forms`.
  const api: ApiClient = { ...apiCalls, call: routeCaller(apiCalls) };

  const recorded =
    <A extends unknown[], R>(name: string, impl: (...args: A) => R) =>
    (...args: A): R => {
      calls.push([name, ...args]);
      return impl(...args);
    };

  const listFollowers: (() => void)[] = [];
  const listsActive = (): boolean => onlineState.get() && sessionState.get().status === 'signedIn';
  const syncedOnState = settable('');
  const languageState = settable('en');
  const displayLocaleState = settable<DisplayLocale>({ locale: 'en' });
  const markSynced = (): void => syncedOnState.set(new Date().toISOString());
  // the heartbeat says the lists are current unless a read of them failed
  orgRefresh.subscribeCurrent(
    () => listsActive() && !keptTasks.get().failed && !keptForms.get().failed && markSynced(),
  );
  const keptTasks = settable<OrgList<AssignedTask>>({ items: [], loading: false, failed: false });
  const keptForms = settable<OrgList<OrgForm>>({ items: [], loading: false, failed: false });
  const assignedTasks = fakeOrgList<AssignedTask>(
    keptTasks,
    async () => {
      const r = await api.get<{ records?: AssignedTask[] }>('/api/searchQuery/', { kind: 'assignedTasks' });
      return [...(r.records ?? [])].sort((a, b) =>
        (a.scheduledFor ?? '') < (b.scheduledFor ?? '')
          ? 1
          : (a.scheduledFor ?? '') > (b.scheduledFor ?? '')
            ? -1
            : 0,
      );
    },
    'tasks',
    orgRefresh,
    listsActive,
    markSynced,
    listFollowers,
  );
  const orgForms = fakeOrgList<OrgForm>(
    keptForms,
    () => api.get<OrgForm[]>('/api/forms'),
    'forms',
    orgRefresh,
    listsActive,
    markSynced,
    listFollowers,
  );

  const keptActions = settable<OrgList<CorrectiveActionTask>>({ items: [], loading: false, failed: false });
  const correctiveActions = fakeOrgList<CorrectiveActionTask>(
    keptActions,
    () => api.get<CorrectiveActionTask[]>('/api/correctiveActions'),
    'tasks',
    orgRefresh,
    listsActive,
    markSynced,
    listFollowers,
  );

  const followLists = (): void => listFollowers.forEach((f) => f());
  onlineState.subscribe(followLists);
  sessionState.subscribe(followLists);

  const offline: OfflineServices = {
    submissions: submissionsState,
    submission: (id) => settable(submissionsState.get().find((s) => s.id === id)),
    filesOf: () => settable([]),
    fileList: () => settable([]),
    fileBytes: async () => undefined,
    cachedForms: cachedFormsState,
    outbox: outboxState,
    delivery: deliveryOf,
    deliverNow: recorded('offline.deliverNow', async (id: string) => deliveryOf(id).get()),
    isLeader: settable(true),
    openElsewhere: () => settable(false),
    create: recorded('offline.create', async (input) => {
      const sub: LocalSubmission = {
        id: input.id ?? 'new-submission-id',
        data: input.data ?? {},
        originalData: {},
        syncStatus: 'out of sync',
        status: 'in progress',
        isUploading: false,
        formName: input.formName,
        formId: input.formId,
        formDef: input.formDef ?? null,
        createdOn: new Date().toISOString(),
        syncedOn: '',
        submittedOn: '',
        version: 1,
        error: [],
        errors: [],
        instanceUrl: USER.instanceUrl,
        organizationId: USER.organizationId,
        isSalesforceRecord: false,
      };
      submissionsState.set([sub, ...submissionsState.get()]);
      return { ok: true as const, value: sub };
    }),
    save: async () => ({ ok: false, message: 'not in fake' }),
    submit: async () => ({ ok: false, message: 'not in fake' }),
    close: async () => ({ ok: false, message: 'not in fake' }),
    discard: async () => ({ ok: true, value: undefined }),
    keepFormDef: recorded('offline.keepFormDef', async (id: string, formDef: unknown) => {
      const cur = submissionsState.get().find((s) => s.id === id);
      if (!cur) return { ok: false as const, message: 'not in fake' };
      const next = { ...cur, formDef };
      submissionsState.set(submissionsState.get().map((s) => (s.id === id ? next : s)));
      return { ok: true as const, value: next };
    }),
    guideImage: recorded('offline.guideImage', async (url: string) => host.guideImages[url]),
    attachFile: async () => ({ ok: false, message: 'not in fake' }),
    queueMany: async () => ({ ok: true, value: undefined }),
    openDraft: () => () => undefined,
    startScheduled: recorded('offline.startScheduled', async (input) => {
      const sub: LocalSubmission = {
        id: input.submissionId ?? 'started-id',
        data: input.data ?? {},
        originalData: {},
        syncStatus: 'in sync',
        status: 'in progress',
        isUploading: false,
        formName: input.formName,
        formId: input.formId,
        formDef: null,
        createdOn: new Date().toISOString(),
        syncedOn: new Date().toISOString(),
        submittedOn: '',
        version: input.version + 1,
        error: [],
        errors: [],
        instanceUrl: USER.instanceUrl,
        organizationId: USER.organizationId,
        isSalesforceRecord: true,
        formSubmissionId: input.formSubmissionId,
      };
      submissionsState.set([sub, ...submissionsState.get()]);
      return sub;
    }),
    // The host's rule (shell/src/host/offline/task-start.ts) over GET /api/scheduledSubmissions.
    startTask: recorded('offline.startTask', async (task): Promise<TaskStart> => {
      if (!onlineState.get()) return { kind: 'unreachable' };
      let records: ScheduledRecord[];
      try {
        records = await api.get<ScheduledRecord[]>('/api/scheduledSubmissions');
      } catch (e) {
        if (isBffError(e) && e.network) return { kind: 'unreachable' };
        throw e;
      }
      const rec =
        'scheduledId' in task
          ? records.find((r) => r.Id === task.scheduledId)
          : task.mainRecordId
            ? records.find(
                (r) =>
                  r.Form_Definition__c === task.formId &&
                  (r.Main_Record_Id__c ?? '').slice(0, 15) === (task.mainRecordId ?? '').slice(0, 15),
              )
            : undefined;
      if (!rec) return { kind: 'notScheduled', ...(task.formId ? { formId: task.formId } : {}) };
      const formId = rec.Form_Definition__c ?? task.formId;
      if (!formId) throw new Error(MESSAGES.noDataForSubmission);
      const key = splitUniquenessKey(rec.Uniqueness_Constraint__c);
      const main = 'scheduledId' in task ? rec.Main_Record_Id__c : task.mainRecordId;
      const submission = await offline.startScheduled({
        formId,
        formName: task.formName ?? rec.Name ?? formId,
        formSubmissionId: rec.Id,
        version: rec.Version__c ?? 0,
        ...(key ? { submissionId: key.submissionId } : {}),
        ...(main ? { mainRecordId: main } : {}),
      });
      return { kind: 'started', submission };
    }),
    // The host's rule (shell/src/host/offline/offline-forms.ts) over POST /api/startingData.
    withStartingData: recorded('offline.withStartingData', async (sub, formDef, options = {}) => {
      const query = startingDataQueries(formDef);
      if (query.length === 0) return formDef;
      const kept = applyStartingData(
        formDef,
        keptStartingData(formDef, sub.mainRecordId),
        formDef.lookupCacheData,
      );
      if (!onlineState.get() || options.readOnly) return kept;
      let answer: { startingData?: Record<string, unknown>; lookupCacheData?: Record<string, unknown> };
      try {
        answer = await api.post(
          '/api/startingData',
          { query, lookupCacheString: '' },
          {
            recordId: sub.mainRecordId || sub.formId,
          },
        );
      } catch {
        return kept;
      }
      const fresh = applyStartingData(formDef, answer.startingData ?? {}, answer.lookupCacheData ?? {});
      if (options.keep && sub.id) await offline.keepFormDef(sub.id, fresh);
      return fresh;
    }),
    assignedTasks,
    orgForms,
    correctiveActions,
    listsSyncedOn: syncedOnState,
    orgRefresh,
    // The host's rule (shell/src/host/offline/form-definitions.ts) over the fake's routes: own copy,
    // cached copy, then GET /api/schema.
    formDefinition: recorded('offline.formDefinition', async (formId: string, own?: unknown) => {
      if (isFormDefinition(own)) return { kind: 'found' as const, formDef: own, from: 'own' as const };
      const kept = cachedFormsState.get().find((f) => f.Id === formId)?.formDef;
      if (isFormDefinition(kept)) return { kind: 'found' as const, formDef: kept, from: 'device' as const };
      const offline = {
        kind: 'unreachable' as const,
        network: true,
        message: MESSAGES.cannotConnectToInternet,
      };
      if (!onlineState.get()) return offline;
      let def: unknown;
      try {
        const r = await api.get<{ formDef?: unknown }>('/api/schema', { recordId: formId });
        def = r?.formDef;
      } catch (e) {
        const failure = isBffError(e) ? e : undefined;
        if (!failure || failure.network) return offline;
        if (failure.status === 404 || failure.status === 400) return { kind: 'none' as const };
        const bare = failure.message.startsWith(MESSAGES.serverErrorPrefix)
          ? failure.message.slice(MESSAGES.serverErrorPrefix.length)
          : failure.message;
        const message =
          bare === API_ALLOWANCE_TEXTS.spent ? bare : failure.message || MESSAGES.somethingWentWrong;
        return { kind: 'unreachable' as const, network: false, message };
      }
      if (def === null || def === undefined) return { kind: 'none' as const };
      if (!isFormDefinition(def))
        return { kind: 'unusable' as const, message: definitionProblem(def) ?? MESSAGES.schemaError };
      return { kind: 'found' as const, formDef: def, from: 'org' as const };
    }),
    importPending: recorded('offline.importPending', async () => undefined),
    pullPending: async () => null,
    downloadForOffline: recorded('offline.downloadForOffline', async (formId: string) => {
      cachedFormsState.set([
        ...cachedFormsState.get(),
        { Id: formId, formDef: {}, syncedOn: new Date().toISOString() },
      ]);
    }),
    removeFromOffline: recorded('offline.removeFromOffline', async (formId: string) => {
      cachedFormsState.set(cachedFormsState.get().filter((f) => f.Id !== formId));
    }),
    purgeStaleForms: recorded('offline.purgeStaleForms', async () => []),
    retryNow: recorded('offline.retryNow', async () => undefined),
    discardOutboxItem: recorded('offline.discardOutboxItem', async (id: string) => {
      outboxState.set(outboxState.get().filter((i) => i.id !== id));
    }),
    start: () => undefined,
    stop: async () => undefined,
  };

  const host: FakeHost = {
    contractVersion: CONTRACT_VERSION,
    navigate: recorded('navigate', () => undefined),
    online: onlineState,
    reportCrash: recorded('reportCrash', () => undefined),
    session: {
      state: sessionState,
      env: recorded('session.env', async () => host.envValue),
      loginHref: (loginUrl, target) =>
        `/api/auth/login?loginUrl=${encodeURIComponent(loginUrl)}${target ? `&target=${target}` : ''}`,
      completeSignIn: recorded('session.completeSignIn', async () => {
        if (host.completeSignInResult instanceof Error) throw host.completeSignInResult;
        sessionState.set(USER);
      }),
      logout: recorded('session.logout', async () => {
        sessionState.set({ status: 'signedOut', expired: false });
      }),
      refresh: async () => sessionState.get(),
    },
    api,
    offline,
    remotes: {
      load: recorded('remotes.load', async () => {
        throw new Error('no remotes in the fake host');
      }),
    },
    orgRefresh,
    sessionState,
    onlineState,
    submissionsState,
    cachedFormsState,
    outboxState,
    calls,
    routes,
    envValue: {
      clientId: 'client-id',
      loginEnabled: true,
      loginOptions: ['production', 'sandbox', 'custom'],
      namespace: 'cqext',
      embedded: false,
      ...overrides.env,
    },
    completeSignInResult: 'ok',
    guideImages: {},
    canvasActive: false,
    keptTasks,
    keptForms,
    syncedOnState,
    canvas: { isActive: () => host.canvasActive },
    lifecycle: {
      onBeforeLock: (save) => {
        const entry = () => save();
        beforeLock.add(entry);
        return () => void beforeLock.delete(entry);
      },
    },
    sealed: fakeSealed(),
    lockNow: async () => {
      await Promise.all([...beforeLock].map((save) => save()));
    },
    languageState,
    displayLocaleState,
    i18n: {
      language: languageState,
      displayLocale: displayLocaleState,
      setLanguage(language) {
        calls.push(['i18n.setLanguage', language]);
        languageState.set(language ?? 'en');
      },
    },
  };
  return host;
}

/** Calls recorded under `name`. */
export const callsOf = (host: FakeHost, name: string) => host.calls.filter((c) => c[0] === name);
