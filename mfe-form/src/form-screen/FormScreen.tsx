/**
 * The form-filling screen (spec 000 sections 2, 4, 7, 8): header, the renderer, the identified-error
 * banner, footer Save / Close / Discard, and the save flow. Local first: every action is written to the
 * device before any network call; the host sends it (canvas mode too) and tells the screen the outcome.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  AlertDescription,
  AlertIcon,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Image,
  Text,
  useToast,
} from '@chakra-ui/react';
import { ERROR_TOAST_MS, MESSAGES, isBffError } from 'shared-contracts';
import { documentCriteriaMissing, formatDateTime } from 'form-core';
import type { FormDefinition, HostServices, LocalSubmission, SessionState, SignedIn } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import { FormRenderer, type FormRendererHandle } from '../renderer';
import { mapServerErrors } from '../renderer/core/validation';
import { serverErrorTexts } from 'form-core/server-errors';
import { PrintView } from '../print/PrintView';
import { awaitDelivery, type FinalOutcome } from './deliver';
import { loadForm, type Loaded } from './load';
import { Loading, NotFound, Unavailable } from './LoadStates';
import { showSnackbar } from './notice';
import { buildRendererServices } from './renderer-services';
import { withScoring } from 'form-core/scoring-layout';
import { resolveDefinition } from 'form-core/translations';
import type { FormRoute } from './route';
import { FORM_SCREEN_TEXTS as T } from './texts';
import { RequiredLeft, useRequiredCount } from './RequiredLeft';
import { ReportActions } from 'report/actions';
import { FormDialogs, IdentifiedErrors, type Phase } from './FormDialogs';

export interface FormScreenProps {
  host: HostServices;
  route: FormRoute;
  /** Canvas mode (launchFromSF / CQEditFormSF, or an embedded session): no Discard, no uploader. */
  canvasMode?: boolean;
  /**
   * Canvas: called after a submit that was delivered or queued, instead of offering the way home (the
   * record page is told the form is finished: CQOfflineFormMessage).
   */
  onFinished?: (submission: LocalSubmission, result?: { url?: string | null }) => void;
  /** Called when the user closes (after the draft is saved) instead of going home. */
  onClosed?: (submission: LocalSubmission) => void;
  /** How long to wait for the local record before "not found" (live queries answer asynchronously). */
  loadTimeoutMs?: number;
  /** How long to wait for the org's answer before the submission is left queued. */
  submitTimeoutMs?: number;
}

const signedInOf = (s: SessionState): SignedIn | undefined => (s.status === 'signedIn' ? s : undefined);

export function FormScreen(props: FormScreenProps) {
  const { host, route } = props;
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    loadForm(host, route.target, props.loadTimeoutMs ?? 4000, route.readOnly).then(
      (l) => live && setLoaded(l),
      () => live && setLoaded({ kind: 'notFound' }),
    );
    return () => {
      live = false;
    };
  }, [host, route.target, route.readOnly, props.loadTimeoutMs, attempt]);

  if (!loaded) return <Loading />;
  if (loaded.kind === 'unavailable')
    return (
      <Unavailable
        host={host}
        message={loaded.message}
        wording={loaded.wording}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  if (loaded.kind === 'notFound') return <NotFound host={host} />;
  return (
    <LoadedForm {...props} submission={loaded.submission} formDef={loaded.formDef} local={loaded.local} />
  );
}

