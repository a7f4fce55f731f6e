import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { appLinkClick } from 'ui-kit';
import {
  DEFAULT_HOME_TAB,
  ERROR_TOAST_MS,
  HOME_TABS,
  MESSAGES,
  bffErrorText,
  displayMessage,
  isBffError,
  type HostServices,
  type LocalSubmission,
} from 'shared-contracts';
import { formatDateTime } from 'form-core';
import {
  AssignedTaskCard,
  Confirm,
  ConfirmDialog,
  FormCard,
  InProgressCard,
  NoData,
  Paged,
  SubmittedCard,
} from './cards';
import { useFormSearch } from './data';
import { SEARCH_PATH } from 'ui-kit/icon-paths';
import { useLocationSearch } from 'ui-kit/use-location';
import {
  firstForms,
  formTitle,
  orgRecordUrl,
  partition,
  taskRecordsOf,
  type AssignedTask,
  type FormListItem,
} from './model';
import { useCorrectiveActions } from './corrective-actions/data';
import { HOME_TEXTS } from './texts';
import { useObservable } from 'ui-kit/use-observable';
import { useOpenedOnce } from 'ui-kit/use-opened-once';
import { lazyWithPreload, preloadWhenIdle } from 'ui-kit/lazy-preload';
import { Alert, Badge, Button, HomeStyles, Select, Spinner, Tabs, useMediaQuery } from './plain-ui';
import { ChakraIsland, ChakraLayer, ChakraParts, ChakraPartsContext, useLayerWanted } from './chakra-parts';

// The outbox's drawer: fetched when the user first opens it or home is first idle (it holds Chakra's
// drawer: issue 46), so it opens offline in the first seconds after a sign-in too.
const OutboxPanel = lazyWithPreload(() => import('./OutboxPanel').then((m) => ({ default: m.OutboxPanel })));

// The corrective actions' cards and drawer: loaded only when the user has open actions, never with
// home's first screen (issue 46: bench:load's JavaScript before home is usable).
const CorrectiveActions = lazy(() =>
  import('./corrective-actions/CorrectiveActions').then((m) => ({ default: m.CorrectiveActions })),
);

/** Tells the login screen the session ended on its own (it shows the spec's session-expired message). */
export const EXPIRED_PARAM = 'expired';
/** Below Chakra's md breakpoint the tabs become a selector. */
export const NARROW_QUERY = '(max-width: 47.99em)';

function errorText(error: unknown, fallback: string): string {
  // The BFF's and the host's words are English (the spec's): shown in the user's language.
  if (isBffError(error) && error.message) return bffErrorText(error.message, error);
  return error instanceof Error && error.message ? displayMessage(error.message) : fallback;
}

/**
 * 'Synced on': the later of when the host last knew the org's lists current (this tab's read, another
 * tab's, an earlier visit's: kept in the user's store) and the newest sync of a local submission. Both
 * are pushed, so the line is current at once.
 */
function SyncedOn({
  host,
  latestSync,
  timeZone,
}: {
  host: HostServices;
  latestSync: string;
  timeZone?: string;
}) {
  const stored = useObservable(host.offline.listsSyncedOn);
  const value = [stored, latestSync].reduce((a, b) => (b > a ? b : a), '');
  return (
    <p className="hm-p hm-sm hm-muted" data-testid="synced-on">
      {HOME_TEXTS.syncedOn} {value ? formatDateTime(value, { timeZone }) : HOME_TEXTS.never}
    </p>
  );
}

/** Why a form cannot be opened right now: its definition is neither on the device nor reachable. */
class NotOnDevice extends Error {}

/**
 * The definition a new local record of this form is made with, as the host reads it (the offline copy,
 * else the org's). Never a record without one (it could not open offline: issue 40.3): with neither the
 * copy nor a connection this throws NotOnDevice, saying what to do; the org's refusal says why.
 */
async function definitionToLaunch(
  host: HostServices,
  formId: string,
  offlineCapable: boolean,
): Promise<unknown> {
  const read = await host.offline.formDefinition(formId);
  switch (read.kind) {
    case 'found':
      return read.formDef;
    case 'unreachable':
      throw read.network ? new NotOnDevice(HOME_TEXTS.notOnDevice(offlineCapable)) : new Error(read.message);
    case 'unusable':
      throw new Error(read.message);
    case 'none':
      throw new Error(MESSAGES.schemaError);
  }
}

