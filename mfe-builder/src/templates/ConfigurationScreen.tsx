import {
  Alert,
  AlertIcon,
  Box,
  Button,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  Heading,
  HStack,
  Input,
  Select,
  SimpleGrid,
  Spinner,
  Stack,
} from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { BUILDER, DEFAULT_NAMESPACE, type HostServices } from 'shared-contracts';
import { AppLink } from 'ui-kit/app-link';
import type { AuthSessionAnswer as AuthSession, TemplateInfo } from 'shared-contracts';
import { downloadZip, templatesApi } from './api';
import { errorText, failureOf } from './errors';
import {
  decodeFormJson,
  keepDraft,
  emptyOptions,
  failureOutcome,
  loginTarget,
  publishBody,
  readDraft,
  successOutcome,
  validatePublishDraft,
  type Draft,
  type Outcome,
} from './logic';
import { onlyMessages } from '../editors/formik-helpers';
import { OptionsSection } from './OptionsSection';
import { OutcomeAlert, OverwriteDialog } from './PublishOutcome';
import { TargetSection } from './TargetSection';
import { TEMPLATE_TEXTS as T } from './texts';
import { useOrgLists } from './useOrgLists';

/**
 * /templateConfiguration: target, component name, options, then publish or download. The
 * configuration is one Formik form (checked by validatePublishDraft); the other-org sign-in is a
 * second, small one (validateOtherOrgSignIn).
 */
