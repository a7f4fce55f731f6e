import {
  forwardRef,
  memo,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  Alert,
  AlertDescription,
  AlertIcon,
  AlertTitle,
  Box,
  ChakraBaseProvider,
  ListItem,
  OrderedList,
} from '@chakra-ui/react';
import { ThemeContext } from '@emotion/react';
import { useContext } from 'react';
import type { FormJsonSchema, FormRule, LayoutElement, UISchemaElement } from 'shared-contracts';
import { formTheme } from '../theme';
import { useDirectedTheme } from 'ui-kit/use-direction';
import { FormContext, type FormContextValue } from './context';
import { Dispatch } from './Dispatch';
import { FormStore, precompileConditions, type FieldError } from './core/store';
import { applyDefaults, normalizeDates, type TokenContext } from 'form-core/tokens';
import { generateUISchema, walkUISchema } from 'form-core/uischema';
import { getValidator, mapServerErrors, type SaveCheck } from './core/validation';
import { requiredScopeOf } from 'form-core/requiredScope';
import { createScorer, scoringPlan } from 'form-core/scoring';
import { layoutScoring } from 'form-core/scoring-layout';
import { inLayoutOrder } from './core/firstError';
import { defaultRenderers } from './renderers';
import { FIELD_CSS } from './controls/shared';
import type { FormRendererModes, FormRendererServices, RendererEntry } from './types';

/** Props of the form renderer (exposed to other remotes through Module Federation as `./FormRenderer`). */
export interface FormRendererProps {
  /** The data schema (JSON Schema draft-07 subset plus the spec's keywords). */
  schema: FormJsonSchema;
  /** The layout (ui schema). Default: one control per property. */
  uischema?: UISchemaElement;
  /** Initial data. A new object later replaces the data (the same object the renderer gave back is ignored). */
  data?: unknown;
  /** The original submitted data, for the edited flag (default: data at mount). */
  originalData?: unknown;
  /** Called after every change with the whole data and every current error. */
  onChange?: (data: unknown, errors: FieldError[]) => void;
  /** Everything read-only (mode=readOnly, selected-submission views). */
  readOnly?: boolean;
  /** Field names (or data paths) that are read-only (form definition readOnly list). */
  readOnlyFields?: string[];
  /** Route/query mode flags: canvas, editForm (CQEditFormSF: no section headers), selectedSubmission, mobile. */
  modes?: FormRendererModes;
  /** Host services as plain injected functions (lookups, files, current user, navigation...). */
  services?: FormRendererServices;
  /** Cache key of the compiled validator (e.g. `${formId}@${version}`): one compile per form version. */
  formVersion?: string;
  /** Server errors (list of {errorPath, message} or a tree mirroring the data), mapped onto fields. */
  serverErrors?: unknown;
  /** Extra renderers, tried with the default set (the highest tester rank wins). */
  renderers?: RendererEntry[];
  /** Show the numbered error alert after a failed submit (default true). */
  showErrorSummary?: boolean;
  /**
   * When whole-form validation runs after an edit: 'afterFrame' (default in browsers: the keystroke
   * paints first, errors follow one frame later) or 'sync'.
   */
  validationTiming?: 'afterFrame' | 'sync';
  /** Wrap in a Chakra provider (form's theme) when no Chakra theme is present (default: auto). */
  withChakraProvider?: boolean;
  /**
   * How many required values are missing, each time that number changes (and once at mount);
   * `hasRequired` is false for a form without required fields. For a counter beside Save.
   */
  onRequiredLeftChange?: (left: number, hasRequired: boolean) => void;
}

/** The imperative handle (ref) of FormRenderer. */
export interface FormRendererHandle {
  /**
   * Save-time validation of spec section 5; returns the data with empty table rows dropped. When it
   * refuses, the first field to fix (in layout order) is revealed (its section or tab opened), scrolled
   * to and focused; without one, the error summary is scrolled into view.
   */
  submit(submissionErrors?: unknown): SaveCheck & { data: unknown };
  getData(): unknown;
  getErrors(): FieldError[];
  setServerErrors(errors: unknown): void;
  /** Run the afterSave layout event (redirectTo through services.navigate). */
  afterSave(): void;
}

/** Rules that change data, and the root layout's onLoad/onInit events. */
const collectActionRules = (ui: UISchemaElement): FormRule[] => {
  const out: FormRule[] = [];
  walkUISchema(ui, (el) => {
    for (const r of el.rules ?? [])
      if (r.type === 'setValues' || r.type === 'transfer' || r.type === 'invoke') out.push(r);
  });
  return out;
};