/**
 * Home: the plain first screen (plain-ui.tsx) with its Chakra parts in the layer that loads after it
 * (chakra-parts.tsx), at idle after the first paint or when the user first needs one.
 */
export function HomeScreen({ host }: { host: HostServices }) {
  const [parts] = useState(() => new ChakraParts());
  const layerWanted = useLayerWanted(parts);
  // Chakra, the layer and the dialogs' code once home has painted and the page is idle (not with the
  // first screen): offline in the first seconds after a sign-in they open too.
  useEffect(
    () =>
      preloadWhenIdle({
        preload: () =>
          Promise.all([ChakraLayer.preload(), OutboxPanel.preload(), ConfirmDialog.preload()]).then(() =>
            parts.want(),
          ),
      }),
    [parts],
  );
  return (
    <ChakraPartsContext.Provider value={parts}>
      <HomeStyles />
      <HomeLists host={host} parts={parts} />
      {layerWanted ? (
        <Suspense fallback={null}>
          <ChakraLayer parts={parts} />
        </Suspense>
      ) : null}
    </ChakraPartsContext.Provider>
  );
}

function HomeLists({ host, parts }: { host: HostServices; parts: ChakraParts }) {
  const session = useObservable(host.session.state);
  const online = useObservable(host.online);
  const subs = useObservable(host.offline.submissions);
  const cachedForms = useObservable(host.offline.cachedForms);
  const toast = parts.toast;
  const narrow = useMediaQuery(NARROW_QUERY);
  const locationSearch = useLocationSearch();

  const signedIn = session.status === 'signedIn' ? session : null;
  // Dates and times in the user's time zone (issue 44); their locale is the bundle's (ui-kit's remote
  // wrapper sets it), read again here so a change renders the cards and the outbox again.
  const displayLocale = useObservable(host.i18n.displayLocale);
  const timeZone = displayLocale.timeZone ?? (signedIn?.userDetails.TimeZoneSidKey || undefined);

  // A session that ended on its own goes back to sign-in, where the spec's message is shown.
  useEffect(() => {
    if (session.status === 'signedOut' && session.expired)
      host.navigate(`/login?${EXPIRED_PARAM}=1`, { replace: true });
  }, [host, session]);

  const canReachOrg = online && !!signedIn;
  const outbox = useObservable(host.offline.outbox);
  // The org's lists as the host keeps them for this user (read on its org re-reads, kept on the device).
  const tasks = useObservable(host.offline.assignedTasks);
  const forms = useObservable(host.offline.orgForms);
  // The user's corrective actions (issue 43), on the Assigned tab above the tasks, re-read on the
  // host's org re-reads.
  const actions = useCorrectiveActions(host, subs, timeZone);

  const { inProgress, submitted, latestSync } = useMemo(() => partition(subs), [subs]);
  const cachedIds = useMemo(() => new Set(cachedForms.map((f) => f.Id)), [cachedForms]);
  // Each form card's 'Last Sync': when its copy on this device was taken (review N7: not one date for all).
  const cachedSyncedOn = useMemo(
    () => new Map(cachedForms.map((f) => [f.Id, f.syncedOn ?? ''])),
    [cachedForms],
  );
  // A record without its own definition (imported before definitions came with imports) is titled
  // from the offline copy of its form.
  const cachedDefs = useMemo(() => new Map(cachedForms.map((f) => [f.Id, f.formDef])), [cachedForms]);

  const [tab, setTab] = useState<number>(DEFAULT_HOME_TAB);
  const [search, setSearch] = useState('');
  const searched = useFormSearch(host, search, forms.items, canReachOrg);
  const listedForms = useMemo(
    () => firstForms(searched.results ?? forms.items),
    [searched.results, forms.items],
  );

  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<FormListItem | null>(null);
  const [outboxOpen, setOutboxOpen] = useState(() => new URLSearchParams(locationSearch).has('outbox'));
  const outboxMounted = useOpenedOnce(outboxOpen);
  useEffect(() => {
    if (new URLSearchParams(locationSearch).has('outbox')) setOutboxOpen(true);
  }, [locationSearch]);

  const failToast = useCallback(
    (title: string, error: unknown) =>
      toast({
        status: 'error',
        title,
        description: errorText(error, MESSAGES.somethingWentWrong),
        duration: ERROR_TOAST_MS,
        isClosable: true,
      }),
    [toast],
  );

  const launch = useCallback((id: string) => host.navigate(`/form/${id}`), [host]);

  const onStart = useCallback(
    async (task: AssignedTask) => {
      setBusy(task.taskId);
      try {
        if (!task.formId) throw new Error(MESSAGES.noDataForSubmission);
        const form = forms.items.find((f) => f.Id === task.formId);
        const formName = form ? formTitle(form) : task.checklist;
        // $recordId in the form's queries: the record the task is for (issue 40.4)
        const mainRecordId = task.programId || undefined;
        const launchedFor = mainRecordId ? { mainRecordId } : {};
        // The task's own scheduled record (the host's one path, as the launcher's). With none, or no
        // answer (offline, the network gone), it starts from the form's definition.
        const started = await host.offline.startTask({ formId: task.formId, formName, ...launchedFor });
        let id: string;
        if (started.kind === 'started') id = started.submission.id;
        else {
          const formDef = await definitionToLaunch(host, task.formId, form?.Supports_Offline__c === true);
          const r = await host.offline.create({ formId: task.formId, formName, formDef, ...launchedFor });
          if (!r.ok) throw new Error(r.message);
          id = r.value.id;
        }
        launch(id);
      } catch (error) {
        failToast(HOME_TEXTS.startFailed, error);
      } finally {
        setBusy(null);
      }
    },
    [host, forms.items, launch, failToast],
  );

  const onLaunchForm = useCallback(
    async (form: FormListItem) => {
      try {
        // Offline, a form whose definition is not on the device cannot be filled: say what to do
        // rather than leave a draft that cannot open.
        const formDef = await definitionToLaunch(host, form.Id, form.Supports_Offline__c === true);
        const r = await host.offline.create({ formId: form.Id, formName: formTitle(form), formDef });
        if (!r.ok) throw new Error(r.message);
        launch(r.value.id);
      } catch (error) {
        failToast(HOME_TEXTS.launchFailed, error);
      }
    },
    [host, launch, failToast],
  );

  const onToggleOffline = useCallback(
    async (form: FormListItem, on: boolean) => {
      if (!on) {
        setRemoving(form);
        return;
      }
      setBusy(form.Id);
      try {
        // its assigned tasks' records too: their context is then found offline (issue 40.4)
        await host.offline.downloadForOffline(form.Id, { recordIds: taskRecordsOf(tasks.items, form.Id) });
      } catch (error) {
        failToast(HOME_TEXTS.offlineFailed, error);
      } finally {
        setBusy(null);
      }
    },
    [host, tasks.items, failToast],
  );

  const taskBase = signedIn?.userDetailsSF.siteUrl || signedIn?.instanceUrl || '';
  const counts = [
    actions.cards.length + tasks.items.length,
    inProgress.length,
    submitted.length,
    listedForms.length,
  ];

  const tabs = HOME_TABS.map((t) => ({
    key: t.key,
    label: (
      <>
        {t.label}
        <Badge pill className="hm-ms2" data-testid={`count-${t.key}`}>
          {counts[t.index]}
        </Badge>
      </>
    ),
  }));
  const panels = [
    () => (
      <>
        {actions.cards.length > 0 && (
          <ChakraIsland>
            <Suspense fallback={null}>
              <CorrectiveActions host={host} cards={actions.cards} online={online} timeZone={timeZone} />
            </Suspense>
          </ChakraIsland>
        )}
        {tasks.loading && tasks.items.length === 0 ? (
          <Spinner label="Loading" />
        ) : tasks.items.length === 0 && actions.cards.length > 0 ? null : (
          <Paged
            items={tasks.items}
            render={(task) => (
              <AssignedTaskCard
                key={task.taskId}
                task={task}
                taskUrl={orgRecordUrl(taskBase, task.taskId)}
                timeZone={timeZone}
                busy={busy === task.taskId}
                onStart={onStart}
              />
            )}
          />
        )}
      </>
    ),
    () => (
      <Paged
        items={inProgress}
        render={(sub: LocalSubmission) => (
          <InProgressCard
            key={sub.id}
            sub={sub}
            formDef={sub.formDef ?? cachedDefs.get(sub.formId)}
            timeZone={timeZone}
            onLaunch={launch}
          />
        )}
      />
    ),
    () => (
      <div className="hm-stack">
        <Alert status="info" flush data-testid="submitted-banner">
          {MESSAGES.submittedBanner}
        </Alert>
        <Paged
          items={submitted}
          render={(sub: LocalSubmission) => (
            <SubmittedCard
              key={sub.id}
              sub={sub}
              formDef={sub.formDef ?? cachedDefs.get(sub.formId)}
              timeZone={timeZone}
              host={host}
            />
          )}
        />
      </div>
    ),
    () => (
      <div className="hm-stack">
        <div className="hm-search">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={SEARCH_PATH} />
          </svg>
          <input
            className="hm-input"
            type="search"
            aria-label={HOME_TEXTS.searchLabel}
            placeholder={HOME_TEXTS.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {(forms.loading && forms.items.length === 0) || searched.loading ? (
          <Spinner label="Loading" />
        ) : listedForms.length === 0 ? (
          <NoData />
        ) : (
          <div className="hm-stack">
            {listedForms.map((form) => (
              <FormCard
                key={form.Id}
                form={form}
                cached={cachedIds.has(form.Id)}
                syncedOn={cachedSyncedOn.get(form.Id) ?? ''}
                timeZone={timeZone}
                busy={busy === form.Id}
                onToggleOffline={onToggleOffline}
                onLaunch={onLaunchForm}
              />
            ))}
          </div>
        )}
      </div>
    ),
  ];

  return (
    <div data-testid="remote-screen" data-remote="mfe-home" className="hm">
      <div className="hm-top">
        <div>
          <h2 className="hm-h2">{HOME_TEXTS.title}</h2>
          <SyncedOn host={host} latestSync={latestSync} timeZone={timeZone} />
        </div>
        <Button variant="outline" onClick={() => setOutboxOpen(true)} data-testid="outbox-button">
          {HOME_TEXTS.outbox}
          <Badge tone={outbox.length ? 'orange' : 'gray'} className="hm-ms2">
            {outbox.length}
          </Badge>
        </Button>
      </div>

      {session.status === 'signedOut' && (
        <Alert status="info">
          {HOME_TEXTS.signedOutNotice}{' '}
          <a className="hm-link hm-strong" href="/login" onClick={appLinkClick('/login', host.navigate)}>
            {HOME_TEXTS.signIn}
          </a>
        </Alert>
      )}
      {!online && (
        <Alert status="warning" data-testid="offline-notice">
          {HOME_TEXTS.offlineNotice}
        </Alert>
      )}
      {online && signedIn && (tasks.failed || forms.failed) && (
        <Alert status="warning">{HOME_TEXTS.loadFailed}</Alert>
      )}

      <Tabs
        tabs={tabs}
        index={tab}
        onChange={setTab}
        selector={
          narrow ? (
            <div>
              <label htmlFor="home-tab-select" className="hm-sr">
                {HOME_TEXTS.tabSelector}
              </label>
              <Select id="home-tab-select" value={tab} onChange={setTab}>
                {HOME_TABS.map((t) => (
                  <option key={t.key} value={t.index}>
                    {t.label} ({counts[t.index]})
                  </option>
                ))}
              </Select>
            </div>
          ) : null
        }
        panel={(i) => panels[i]?.()}
      />

      <Confirm
        isOpen={removing !== null}
        text={MESSAGES.removeOfflineConfirm}
        confirmLabel={HOME_TEXTS.remove}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const form = removing;
          setRemoving(null);
          if (!form) return;
          setBusy(form.Id);
          host.offline
            .removeFromOffline(form.Id)
            .catch((error: unknown) => failToast(HOME_TEXTS.offlineFailed, error))
            .finally(() => setBusy(null));
        }}
      />
      {outboxMounted && (
        <ChakraIsland>
          <Suspense fallback={null}>
            <OutboxPanel
              host={host}
              timeZone={timeZone}
              isOpen={outboxOpen}
              onClose={() => setOutboxOpen(false)}
            />
          </Suspense>
        </ChakraIsland>
      )}
    </div>
  );
}
