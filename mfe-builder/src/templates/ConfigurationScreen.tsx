import {
  Alert,
  AlertDescription,
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  AlertIcon,
  AlertTitle,
  Box,
  Button,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  Heading,
  HStack,
  Input,
  ListItem,
  Radio,
  RadioGroup,
  Select,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  UnorderedList,
} from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { BUILDER, DEFAULT_NAMESPACE, type HostServices } from 'shared-contracts';
import { AppLink } from 'shared-contracts/app-link';
import {
  downloadZip,
  templatesApi,
  type AuthSession,
  type BaseClassInfo,
  type Named,
  type TemplateInfo,
} from './api';
import { BaseClassSummary } from './BaseClassSummary';
import { errorText, failureOf } from './errors';
import {
  ACTION_OVERRIDES,
  decodeFormJson,
  DRAFT_KEY,
  DYNAMIC_FILTER_INTERFACE,
  emptyOptions,
  failureOutcome,
  loginTarget,
  publishBody,
  readDraft,
  successOutcome,
  validateOtherOrgSignIn,
  validatePublishDraft,
  type ActionOverride,
  type Draft,
  type LoginChoice,
  type OtherOrgSignIn,
  type Outcome,
  type PublishTarget,
} from './logic';
import { onlyMessages } from '../editors/formik-helpers';
import { TEMPLATE_TEXTS as T } from './texts';

interface Lists {
  lwc: Named[];
  vf: Named[];
  flows: Named[];
  filters: Named[];
  layouts: { id: string | null; name: string }[];
  baseClass: BaseClassInfo | null;
}
const EMPTY_LISTS: Lists = { lwc: [], vf: [], flows: [], filters: [], layouts: [], baseClass: null };

/** Runs `fn` after `ms` of quiet (search boxes). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * /templateConfiguration: target, component name, options, then publish or download. The
 * configuration is one Formik form (checked by validatePublishDraft); the other-org sign-in is a
 * second, small one (validateOtherOrgSignIn).
 */