function LoadedForm({
  host,
  route,
  canvasMode,
  onFinished,
  onClosed,
  submitTimeoutMs = 30_000,
  submission: initial,
  formDef,
  local,
}: FormScreenProps & { submission: LocalSubmission; formDef: FormDefinition; local: boolean }) {
  const toast = useToast();
  const session = useObservable(host.session.state);
  const user = signedInOf(session);
  const canvas = canvasMode === true || user?.embedded === true;
  const readOnly = route.readOnly;
  const ref = useRef<FormRendererHandle>(null);
  // The form in the user's Salesforce language, text by text falling back to its default language
  // (issue 44; resolved once per definition and language, never per keystroke). A scored form shows
  // its score and asks for a failed answer's note and photo (issue 43).
  const language = user?.userDetails.LanguageLocaleKey;
  const shown = useMemo(() => withScoring(resolveDefinition(formDef, language)), [formDef, language]);

  const [sub, setSub] = useState(initial);
  // A record loaded by file name gets its local id on the first write.
  const idRef = useRef(initial.id);
  const isLocal = useRef(local);
  const baseData = useRef(initial.data);
  const latest = useRef<Record<string, unknown>>(initial.data);
  const dirty = useRef(false);
  const touched = useRef(false);
  /** The renderer's data as of the last onChange or save (its identity: the store's data is immutable). */
  const seen = useRef<unknown>(undefined);
  /**
   * Whether there are edits to save. The renderer tells onChange after the next frame, so edits it has
   * not told yet count too: a lock, a Close or a leave can come right after a keystroke.
   */
  const unsaved = useCallback(
    (handle: FormRendererHandle | null = ref.current): boolean =>
      dirty.current || (touched.current && handle !== null && handle.getData() !== seen.current),
    [],
  );
  /** The renderer's data `held` (read before the save's await: edits meanwhile stay unsaved) is saved. */
  const markSaved = useCallback((held: unknown): void => {
    dirty.current = false;
    seen.current = held;
  }, []);
  const leaving = useRef(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [serverErrors, setServerErrors] = useState<unknown[]>(initial.errors ?? []);
  const [rejected, setRejected] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [printing, setPrinting] = useState<'auto' | 'link' | null>(route.print ? 'link' : null);
  const watcher = useRef<{ cancel: () => void } | null>(null);
  // What the print view shows: the form as filled at the moment Print was pressed.
  const printData = useRef<Record<string, unknown>>(initial.data);
  // The renderer remounts after the print view: it starts from what was filled, not the loaded data.
  const [formData, setFormData] = useState(initial.data);
  const requiredCount = useRequiredCount();
  const startPrint = useRef(() => {
    printData.current = (ref.current?.getData() as Record<string, unknown> | undefined) ?? latest.current;
    setPrinting('auto');
  });

  const services = useMemo(
    () =>
      buildRendererServices({
        host,
        submissionId: initial.id,
        formName: initial.formName,
        formDef,
        user,
        print: () => startPrint.current(),
      }),
    // The user record only feeds $currentuser defaults at load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [host, initial.id, initial.formName, formDef],
  );
  useEffect(() => () => services.dispose(), [services]);

  const fail = useCallback(
    (title: string, description?: string) =>
      toast({ status: 'error', title, description, duration: ERROR_TOAST_MS, isClosable: true }),
    [toast],
  );

  /** Where the user goes after Close, Discard or a queued submit. */
  const leave = useCallback(
    (current: LocalSubmission) => {
      leaving.current = true;
      if (onClosed) onClosed(current);
      else host.navigate('/');
    },
    [host, onClosed],
  );

  /** A record loaded by file name becomes a local one on the first write. */
  const ensureLocal = useCallback(async (): Promise<boolean> => {
    if (isLocal.current) return true;
    const r = await host.offline.create({
      formId: sub.formId,
      formName: sub.formName,
      formDef,
      data: baseData.current,
      ...(idRef.current ? { id: idRef.current } : {}),
    });
    if (!r.ok) {
      fail(MESSAGES.saveFailed, r.message);
      return false;
    }
    isLocal.current = true;
    idRef.current = r.value.id;
    setSub(r.value);
    return true;
  }, [host, sub, formDef, fail]);

  // Browser back (or any navigation away) with edits saves the draft; a reload or tab close warns.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent): string | undefined => {
      if (!unsaved() || readOnly) return undefined;
      // Browsers show their own wording; returnValue carries the spec's text where one is shown.
      e.returnValue = MESSAGES.unloadWarning;
      e.preventDefault();
      return MESSAGES.unloadWarning;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // The renderer's handle is gone by the time this cleanup runs: keep it.
    const handle = ref.current;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (unsaved(handle) && !leaving.current && !readOnly && isLocal.current) {
        const data = (handle?.getData() as Record<string, unknown> | undefined) ?? latest.current;
        void host.offline.close(idRef.current, data, baseData.current).then((r) => {
          if (r.ok) showSnackbar(MESSAGES.changesSaved);
        });
      }
      // the screen is gone: the wait ends without settling (the host keeps the record and its outcome)
      const w = watcher.current;
      watcher.current = null;
      w?.cancel();
    };
  }, [host, readOnly, unsaved]);

  // The device lock saves the draft being filled before it covers the app (issue 45): the same save
  // as Close, without leaving; the screen stays as it was under the cover.
  useEffect(
    () =>
      host.lifecycle.onBeforeLock(async () => {
        if (readOnly || !unsaved() || leaving.current) return;
        if (!(await ensureLocal())) return;
        const data = (ref.current?.getData() as Record<string, unknown> | undefined) ?? latest.current;
        const r = await host.offline.save(idRef.current, data, baseData.current);
        if (!r.ok) return;
        // Later edits are merged onto what is now saved.
        baseData.current = data;
        latest.current = data;
        markSaved(data);
      }),
    [host, readOnly, ensureLocal, unsaved, markSaved],
  );

  // The renderer may complete the data as it mounts (an empty signature item is created when the
  // list is empty): not the user's edit, so Close does not send an untouched record (a refused submit
  // opened to see its errors) again. Only changes after the user has acted in the form count.
  const touch = useCallback(() => {
    touched.current = true;
  }, []);
  const onChange = useCallback((data: unknown) => {
    latest.current = data as Record<string, unknown>;
    seen.current = data;
    // told after a lock saved these very edits: nothing new
    if (touched.current && data !== baseData.current) dirty.current = true;
  }, []);

  const settle = useCallback(
    (o: FinalOutcome, current: LocalSubmission) => {
      watcher.current = null;
      if (o.kind === 'delivered') {
        setPhase('done');
        onFinished?.(current, o.url ? { url: o.url } : undefined);
        return;
      }
      if (o.kind === 'refused' || o.kind === 'failed') {
        // Back in progress on the device with the errors (the host's one rule): shown on the fields.
        setPhase('idle');
        setServerErrors(o.errors);
        setRejected(true);
        setSub((s) => ({ ...s, status: o.kind === 'refused' ? 'in progress' : s.status, errors: o.errors }));
        baseData.current = latest.current;
        return;
      }
      // Queued (offline, Network Error, no answer in time): the offline-submit message, and the way
      // out. In canvas mode the record page is told the form is finished, not closed.
      showSnackbar(MESSAGES.submitQueued);
      if (onFinished && canvas) {
        leaving.current = true;
        onFinished(current);
      } else leave(current);
    },
    [leave, onFinished, canvas],
  );

  const onSave = useCallback(async () => {
    const handle = ref.current;
    if (!handle || phase !== 'idle') return;
    // Server errors the user has not fixed yet still block the submit.
    const stillWrong = handle
      .getErrors()
      .some(
        (e) =>
          serverErrorTexts(serverErrors).includes(e.message) && mapServerErrors(serverErrors).has(e.path),
      );
    const check = handle.submit(stillWrong ? serverErrors : undefined);
    const held = handle.getData();
    // Refused: the renderer has revealed and focused the first field to fix.
    if (!check.ok) return;
    setPhase('saving');
    setRejected(false);
    const data = check.data as Record<string, unknown>;
    if (!(await ensureLocal())) return setPhase('idle');
    // Check the user's details and the sync (a 401 ends the session in the host; no network = queue).
    let reachable = host.online.get();
    if (reachable) {
      try {
        await host.api.call('checkUserDetails');
      } catch (e) {
        if (isBffError(e) && e.network) reachable = false;
      }
    }
    // the language the form was shown in is saved with it: its report reads in it (issue 44)
    const r = await host.offline.submit(idRef.current, data, baseData.current, language ? { language } : {});
    if (!r.ok) {
      setPhase('idle');
      fail(MESSAGES.saveFailed, r.message);
      return;
    }
    markSaved(held);
    latest.current = data;
    const stored = r.value;
    setSub(stored);
    if (!reachable) return settle({ kind: 'queued', version: stored.version, message: '' }, stored);
    setPhase('waiting');
    const w = awaitDelivery(host.offline, stored, {
      timeoutMs: submitTimeoutMs,
      onUpdate: (o) => {
        if (o.kind === 'uploading') {
          setPhase('uploading');
          setProgress(o.progress);
        } else if (o.kind === 'sending') setPhase('waiting');
      },
    });
    watcher.current = w;
    const outcome = await w.done;
    if (watcher.current === w) settle(outcome, stored);
  }, [phase, serverErrors, ensureLocal, host, fail, settle, submitTimeoutMs, language, markSaved]);

  const onClose = useCallback(async () => {
    if (readOnly || !unsaved()) return leave(sub);
    if (!(await ensureLocal())) return;
    const data = (ref.current?.getData() as Record<string, unknown> | undefined) ?? latest.current;
    const r = await host.offline.close(idRef.current, data, baseData.current);
    if (!r.ok) return fail(MESSAGES.saveFailed, r.message);
    markSaved(data);
    // The draft is saved: said on the way home (the snackbar outlives this screen).
    showSnackbar(MESSAGES.changesSaved);
    leave(r.value);
  }, [readOnly, sub, ensureLocal, host, fail, leave, unsaved, markSaved]);

  const onDiscard = useCallback(async () => {
    setConfirmDiscard(false);
    const r = await host.offline.discard(idRef.current);
    if (!r.ok) return fail(MESSAGES.saveFailed, r.message);
    markSaved(ref.current?.getData());
    leave(sub);
  }, [host, sub, fail, leave, markSaved]);

  const timeZone = user?.userDetails.TimeZoneSidKey || undefined;
  if (printing)
    return (
      <Box data-testid="remote-screen" data-remote="mfe-form" data-state="print">
        <PrintView
          submission={{ ...sub, data: printData.current }}
          formDef={shown}
          services={services}
          timeZone={timeZone}
          autoPrint={printing === 'auto'}
          onDone={() => {
            setFormData(printData.current);
            setPrinting(null);
          }}
        />
      </Box>
    );

  const showDiscard = !readOnly && !canvas && !sub.isSalesforceRecord && isLocal.current;
  const busy = phase !== 'idle' && phase !== 'done';
  const logo = formDef.styles?.header?.logo;
  const bannerErrors = serverErrorTexts(serverErrors);
  return (
    <Box data-testid="remote-screen" data-remote="mfe-form" data-state="ready" pb="5rem">
      <Flex
        as="header"
        align="center"
        gap={3}
        px={{ base: 3, md: 6 }}
        py={3}
        borderBottomWidth="1px"
        wrap="wrap"
        data-testid="form-header"
      >
        {logo ? <Image src={logo} alt={T.logoAlt} maxH="2.5rem" data-testid="form-logo" /> : null}
        <Box flex="1" minW="12rem">
          <Heading as="h1" size="md" data-testid="form-name">
            {sub.formName || formDef.formName}
          </Heading>
          {sub.createdOn ? (
            <Text fontSize="sm" color="gray.600" data-testid="form-created">
              {T.createdOn} {formatDateTime(sub.createdOn, { timeZone })}
            </Text>
          ) : null}
        </Box>
        {readOnly ? <Badge>{T.readOnlyBadge}</Badge> : null}
        <Button size="sm" variant="outline" onClick={() => startPrint.current()} className="cq-no-print">
          {T.print}
        </Button>
      </Flex>

      <Box
        px={{ base: 3, md: 6 }}
        py={4}
        maxW="5xl"
        mx="auto"
        // Typing counts as an edit at once (text controls commit to the form data a moment later).
        onInputCapture={() => {
          touched.current = true;
          dirty.current = true;
        }}
        // (React events bubble through portals: the signature and other modals count too.)
        onPointerDownCapture={touch}
        onKeyDownCapture={touch}
        onChangeCapture={touch}
      >
        <IdentifiedErrors errors={bannerErrors} rejected={rejected} />
        {documentCriteriaMissing(formDef) ? (
          <Alert status="warning" mb={4} borderRadius="md" data-testid="document-criteria">
            <AlertIcon />
            <AlertDescription>{MESSAGES.documentCriteria}</AlertDescription>
          </Alert>
        ) : null}
        <FormRenderer
          ref={ref}
          schema={shown.schema}
          uischema={shown.ui}
          data={formData}
          originalData={initial.originalData}
          readOnly={readOnly}
          readOnlyFields={formDef.readOnly}
          modes={{ canvas, selectedSubmission: route.selectedSubmission }}
          services={services}
          serverErrors={serverErrors}
          formVersion={`${sub.formId}@${formDef.version ?? ''}`}
          onChange={onChange}
          onRequiredLeftChange={requiredCount.set}
        />
      </Box>

      <Flex
        as="footer"
        position="fixed"
        bottom={0}
        insetX={0}
        bg="white"
        borderTopWidth="1px"
        px={{ base: 3, md: 6 }}
        py={3}
        justify="flex-end"
        flexWrap="wrap"
        gap={2}
        zIndex={10}
        data-testid="form-footer"
      >
        {readOnly ? null : <RequiredLeft count={requiredCount} />}
        {showDiscard ? (
          <Button
            variant="outline"
            colorScheme="red"
            onClick={() => setConfirmDiscard(true)}
            isDisabled={busy}
          >
            {T.discard}
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => void onClose()} isDisabled={busy}>
          {T.close}
        </Button>
        {readOnly ? null : (
          <Button colorScheme="blue" onClick={() => void onSave()} isLoading={busy} loadingText={T.saving}>
            {T.save}
          </Button>
        )}
      </Flex>

      <FormDialogs
        confirmDiscard={confirmDiscard}
        onCancelDiscard={() => setConfirmDiscard(false)}
        onDiscard={() => void onDiscard()}
        phase={phase}
        progress={progress}
        onDone={() => leave(sub)}
        report={<ReportActions host={host} submission={sub} />}
      />
    </Box>
  );
}