export function ConfigurationScreen({ host }: { host: HostServices }) {
  const api = useMemo(() => templatesApi(host.api), [host]);
  const [params] = useSearchParams();
  const [initialDraft] = useState<Draft>(() => ({
    template: params.get('template') ?? 'cqFormTemplate',
    recordId: params.get('recordId') ?? '',
    target: 'main',
    developerName: BUILDER.defaultTemplateDeveloperName,
    options: emptyOptions(),
  }));
  const [templates, setTemplates] = useState<TemplateInfo[]>([]);
  const [session, setSession] = useState<AuthSession>(null);
  const [forms, setForms] = useState<{ Id: string; Name: string; Title__c?: string | null }[]>([]);
  const [form, setForm] = useState<Record<string, unknown> | null>(null);
  const [loadError, setLoadError] = useState('');
  const [vfTerm, setVfTerm] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [namespace, setNamespace] = useState(DEFAULT_NAMESPACE);
  // Set by the overwrite confirmation for the one submit it starts.
  const overwriteNext = useRef(false);

  const mainUrl = session?.main.url ?? '';
  const otherUrl = session?.otherOrg?.url ?? '';
  const validate = (d: Draft) =>
    onlyMessages(
      validatePublishDraft(d, { templates: templates.map((t) => t.name), otherSignedIn: Boolean(otherUrl) }),
    );
  const formik = useFormik<Draft>({
    initialValues: initialDraft,
    initialErrors: validate(initialDraft),
    validate,
    onSubmit: async (d) => {
      const overwrite = overwriteNext.current;
      overwriteNext.current = false;
      await run(d, overwrite);
    },
  });
  const draft = formik.values;
  const { setValues, validateForm } = formik;
  // Back from the other org's sign-in: the configuration kept for the way back (sealed) comes back.
  useEffect(() => {
    void readDraft(window.sessionStorage, host.sealed).then((kept) => kept && void setValues(kept));
  }, [host, setValues]);
  const update = (patch: Partial<Draft> | ((d: Draft) => Partial<Draft>)) =>
    void setValues((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
  const setOption = <K extends keyof Draft['options']>(key: K, value: Draft['options'][K]) =>
    update((d) => ({ options: { ...d.options, [key]: value } }));

  // The checks depend on what has loaded (the templates offered, the other-org session).
  useEffect(() => {
    void validateForm();
  }, [templates, otherUrl, validateForm]);

  // Templates, the session (which orgs are signed in) and the form list.
  useEffect(() => {
    let live = true;
    host.session.env().then(
      (env) => live && setNamespace(env.namespace),
      () => undefined,
    );
    Promise.all([api.templates(), api.session(), api.forms().catch(() => [])])
      .then(([t, s, f]) => {
        if (!live) return;
        setTemplates(t);
        setSession(s);
        setForms(f);
      })
      .catch((e: unknown) => live && setLoadError(errorText(e)));
    return () => {
      live = false;
    };
  }, [api, host]);

  // The configured form: the builder's saved JSON for the record id.
  useEffect(() => {
    if (!draft.recordId) return;
    let live = true;
    api
      .savedForm(draft.recordId)
      .then(async (saved) => {
        // A form never saved in the builder still has the org's definition (Form_JSON).
        const json =
          decodeFormJson(saved.formJSON) ?? (await api.formDefinition(draft.recordId).catch(() => null));
        if (!live) return;
        setForm(json);
        const listed = forms.find((f) => f.Id === draft.recordId);
        const objectApiName =
          (typeof json?.cqFormType === 'string' ? json.cqFormType : null) ?? saved.objectType ?? '';
        void setValues((d) => ({
          ...d,
          options: {
            ...d.options,
            formId: draft.recordId,
            formName: d.options.formName || listed?.Name || '',
            label: d.options.label || listed?.Title__c || listed?.Name || '',
            objectApiName,
          },
        }));
      })
      .catch((e: unknown) => live && setLoadError(errorText(e)));
    return () => {
      live = false;
    };
  }, [api, draft.recordId, forms, setValues]);

  const orgUrl = draft.target === 'other' ? otherUrl : mainUrl;

  // Option lists of the org the component goes to (the main org for a download).
  const { lists, refreshBaseClass } = useOrgLists(api, orgUrl, {
    namespace,
    objectApiName: draft.options.objectApiName,
    lwcTerm: draft.developerName,
    vfTerm,
  });

  async function run(draft: Draft, overwrite: boolean) {
    setOutcome(null);
    try {
      if (draft.target === 'download') {
        await downloadZip(host.api, draft.developerName, draft.template, publishBody(draft, form, false));
        setOutcome({ kind: 'success', text: T.downloaded, detail: '' });
      } else if (draft.target === 'other') {
        const r = await api.publishOther(
          draft.developerName,
          draft.template,
          publishBody(draft, form, overwrite),
        );
        setOutcome(successOutcome(r));
      } else {
        const r = await api.publish(
          draft.developerName,
          draft.template,
          publishBody(draft, form, overwrite, mainUrl),
        );
        setOutcome(successOutcome(r));
      }
      refreshBaseClass();
    } catch (e) {
      const failure = failureOf(e);
      setOutcome(
        failure ? failureOutcome(failure, errorText(e)) : { kind: 'error', text: errorText(e), problems: [] },
      );
    }
  }

  const actionLabel =
    draft.target === 'download' ? T.download : draft.target === 'other' ? T.publishOther : T.publishMain;
  const busy = formik.isSubmitting;
  const canRun = !busy && formik.isValid;

  return (
    <Box as="section" p={6} maxW="5xl" mx="auto" data-testid="remote-screen" data-remote="mfe-builder">
      <HStack justify="space-between" mb={4} align="baseline">
        <Heading as="h1" size="lg">
          {T.configTitle}
        </Heading>
        <AppLink
          to={draft.recordId ? `/templates?recordId=${encodeURIComponent(draft.recordId)}` : '/templates'}
          navigate={host.navigate}
        >
          {T.backToTemplates}
        </AppLink>
      </HStack>
      {loadError && (
        <Alert status="error" mb={4}>
          <AlertIcon />
          {loadError}
        </Alert>
      )}
      {!session && !loadError && <Spinner label={T.loading} />}

      <Stack spacing={8}>
        <TargetSection
          target={draft.target}
          onTarget={(target) => update({ target })}
          mainUrl={mainUrl}
          session={session}
          onSignIn={(choice) => {
            // The configuration comes back after the sign-in (readDraft), aimed at the other org.
            void keepDraft(window.sessionStorage, host.sealed, { ...formik.values, target: 'other' }).then(
              () => window.location.assign(host.session.loginHref(loginTarget(choice), 'otherOrg')),
            );
          }}
        />

        <Box as="fieldset" minW={0}>
          <Heading as="legend" size="md" mb={3}>
            {T.component}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} spacing={4}>
            <FormControl isInvalid={templates.length > 0 && Boolean(formik.errors.template)}>
              <FormLabel>{T.template}</FormLabel>
              <Select value={draft.template} onChange={(e) => update({ template: e.target.value })}>
                {templates.map((t) => (
                  <option key={t.name} value={t.name}>
                    {t.label}
                  </option>
                ))}
              </Select>
              <FormErrorMessage>{formik.errors.template}</FormErrorMessage>
            </FormControl>
            <FormControl>
              <FormLabel>{T.form}</FormLabel>
              <Select
                value={draft.recordId}
                placeholder={T.chooseForm}
                onChange={(e) =>
                  update((d) => ({
                    recordId: e.target.value,
                    options: { ...d.options, formName: '', label: '' },
                  }))
                }
              >
                {draft.recordId && !forms.some((f) => f.Id === draft.recordId) && (
                  <option value={draft.recordId}>{draft.options.formName || draft.recordId}</option>
                )}
                {forms.map((f) => (
                  <option key={f.Id} value={f.Id}>
                    {f.Title__c ? `${f.Name}: ${f.Title__c}` : f.Name}
                  </option>
                ))}
              </Select>
            </FormControl>
            <FormControl isRequired isInvalid={Boolean(formik.errors.developerName)}>
              <FormLabel>{T.developerName}</FormLabel>
              <Input
                name="developerName"
                value={draft.developerName}
                list="lwc-suggestions"
                autoComplete="off"
                onBlur={formik.handleBlur}
                // Typing also searches the org's components (debounced, lwcSearch).
                onChange={(e) => void formik.setFieldValue('developerName', e.target.value.trim())}
              />
              <FormErrorMessage>{formik.errors.developerName}</FormErrorMessage>
              <datalist id="lwc-suggestions">
                {lists.lwc.map((c) => (
                  <option key={c.Id ?? c.DeveloperName} value={c.DeveloperName}>
                    {c.MasterLabel}
                  </option>
                ))}
              </datalist>
              <FormHelperText>{T.developerNameHelp}</FormHelperText>
            </FormControl>
            <FormControl>
              <FormLabel>{T.label}</FormLabel>
              <Input value={draft.options.label} onChange={(e) => setOption('label', e.target.value)} />
            </FormControl>
          </SimpleGrid>
        </Box>

        <OptionsSection
          draft={draft}
          lists={lists}
          setOption={setOption}
          vfTerm={vfTerm}
          onVfTerm={setVfTerm}
        />

        <Box>
          <Button
            colorScheme="blue"
            onClick={() => void formik.submitForm()}
            isDisabled={!canRun}
            isLoading={busy}
            loadingText={T.publishing}
          >
            {actionLabel}
          </Button>
        </Box>

        <OutcomeAlert outcome={outcome} />
      </Stack>

      <OverwriteDialog
        outcome={outcome}
        onCancel={() => setOutcome(null)}
        onOverwrite={() => {
          overwriteNext.current = true;
          void formik.submitForm();
        }}
      />
    </Box>
  );
}