/** Run after the next frame is painted (rAF, then a task); a plain task where there are no frames. */
const afterNextFrame = (run: () => void): void => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden) {
    requestAnimationFrame(() => setTimeout(run, 0));
  } else setTimeout(run, 0);
};

const ErrorSummary = ({ store }: { store: FormStore }) => {
  const summary = useSyncExternalStore(store.subscribeSummary, store.getSummary);
  if (!summary || summary.ok) return null;
  return (
    <Alert status="error" mb={4} alignItems="flex-start" data-testid="error-summary">
      <AlertIcon />
      <Box>
        <AlertTitle>{summary.alert}</AlertTitle>
        <AlertDescription>
          <OrderedList>
            {summary.messages.map((m, i) => (
              <ListItem key={i}>{m}</ListItem>
            ))}
          </OrderedList>
        </AlertDescription>
      </Box>
    </Alert>
  );
};

/**
 * After the sections and tabs opened (two frames), focus the field at `path` (or the closest control
 * above it, e.g. the table of a cell) and bring it to the middle of the screen; without one, the
 * error summary comes into view.
 */
const focusField = (root: HTMLElement | null, path: string | undefined): void => {
  if (!root) return;
  const run = (): void => {
    let target: HTMLElement | null = null;
    const keys = path === undefined ? [] : path.split('.');
    for (let n = keys.length; n > 0 && !target; n--) {
      const p = keys.slice(0, n).join('.');
      target = root.querySelector<HTMLElement>(`[data-path="${p.replace(/["\\]/g, '\\$&')}"]`);
    }
    const summary = root.querySelector<HTMLElement>('[data-testid="error-summary"]');
    const box = target ?? summary;
    box?.scrollIntoView?.({ block: 'center' });
    const focusable = target?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    focusable?.focus({ preventScroll: true });
  };
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
  } else setTimeout(run, 0);
};

const MaybeChakra = ({ force, children }: { force?: boolean; children: ReactNode }) => {
  const theme = useContext(ThemeContext) as { components?: unknown } | undefined;
  const directed = useDirectedTheme(formTheme);
  const needed = force ?? !(theme && typeof theme === 'object' && 'components' in theme);
  return needed ? <ChakraBaseProvider theme={directed}>{children}</ChakraBaseProvider> : <>{children}</>;
};

const Body = memo(function Body({
  ctx,
  ui,
  showErrorSummary,
  rootRef,
}: {
  ctx: FormContextValue;
  ui: UISchemaElement;
  showErrorSummary: boolean;
  rootRef: RefObject<HTMLDivElement>;
}) {
  return (
    <FormContext.Provider value={ctx}>
      <style>{FIELD_CSS}</style>
      <div ref={rootRef} data-testid="form-renderer-root">
        {showErrorSummary ? <ErrorSummary store={ctx.store} /> : null}
        {/* A plain form: a Chakra Box cost an Emotion style at every mount (issue 31). */}
        <form onSubmit={(e) => e.preventDefault()} noValidate data-testid="form-renderer">
          <Dispatch uischema={ui} schema={ctx.rootSchema} path="" enabled={!ctx.readOnly} />
        </form>
      </div>
    </FormContext.Provider>
  );
});

/**
 * Renders a form from a data schema and a ui schema. State lives in an external store with per-path
 * subscriptions (see core/store.ts for why not Formik), so a keystroke re-renders only the field typed
 * in. Ajv compiles once per schema object / form version.
 */
