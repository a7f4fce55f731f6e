// The form builder at /CQEditFormSF/:editFormRecordId (builder spec sections 2–9, issue 9).
import { Alert, AlertIcon, Box, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { HostServices } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import { decodeSavedForm, emptyForm } from '../model/reader';
import { serializeForm } from '../model/writer';
import { builderApi, errorText } from './api';
import { BuilderScreen } from './BuilderScreen';
import { StartDialog, type ObjectChoice } from './StartDialog';
import { BuilderStore } from './store';
import { TEXTS } from './texts';
import { DEFAULT_NAMESPACE, displayMessage, nsName } from 'shared-contracts';

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'start'; recordTitle: string }
  | { kind: 'ready'; store: BuilderStore; recordTitle: string };

/** Leaves the product for the org (a full navigation: the record page is not one of our routes). */
const leaveToOrg = (url: string) => window.location.assign(url);

export function BuilderRoute({ host }: { host: HostServices }) {
  const { editFormRecordId = '' } = useParams();
  const session = useObservable(host.session.state);
  const signedIn = session.status === 'signedIn' ? session : null;
  const instanceUrl = signedIn?.instanceUrl;
  const api = useMemo(() => builderApi(host.api, instanceUrl), [host.api, instanceUrl]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  // The org's namespace (the BFF's environment): '' for an unmanaged deploy, so it is not known
  // until the environment answers; the form is read only then (its names depend on it).
  const [namespace, setNamespace] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void host.session.env().then(
      (env) => live && setNamespace(env.namespace),
      () => live && setNamespace(DEFAULT_NAMESPACE),
    );
    return () => {
      live = false;
    };
  }, [host]);

  useEffect(() => {
    if (!signedIn || namespace === null) return;
    let live = true;
    api.savedForm(editFormRecordId).then(
      (saved) => {
        if (!live) return;
        const recordTitle = saved.title || saved.name || '';
        if (!saved.formJSON) return setPhase({ kind: 'start', recordTitle });
        try {
          const form = decodeSavedForm(saved.formJSON, namespace);
          // The loaded JSON, as the builder writes it, is the "saved" baseline of the indicator.
          setPhase({ kind: 'ready', store: new BuilderStore(form, serializeForm(form)), recordTitle });
        } catch (e) {
          setPhase({ kind: 'failed', message: errorText(e) });
        }
      },
      (e: unknown) => live && setPhase({ kind: 'failed', message: errorText(e) }),
    );
    return () => {
      live = false;
    };
    // Sign-in state changes (token refresh) must not reload the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, editFormRecordId, Boolean(signedIn), namespace]);

  const ns = namespace ?? DEFAULT_NAMESPACE;
  const recordUrl = `${instanceUrl ?? ''}/lightning/r/${nsName(ns, 'SQX_Form_Definition__c')}/${editFormRecordId}/view`;

  const start = (choice: ObjectChoice, recordTitle: string) => {
    const form = emptyForm({
      // The form's own name in the header and in its JSON (builder spec section 2).
      formName: recordTitle,
      cqFormType: choice.primary.name,
      primaryLabel: choice.primary.label,
      contextObject: choice.context?.object.name ?? '',
      contextLabel: choice.context?.object.label ?? '',
      contextObjectRelationshipName: choice.context?.relationshipName ?? '',
      activityField: nsName(ns, 'Activity_Code__c'),
    });
    // Nothing is saved yet: the indicator shows unsaved changes until the first save.
    setPhase({ kind: 'ready', store: new BuilderStore(form, ''), recordTitle });
  };

  return (
    <Box data-testid="remote-screen" data-remote="mfe-builder" data-phase={phase.kind}>
      {phase.kind === 'loading' && (
        <Box p={6} role="status">
          <Spinner me={3} />
          <Text as="span">{TEXTS.loading}</Text>
        </Box>
      )}
      {phase.kind === 'failed' && (
        <Alert status="error" m={6} role="alert">
          <AlertIcon />
          {TEXTS.loadFailed} {displayMessage(phase.message)}
        </Alert>
      )}
      {phase.kind === 'start' && (
        <StartDialog
          api={api}
          onNext={(choice) => start(choice, phase.recordTitle)}
          onClose={() => leaveToOrg(recordUrl)}
        />
      )}
      {phase.kind === 'ready' && (
        <BuilderScreen
          store={phase.store}
          api={api}
          recordId={editFormRecordId}
          namespace={ns}
          timeZone={signedIn?.userDetails.TimeZoneSidKey || undefined}
          recordUrl={recordUrl}
          recordTitle={phase.recordTitle}
          leave={leaveToOrg}
          remotes={host.remotes}
        />
      )}
    </Box>
  );
}
