import {
  createContext,
  useContext,
  useSyncExternalStore,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import type { ScoreResult } from 'form-core/scoring';
import type { FormStore, FieldMeta } from './core/store';
import { EMPTY_RULE_STATE, type ElementRuleState } from 'form-core/rules';
import { containsPath } from './core/firstError';
import type { FormRendererModes, FormRendererServices, RendererEntry } from './types';

/** Everything a renderer needs that never changes while the form is mounted (so the context never re-renders). */
export interface FormContextValue {
  store: FormStore;
  registry: readonly RendererEntry[];
  rootSchema: FormJsonSchema;
  services: FormRendererServices;
  modes: FormRendererModes;
  readOnly: boolean;
  readOnlyFields: ReadonlySet<string>;
  /** A scored form's memoised scorer (issue 43; score/ScoreElements.tsx). */
  scorer?: (data: unknown) => ScoreResult;
}

export const FormContext = createContext<FormContextValue | null>(null);

/** True under a layout chunk the browser skips while off screen (layouts/chunks.ts): fields need not be. */
export const InChunkContext = createContext(false);

/**
 * True inside a print view: every section open, every category shown, and nothing left for the browser
 * to skip (no content-visibility chunks or fields): a page printed before the browser has decided what
 * is near the viewport would otherwise come out with section titles and no fields.
 */
export const PrintModeContext = createContext(false);

export const useFormContext = (): FormContextValue => {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('Renderer used outside FormRenderer');
  return ctx;
};

/** The value at one data path; re-renders only when that value changes. */
export const useValue = (path: string): unknown => {
  const { store } = useFormContext();
  const subscribe = useCallback((l: () => void) => store.subscribeValue(path, l), [store, path]);
  return useSyncExternalStore(subscribe, () => store.get(path));
};

/** A derived primitive of the value at a path (e.g. an array's length): re-renders only when it changes. */
export const useSelect = <T,>(path: string, select: (value: unknown) => T): T => {
  const { store } = useFormContext();
  const subscribe = useCallback((l: () => void) => store.subscribeValue(path, l), [store, path]);
  return useSyncExternalStore(subscribe, () => select(store.get(path)));
};

export const useMeta = (path: string): FieldMeta => {
  const { store } = useFormContext();
  const subscribe = useCallback((l: () => void) => store.subscribeMeta(path, l), [store, path]);
  return useSyncExternalStore(subscribe, () => store.getMeta(path));
};

const elementIds = new WeakMap<object, number>();
let nextElementId = 1;
const elementId = (el: object): number => {
  let id = elementIds.get(el);
  if (id === undefined) elementIds.set(el, (id = nextElementId++));
  return id;
};

const noopSubscribe = (): (() => void) => () => undefined;
const emptyState = (): ElementRuleState => EMPTY_RULE_STATE;

/** Rule state of an element at a data path. Elements without rules subscribe to nothing. */
export const useRuleState = (el: UISchemaElement, dataPath: string, base: string): ElementRuleState => {
  const { store } = useFormContext();
  const hasRules = (el.rules?.length ?? 0) > 0 || el.rule !== undefined;
  const key = `${dataPath}|${elementId(el)}`;
  const subscribe = useCallback(
    (l: () => void) => store.subscribeRule(key, el, base, l),
    [store, key, el, base],
  );
  const get = useCallback(() => store.ruleState(key, el, base), [store, key, el, base]);
  return useSyncExternalStore(hasRules ? subscribe : noopSubscribe, hasRules ? get : emptyState);
};

const MOBILE_QUERY = '(max-width: 47.99em)';
/** Mobile layout: the modes flag when given, else the viewport. */
export const useIsMobile = (): boolean => {
  const { modes } = useFormContext();
  const [match, setMatch] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia(MOBILE_QUERY).matches,
  );
  useEffect(() => {
    if (modes.mobile !== undefined || typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(MOBILE_QUERY);
    const on = (): void => setMatch(mq.matches);
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, [modes.mobile]);
  return modes.mobile ?? match;
};

/**
 * Open when a refused Save reveals a field inside this element (store.reveal): `open(path)` is called
 * only for paths the element shows, so nothing re-renders otherwise.
 */
export const useReveal = (el: UISchemaElement, base: string, open: (path: string) => void): void => {
  const { store } = useFormContext();
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(
    () =>
      store.subscribeReveal((path) => {
        if (containsPath(el, base, path)) openRef.current(path);
      }),
    [store, el, base],
  );
};