export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(
  function FormRenderer(props, ref) {
    const { schema, uischema, services, modes, readOnly = false, formVersion } = props;
    const onChangeRef = useRef(props.onChange);
    onChangeRef.current = props.onChange;
    const servicesRef = useRef(services ?? {});
    servicesRef.current = services ?? {};
    const ui = useMemo(() => uischema ?? generateUISchema(schema), [uischema, schema]);
    const events = (ui as LayoutElement).events;
    // Keyed by content: a host passing a new array on each render must not change the context (every
    // field consumes it, so a new context value would re-render all of them on each keystroke).
    const readOnlyKey = (props.readOnlyFields ?? []).join('\u0000');
    const readOnlyFields = useMemo(
      () => new Set(readOnlyKey === '' ? [] : readOnlyKey.split('\u0000')),
      [readOnlyKey],
    );

    const store = useMemo(() => {
      const svc = servicesRef.current;
      const tokenContext: TokenContext = {
        now: svc.now?.(),
        currentUser: svc.currentUser,
        documentName: svc.documentName,
        context: svc.context,
      };
      precompileConditions(ui);
      const initial = applyDefaults(schema, normalizeDates(props.data ?? {}), tokenContext);
      return new FormStore({
        schema,
        validator: () => getValidator(schema, formVersion),
        data: initial,
        originalData: props.originalData ?? props.data ?? {},
        tokenContext,
        actionRules: collectActionRules(ui),
        onInvoke: (rule) => servicesRef.current.invoke?.(rule.action ?? '', rule.params, store.getData()),
        scheduleValidation: props.validationTiming === 'sync' ? undefined : afterNextFrame,
        requiredScope: requiredScopeOf(ui, schema, readOnlyFields),
      });
      // The store is made once per schema/ui; data changes flow in through replaceData below.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [schema, ui, formVersion]);

    // Layout events: onInit (invoke) and onLoad (invoke, setValues, transfer), once per store.
    const [loaded] = useState(() => new WeakSet<FormStore>());
    useEffect(() => {
      if (loaded.has(store)) return;
      loaded.add(store);
      for (const e of events?.onInit ?? []) servicesRef.current.invoke?.(e.action, e.params, store.getData());
      if (events?.onLoad?.length) store.runLoadRules(events.onLoad);
    }, [store, events, loaded]);

    // Controlled data: a new data object from the host replaces the store's (not our own echo).
    const lastData = useRef(props.data);
    useEffect(() => {
      if (props.data !== lastData.current) {
        lastData.current = props.data;
        if (props.data !== store.getData()) store.replaceData(normalizeDates(props.data ?? {}));
      }
    }, [props.data, store]);

    useEffect(() => {
      if (props.originalData !== undefined) store.setOriginal(props.originalData);
    }, [props.originalData, store]);

    useEffect(() => {
      if (props.serverErrors !== undefined) store.setServerErrors(mapServerErrors(props.serverErrors));
    }, [props.serverErrors, store]);

    useEffect(
      () =>
        store.subscribeData(() => {
          const data = store.getData();
          lastData.current = data;
          onChangeRef.current?.(data, store.getErrors());
        }),
      [store],
    );

    const onRequiredLeftRef = useRef(props.onRequiredLeftChange);
    onRequiredLeftRef.current = props.onRequiredLeftChange;
    useEffect(() => {
      const report = (): void => onRequiredLeftRef.current?.(store.getRequiredLeft(), store.hasRequired());
      report();
      return store.subscribeRequired(report);
    }, [store]);

    const rootRef = useRef<HTMLDivElement>(null);
    useImperativeHandle(
      ref,
      () => ({
        submit: (submissionErrors?: unknown) => {
          const check = store.submit(submissionErrors);
          if (!check.ok) {
            const first = inLayoutOrder([...check.byPath.keys()], store.getRequiredScope())[0];
            if (first !== undefined) store.reveal(first);
            focusField(rootRef.current, first);
          }
          return check;
        },
        getData: () => store.getData(),
        getErrors: () => store.getErrors(),
        setServerErrors: (errors: unknown) => store.setServerErrors(mapServerErrors(errors)),
        afterSave: () => {
          const to = events?.afterSave?.redirectTo;
          if (to) servicesRef.current.navigate?.(to);
        },
      }),
      [store, events],
    );

    useEffect(() => {
      store.setRequiredScope(requiredScopeOf(ui, schema, readOnlyFields));
    }, [store, ui, schema, readOnlyFields]);

    const registry = useMemo(
      () => (props.renderers?.length ? [...defaultRenderers, ...props.renderers] : defaultRenderers),
      [props.renderers],
    );
    // A scored form (withScoring put its configuration on the root layout): one plan per layout.
    const scorer = useMemo(() => {
      const config = layoutScoring(ui);
      return config ? createScorer(scoringPlan(ui, schema, config)) : undefined;
    }, [ui, schema]);
    const modesKey = JSON.stringify(modes ?? {});
    const ctx = useMemo<FormContextValue>(
      () => ({
        store,
        registry,
        rootSchema: schema,
        services: servicesRef.current,
        modes: JSON.parse(modesKey) as FormRendererModes,
        readOnly,
        readOnlyFields,
        scorer,
      }),
      [store, registry, schema, modesKey, readOnly, readOnlyFields, scorer],
    );

    return (
      <MaybeChakra force={props.withChakraProvider}>
        <Body ctx={ctx} ui={ui} showErrorSummary={props.showErrorSummary !== false} rootRef={rootRef} />
      </MaybeChakra>
    );
  },
);

export default FormRenderer;