export function ConfigurationScreen({ host }: { host: HostServices }) {
  const api = useMemo(() => templatesApi(host.api), [host]);
  const [params] = useSearchParams();
  const [initialDraft] = useState<Draft>(
    () =>
      readDraft(window.sessionStorage) ?? {
        template: params.get('template') ?? 'cqFormTemplate',
        recordId: params.get('recordId') ?? '',
        target: 'main',
        developerName: BUILDER.defaultTemplateDeveloperName,
        options: emptyOptions(),
      },
  );
  const [templates, setTemplates] = useState<TemplateInfo[]>([]);
  const [session, setSession] = useState<AuthSession>(null);
  const [forms, setForms] = useState<{ Id: string; Name: string; Title__c?: string | null }[]>([]);
  const [form, setForm] = useState<Record<string, unknown> | null>(null);
  const [lists, setLists] = useState<Lists>(EMPTY_LISTS);
  const [loadError, setLoadError] = useState('');
  const [vfTerm, setVfTerm] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [namespace, setNamespace] = useState(DEFAULT_NAMESPACE);
  const cancelRef = useRef<HTMLButtonElement>(null);
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
  const update = (patch: Partial<Draft> | ((d: Draft) => Partial<Draft>)) =>
    void setValues((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
  const setOption = <K extends keyof Draft['options']>(key: K, value: Draft['options'][K]) =>
    update((d) => ({ options: { ...d.options, [key]: value } }));

  const signIn = useFormik<OtherOrgSignIn>({
    initialValues: { loginUrl: 'production', customDomain: '' },
    validate: (v) => onlyMessages(validateOtherOrgSignIn(v)),
    onSubmit: (v) => {
      // The configuration comes back after the sign-in (readDraft), aimed at the other org.
      window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...formik.values, target: 'other' }));
      window.location.assign(host.session.loginHref(loginTarget(v), 'otherOrg'));
    },
  });
  const domainError = signIn.touched.customDomain ? signIn.errors.customDomain : undefined;

  const lwcSearch = useDebounced(draft.developerName, BUILDER.paletteSearchDelayMs);
  const vfSearch = useDebounced(vfTerm, BUILDER.paletteSearchDelayMs);

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
  useEffect(() => {
    if (!orgUrl) return;
    let live = true;
    Promise.all([
      api.flows(orgUrl).catch(() => []),
      api.filterClasses(orgUrl, DYNAMIC_FILTER_INTERFACE(namespace)).catch(() => []),
      api.baseClass(orgUrl).catch(() => null),
    ]).then(([flows, filters, baseClass]) => {
      if (live) setLists((l) => ({ ...l, flows, filters, baseClass }));
    });
    return () => {
      live = false;
    };
  }, [api, orgUrl, namespace]);

  useEffect(() => {
    if (!orgUrl || !draft.options.objectApiName) return;
    let live = true;
    api
      .layouts(orgUrl, draft.options.objectApiName)
      .then((layouts) => live && setLists((l) => ({ ...l, layouts })))
      .catch(() => live && setLists((l) => ({ ...l, layouts: [] })));
    return () => {
      live = false;
    };
  }, [api, orgUrl, draft.options.objectApiName]);

  useEffect(() => {
    if (!orgUrl) return;
    let live = true;
    api
      .lwcList(lwcSearch, orgUrl)
      .then((lwc) => live && setLists((l) => ({ ...l, lwc })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, orgUrl, lwcSearch]);

  useEffect(() => {
    if (!orgUrl) return;
    let live = true;
    api
      .vfPages(vfSearch, orgUrl)
      .then((vf) => live && setLists((l) => ({ ...l, vf })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, orgUrl, vfSearch]);

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
      if (orgUrl)
        api.baseClass(orgUrl).then(
          (baseClass) => setLists((l) => ({ ...l, baseClass })),
          () => undefined,
        );
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
  const isLauncher = draft.template === 'cqLauncherTemplate';

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
        <Box as="fieldset" minW={0}>
          <Heading as="legend" size="md" mb={3}>
            {T.target}
          </Heading>
          <RadioGroup value={draft.target} onChange={(v) => update({ target: v as PublishTarget })}>
            <Stack direction={{ base: 'column', md: 'row' }} spacing={6}>
              <Radio value="main">
                {T.targetMain}
                {mainUrl && (
                  <Text as="span" color="gray.600" fontSize="sm">
                    {' '}
                    ({mainUrl})
                  </Text>
                )}
              </Radio>
              <Radio value="other">{T.targetOther}</Radio>
              <Radio value="download">{T.targetDownload}</Radio>
            </Stack>
          </RadioGroup>
          {draft.target === 'other' && (
            <Box mt={4} p={4} borderWidth="1px" borderRadius="md" data-testid="other-org">
              <Text mb={3} role="status">
                {session?.otherOrg
                  ? T.otherSignedIn(session.otherOrg.username, session.otherOrg.url)
                  : T.otherNotSignedIn}
              </Text>
              {/* Aligned at the top: a custom domain's error message must not lift its input. */}
              <HStack align="start" spacing={3} flexWrap="wrap">
                <FormControl maxW="2xs">
                  <FormLabel>{T.loginUrl}</FormLabel>
                  <Select
                    name="loginUrl"
                    value={signIn.values.loginUrl}
                    onChange={(e) => void signIn.setFieldValue('loginUrl', e.target.value as LoginChoice)}
                  >
                    <option value="production">{T.production}</option>
                    <option value="sandbox">{T.sandbox}</option>
                    <option value="custom">{T.customDomain}</option>
                  </Select>
                </FormControl>
                {signIn.values.loginUrl === 'custom' && (
                  <FormControl maxW="sm" isInvalid={Boolean(domainError)}>
                    <FormLabel>{T.customDomain}</FormLabel>
                    <Input
                      {...signIn.getFieldProps('customDomain')}
                      type="url"
                      placeholder={T.customDomainPlaceholder}
                      onKeyDown={(e) => {
                        // Enter signs in (this part is not a form of its own: it sits in the configuration).
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          void signIn.submitForm();
                        }
                      }}
                    />
                    <FormErrorMessage>{domainError}</FormErrorMessage>
                  </FormControl>
                )}
                {/* Level with the inputs under their labels. */}
                <Box pt={8}>
                  <Button onClick={() => void signIn.submitForm()} isDisabled={!signIn.isValid}>
                    {session?.otherOrg ? T.otherSignInAgain : T.otherSignIn}
                  </Button>
                </Box>
              </HStack>
            </Box>
          )}
        </Box>

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

        <Box as="fieldset" minW={0}>
          <Heading as="legend" size="md" mb={3}>
            {T.options}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} spacing={4}>
            <FormControl>
              <FormLabel>{T.object}</FormLabel>
              <Input value={draft.options.objectApiName} isReadOnly />
            </FormControl>
            <FormControl>
              <FormLabel>{T.layout}</FormLabel>
              <Select
                value={draft.options.layout ?? ''}
                onChange={(e) => setOption('layout', e.target.value || null)}
              >
                <option value="">{T.none}</option>
                {lists.layouts.map((l) => (
                  <option key={l.id ?? l.name} value={l.name}>
                    {l.name}
                  </option>
                ))}
              </Select>
            </FormControl>
            {!isLauncher && (
              <FormControl as="fieldset">
                <FormLabel as="legend">{T.actionOverride}</FormLabel>
                <RadioGroup
                  value={draft.options.actionOverride}
                  onChange={(v) => setOption('actionOverride', v as ActionOverride)}
                >
                  <HStack spacing={5}>
                    {ACTION_OVERRIDES.map((a) => (
                      <Radio key={a} value={a}>
                        {a}
                      </Radio>
                    ))}
                  </HStack>
                </RadioGroup>
                <FormHelperText>{T.actionHelp}</FormHelperText>
              </FormControl>
            )}
            {!isLauncher && (
              <FormControl>
                <FormLabel>{T.afterSaveFlow}</FormLabel>
                <Select
                  value={draft.options.afterSaveFlow ?? ''}
                  onChange={(e) => setOption('afterSaveFlow', e.target.value || null)}
                >
                  <option value="">{T.none}</option>
                  {lists.flows.map((f) => (
                    <option key={f.ApiName} value={f.ApiName}>
                      {f.Label}
                    </option>
                  ))}
                </Select>
              </FormControl>
            )}
            <FormControl>
              <FormLabel>{T.dynamicFilter}</FormLabel>
              <Select
                value={draft.options.dynamicFilterClass ?? ''}
                onChange={(e) => setOption('dynamicFilterClass', e.target.value || null)}
              >
                <option value="">{T.none}</option>
                {lists.filters.map((c) => (
                  <option key={c.Id ?? c.Name} value={c.Name}>
                    {c.Name}
                  </option>
                ))}
              </Select>
            </FormControl>
            {isLauncher && (
              <FormControl>
                <FormLabel>{T.visualforcePage}</FormLabel>
                <Input
                  mb={2}
                  placeholder={T.vfSearch}
                  aria-label={T.vfSearch}
                  value={vfTerm}
                  onChange={(e) => setVfTerm(e.target.value)}
                />
                <Select
                  aria-label={T.visualforcePage}
                  value={draft.options.visualforcePage ?? ''}
                  onChange={(e) => setOption('visualforcePage', e.target.value || null)}
                >
                  <option value="">{T.none}</option>
                  {lists.vf.map((p) => (
                    <option key={p.Id ?? p.Name} value={p.Name}>
                      {p.MasterLabel ? `${p.MasterLabel} (${p.Name})` : p.Name}
                    </option>
                  ))}
                </Select>
              </FormControl>
            )}
            {!isLauncher && (
              <FormControl>
                <FormLabel>{T.headerComponent}</FormLabel>
                <Select
                  value={draft.options.headerComponent ?? ''}
                  onChange={(e) => setOption('headerComponent', e.target.value || null)}
                >
                  <option value="">{T.none}</option>
                  {lists.lwc
                    .filter((c) => c.DeveloperName && c.DeveloperName !== draft.developerName)
                    .map((c) => (
                      <option key={c.Id ?? c.DeveloperName} value={c.DeveloperName}>
                        {c.MasterLabel ? `${c.MasterLabel} (${c.DeveloperName})` : c.DeveloperName}
                      </option>
                    ))}
                </Select>
              </FormControl>
            )}
          </SimpleGrid>
          {lists.baseClass && <BaseClassSummary info={lists.baseClass} />}
        </Box>

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

        {outcome && outcome.kind !== 'confirm' && (
          <Alert
            status={outcome.kind === 'success' ? 'success' : outcome.kind === 'warning' ? 'warning' : 'error'}
            alignItems="start"
            role="alert"
            data-testid="publish-outcome"
          >
            <AlertIcon />
            <Box>
              <AlertTitle>{outcome.text}</AlertTitle>
              {outcome.kind !== 'error' && outcome.detail && (
                <AlertDescription>{outcome.detail}</AlertDescription>
              )}
              {outcome.kind === 'error' && outcome.problems.length > 0 && (
                <UnorderedList>
                  {outcome.problems.map((p) => (
                    <ListItem key={p}>{p}</ListItem>
                  ))}
                </UnorderedList>
              )}
            </Box>
          </Alert>
        )}
      </Stack>

      <AlertDialog
        isOpen={outcome?.kind === 'confirm'}
        leastDestructiveRef={cancelRef}
        onClose={() => setOutcome(null)}
      >
        <AlertDialogOverlay>
          <AlertDialogContent>
            <AlertDialogHeader>{T.overwriteTitle}</AlertDialogHeader>
            <AlertDialogBody>{outcome?.kind === 'confirm' ? outcome.text : ''}</AlertDialogBody>
            <AlertDialogFooter>
              <Button ref={cancelRef} onClick={() => setOutcome(null)}>
                {T.cancel}
              </Button>
              <Button
                colorScheme="red"
                ml={3}
                onClick={() => {
                  overwriteNext.current = true;
                  void formik.submitForm();
                }}
              >
                {T.overwrite}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialogOverlay>
      </AlertDialog>
    </Box>
  );
}
