/**
 * The form state store. Why not Formik: Formik keeps all values in one React context, so every
 * change re-renders every field (measured: JSON Forms/Formik-style forms spend 50-66 ms per
 * keystroke at 500-1,000 fields). This store keeps the data outside React and lets each field
 * subscribe to its own path with useSyncExternalStore: a keystroke re-renders the field typed in
 * (and at most the one whose error or rule state changed), whatever the size of the form. The
 * submit/validation orchestration Formik would give is the `submit()` method below.
 */
import type { ValidateFunction } from 'ajv';
import type { FormJsonSchema, FormRule, UISchemaElement } from 'shared-contracts';
import { MESSAGES, VALIDATION_TEXTS } from 'shared-contracts';
import { withLocationComponents } from 'form-core';
import { evaluateJsonFormsCondition } from 'form-core/ajv';
import { getIn, isWithin, setIn } from 'form-core/paths';
import { applyActionRules, sameRuleState, type ElementRuleState } from 'form-core/rules';
import { schemaAtPath } from 'form-core/schema';
import { DependencyIndex } from './depIndex';
import type { TokenContext } from 'form-core/tokens';
import { ErrorIndex } from './errorIndex';
import { ArrayEdited } from './arrayEdited';
import { requiredPlan, type RequiredPlan } from 'form-core/required';
import type { RequiredScope } from 'form-core/requiredScope';
import { missingRequiredPaths } from 'form-core/submission';
import { checkBeforeSave, dropEmptyRows, isEdited, validateForm, type SaveCheck } from './validation';

import {
  addListener,
  ancestorsAndSelf,
  EMPTY_META,
  isContainer,
  newRuleEntry,
  ruleStateOf,
  type FieldError,
  type FieldMeta,
  type Listener,
  type RuleEntry,
  type StoreOptions,
} from './store-parts';

export type { FieldError, FieldMeta, StoreOptions } from './store-parts';
export { precompileConditions } from './store-parts';

let storeSeq = 0;

export class FormStore {
  /** Unique per form on the page (DOM ids). */
  readonly uid = `f${++storeSeq}`;
  readonly schema: FormJsonSchema;
  private readonly validator: () => ValidateFunction;
  private compiled: ValidateFunction | undefined;
  private data: unknown;
  private original: unknown;
  private readonly tokenContext: TokenContext;
  private readonly actionRules: FormRule[];
  private readonly onInvoke?: (rule: FormRule) => void;
  private readonly scheduleValidation?: (run: () => void) => void;
  private readonly valueListeners = new Map<string, Set<Listener>>();
  private readonly metaListeners = new Map<string, Set<Listener>>();
  private readonly dataListeners = new Set<Listener>();
  private readonly metaCache = new Map<string, FieldMeta>();
  private ajvErrors: ReadonlyMap<string, readonly string[]> = new Map();
  /** Ajv errors by path, derived once per distinct error (validation runs after every edit). */
  private readonly errorIndex: ErrorIndex;
  /** Edited flags of array controls' values, kept per changed item (see arrayEdited.ts). */
  private readonly arrayEdited = new Map<string, ArrayEdited>();
  /** Errors set by controls (combobox 'Invalid value', table cells) and mapped server errors. */
  private readonly extraErrors = new Map<string, string[]>();
  private readonly serverErrors = new Map<string, string[]>();
  private readonly patternFailures = new Set<string>();
  private readonly touched = new Set<string>();
  private showAll = false;
  private readonly ruleEntries = new Map<string, RuleEntry>();
  /** Rule entries by the data paths they read: a write re-evaluates only the entries reading it. */
  private readonly ruleIndex = new DependencyIndex<RuleEntry>();
  /** Paths setValues/transfer rules write (besides the one the user edited). */
  private readonly actionTargets: string[];
  private readonly summaryListeners = new Set<Listener>();
  private summary: SaveCheck | undefined;
  private readonly requiredPlan: RequiredPlan;
  private requiredScope: RequiredScope | undefined;
  /** Data paths of the required values missing now (schema order, then `required` rules). */
  private missing: readonly string[] = [];
  private missingSet: ReadonlySet<string> = new Set();
  private readonly requiredListeners = new Set<Listener>();

  constructor(opts: StoreOptions) {
    this.schema = opts.schema;
    this.errorIndex = new ErrorIndex(opts.schema);
    this.validator = opts.validator;
    this.data = opts.data;
    this.original = opts.originalData ?? opts.data;
    this.tokenContext = opts.tokenContext ?? {};
    this.actionRules = opts.actionRules ?? [];
    this.onInvoke = opts.onInvoke;
    this.scheduleValidation = opts.scheduleValidation;
    this.requiredPlan = requiredPlan(opts.schema);
    this.requiredScope = opts.requiredScope;
    this.actionTargets = [
      ...new Set(
        this.actionRules.flatMap((r) => [
          ...(r.values ?? []).map((v) => v.field),
          ...(r.transfer ?? []).map((t) => t.to),
        ]),
      ),
    ];
    // Errors show only once a field is touched or after submit, so the first whole-form validation
    // (hundreds of ms at 1,000 fields: the generated validator's first run) can wait for the first paint.
    this.validationPending = true;
    if (this.scheduleValidation) this.scheduleValidation(this.flushValidation);
    else this.flushValidation();
  }

  private get validate(): ValidateFunction {
    this.compiled ??= this.validator();
    return this.compiled;
  }

  getData = (): unknown => this.data;
  get(path: string): unknown {
    return getIn(this.data, path);
  }

  /** Run load-time events (onLoad setValues/transfer/invoke) once. */
  runLoadRules(rules: FormRule[]): void {
    const { data, invokes } = applyActionRules(rules, this.data, this.data, this.tokenContext, true);
    invokes.forEach((r) => this.onInvoke?.(r));
    if (data !== this.data) this.replaceData(data, false);
  }

  /** A user edit at one path. */
  set(path: string, value: unknown): void {
    const prev = this.data;
    let next = setIn(prev, path, value);
    if (next === prev) return;
    this.touched.add(path);
    if (this.serverErrors.delete(path)) this.bumpMeta(path);
    const changed = [path];
    if (this.actionRules.length > 0) {
      const edited = next;
      const res = applyActionRules(this.actionRules, prev, next, this.tokenContext);
      next = res.data;
      res.invokes.forEach((r) => this.onInvoke?.(r));
      // Fields a setValues/transfer rule wrote are changed too (their controls must show the new value).
      if (next !== edited)
        for (const t of this.actionTargets) if (getIn(edited, t) !== getIn(next, t)) changed.push(t);
    }
    this.commit(prev, next, changed);
  }

  /** Replace the whole data (a new `data` prop, a rule, a reset). */
  replaceData(next: unknown, resetTouched = true): void {
    const prev = this.data;
    if (next === prev) return;
    if (resetTouched) this.touched.clear();
    this.commit(prev, next, ['']);
  }

  setOriginal(original: unknown): void {
    this.original = original;
    this.arrayEdited.clear();
  }

  private commit(prev: unknown, next: unknown, changedRoots: string[]): void {
    this.data = next;
    // Value listeners: the changed paths, their ancestors, and descendants whose value changed.
    // Ancestors are found by walking up the path (O(depth)); descendants only when a subtree changed.
    const notify = new Set<Listener>();
    for (const root of changedRoots) this.collect(this.valueListeners, root, prev, next, notify);
    notify.forEach((l) => l());
    // The changed fields' own meta (edited flag), and descendants of a replaced subtree.
    const changedMeta = new Set<string>();
    for (const root of changedRoots) {
      if (this.metaListeners.has(root)) changedMeta.add(root);
      if (isContainer(getIn(prev, root)) || isContainer(getIn(next, root))) {
        for (const p of this.metaListeners.keys()) if (isWithin(p, root)) changedMeta.add(p);
      }
    }
    changedMeta.forEach((p) => this.bumpMeta(p));
    // Array controls (table, list, files) watch their own path: an edit inside an item can flip their
    // edited flag. Only a flip notifies, so a keystroke in a cell re-renders nothing else.
    for (const root of changedRoots) {
      const chain = ancestorsAndSelf(root);
      for (let k = 1; k < chain.length; k++) {
        const p = chain[k] as string;
        if (!this.metaListeners.has(p) || changedMeta.has(p)) continue;
        const cached = this.metaCache.get(p);
        // The item of `p` the change is in: an array's flag is updated for that item only.
        const child = chain[k - 1] as string;
        const item = Number(p === '' ? child : child.slice(p.length + 1).split('.')[0]);
        const hint = Number.isInteger(item) ? { items: [item], previous: getIn(prev, p) } : undefined;
        if (!cached || cached.edited !== this.editedAt(p, hint)) this.bumpMeta(p);
      }
    }
    // Rules whose dependencies changed: only the entries reading a changed path (or an ancestor or, for
    // a replaced subtree, a descendant of it) are looked at, not every rule of the form.
    const candidates = new Set<RuleEntry>();
    for (const root of changedRoots) {
      const subtree = isContainer(getIn(prev, root)) || isContainer(getIn(next, root));
      this.ruleIndex.affected(root, subtree, candidates);
    }
    for (const entry of candidates) {
      if (entry.deps.some((d) => getIn(prev, d) !== getIn(next, d))) {
        const state = this.computeRuleState(entry);
        if (!sameRuleState(state, entry.state)) {
          entry.state = state;
          entry.listeners.forEach((l) => l());
        }
      }
    }
    // Whole-form validation (O(fields)) runs after the next frame when deferred, so a keystroke
    // paints first; submit() and getErrors() flush it.
    this.validationPending = true;
    this.dataChanged = true;
    if (this.scheduleValidation) this.scheduleValidation(this.flushValidation);
    else this.flushValidation();
  }

  private validationPending = false;
  /** Data changed since the last flush: data listeners (onChange) hear of it then. */
  private dataChanged = false;

  /** Run a pending validation: one call of the compiled validator; only paths whose errors changed notify. */
  flushValidation = (): void => {
    if (!this.validationPending) return;
    this.validationPending = false;
    const nextErrors = this.errorIndex.index(validateForm(this.validate, this.data));
    // The same map back means the same errors: nothing to compare or notify.
    if (nextErrors !== this.ajvErrors) {
      const changed = new Set<string>();
      for (const [p, msgs] of nextErrors) {
        const old = this.ajvErrors.get(p);
        if (!old || old.length !== msgs.length || old.some((m, i) => m !== msgs[i])) changed.add(p);
      }
      for (const p of this.ajvErrors.keys()) if (!nextErrors.has(p)) changed.add(p);
      this.ajvErrors = nextErrors;
      changed.forEach((p) => this.bumpMeta(p));
    }
    this.updateMissing();
    if (!this.dataChanged) return;
    this.dataChanged = false;
    this.dataListeners.forEach((l) => l());
  };

  /** The missing required values (walks required paths only: required.ts); notifies only on change. */
  private updateMissing(): void {
    // The same function the BFF runs on a submission sent as Submitted (form-core).
    const next = missingRequiredPaths(this.schema, this.data, this.requiredScope);
    const prev = this.missing;
    if (next.length === prev.length && next.every((p, i) => p === prev[i])) return;
    const nextSet = new Set(next);
    this.missing = next;
    const prevSet = this.missingSet;
    this.missingSet = nextSet;
    // Only fields that show their errors (touched, or after a Save) can look different.
    for (const p of prevSet) if (!nextSet.has(p) && this.shows(p)) this.bumpMeta(p);
    for (const p of nextSet) if (!prevSet.has(p) && this.shows(p)) this.bumpMeta(p);
    this.requiredListeners.forEach((l) => l());
  }

  private shows(path: string): boolean {
    return this.showAll || this.touched.has(path);
  }

  /** A new layout scope for required fields (e.g. the read-only list changed). */
  setRequiredScope(scope: RequiredScope | undefined): void {
    if (scope === this.requiredScope) return;
    this.requiredScope = scope;
    this.updateMissing();
  }

  /** How many required values are missing now (the Save button's neighbourhood shows it). */
  getRequiredLeft = (): number => {
    this.flushValidation();
    return this.missing.length;
  };
  /** The layout scope of required fields (layout order of controls: firstError.ts). */
  getRequiredScope = (): RequiredScope | undefined => this.requiredScope;
  /** Whether the form has any required field (the counter shows only then). */
  hasRequired = (): boolean =>
    this.requiredPlan.root !== undefined || (this.requiredScope?.ruleRequired.length ?? 0) > 0;

  private readonly revealListeners = new Set<(path: string) => void>();
  /** Ask the sections and tabs holding a field to open (after a refused Save). */
  reveal(path: string): void {
    this.revealListeners.forEach((l) => l(path));
  }
  subscribeReveal = (l: (path: string) => void): (() => void) => {
    this.revealListeners.add(l);
    return () => this.revealListeners.delete(l);
  };

  /** The missing required paths, in schema order. */
  getMissingRequired = (): readonly string[] => {
    this.flushValidation();
    return this.missing;
  };
  /** Hear when the missing required values change (not on every edit). */
  subscribeRequired = (l: Listener): (() => void) => {
    this.requiredListeners.add(l);
    return () => this.requiredListeners.delete(l);
  };

  /** Listeners of `root`, its ancestors, and (for a changed subtree) its descendants whose value changed. */
  private collect(
    map: Map<string, Set<Listener>>,
    root: string,
    prev: unknown,
    next: unknown,
    out: Set<Listener>,
  ): void {
    for (const p of ancestorsAndSelf(root)) map.get(p)?.forEach((l) => out.add(l));
    if (isContainer(getIn(prev, root)) || isContainer(getIn(next, root))) {
      for (const [p, set] of map) {
        if (p !== root && isWithin(p, root) && getIn(prev, p) !== getIn(next, p))
          set.forEach((l) => out.add(l));
      }
    }
  }

  subscribeValue = (path: string, listener: Listener): (() => void) =>
    addListener(this.valueListeners, path, listener);
  subscribeMeta = (path: string, listener: Listener): (() => void) =>
    addListener(this.metaListeners, path, listener);
  subscribeData = (listener: Listener): (() => void) => {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  };

  private bumpMeta(path: string): void {
    this.metaCache.delete(path);
    this.metaListeners.get(path)?.forEach((l) => l());
  }

  /** `changed`: for an array, the only items that differ from its `previous` value. */
  private editedAt(path: string, changed?: { items: readonly number[]; previous: unknown }): boolean {
    // The data as it came (a form just opened, nothing typed yet): nothing is edited, and a cell of a
    // table skips both path lookups. An array's tracker is made at its first change instead.
    if (this.data === this.original && !this.arrayEdited.has(path)) return false;
    const value = getIn(this.data, path);
    if (!Array.isArray(value) && !this.arrayEdited.has(path)) {
      const original = getIn(this.original, path);
      // The value as it came (every field of a form just opened): not edited, without the schema walk.
      if (value === original) return false;
      return isEdited(value, original, schemaAtPath(path, this.schema)?.default);
    }
    let tracker = this.arrayEdited.get(path);
    if (!tracker) {
      const fallback = schemaAtPath(path, this.schema)?.default;
      this.arrayEdited.set(path, (tracker = new ArrayEdited(getIn(this.original, path), fallback, value)));
    }
    return tracker.update(value, changed?.items, changed?.previous);
  }

  /** The field's visible errors and flags; stable identity while unchanged. */
  getMeta(path: string): FieldMeta {
    const hit = this.metaCache.get(path);
    if (hit) return hit;
    const show = this.showAll || this.touched.has(path);
    const missing = show && this.missingSet.has(path);
    const ajv = show ? this.ajvErrors.get(path) : undefined;
    const extra = this.extraErrors.get(path);
    const server = this.serverErrors.get(path);
    const edited = this.editedAt(path);
    const patternFailed = this.patternFailures.has(path);
    // Most fields at mount: nothing to show, and no arrays built for it (a table mounts hundreds).
    if (!missing && !ajv?.length && !extra?.length && !server?.length && !edited && !patternFailed) {
      this.metaCache.set(path, EMPTY_META);
      return EMPTY_META;
    }
    const errors = [
      ...(missing ? [VALIDATION_TEXTS.requiredProperty] : []),
      ...(ajv ?? []),
      ...(extra ?? []),
      ...(server ?? []),
    ];
    const meta = { errors, edited, patternFailed };
    this.metaCache.set(path, meta);
    return meta;
  }

  /** Errors a control records itself ('Invalid value' of a combobox); undefined/[] removes them. */
  setFieldError(path: string, messages: string[] | undefined): void {
    if (!messages || messages.length === 0) {
      if (!this.extraErrors.delete(path)) return;
    } else this.extraErrors.set(path, messages);
    this.bumpMeta(path);
    this.dataListeners.forEach((l) => l());
  }

  setPatternFailed(path: string, failed: boolean): void {
    if (failed === this.patternFailures.has(path)) return;
    if (failed) this.patternFailures.add(path);
    else this.patternFailures.delete(path);
    this.bumpMeta(path);
  }

  /** Server errors mapped to fields (replaces earlier ones). */
  setServerErrors(map: Map<string, string[]>): void {
    const paths = new Set([...this.serverErrors.keys(), ...map.keys()]);
    this.serverErrors.clear();
    for (const [p, m] of map) this.serverErrors.set(p, m);
    paths.forEach((p) => this.bumpMeta(p));
  }

  /** All current errors (Ajv, control and server), for onChange. */
  getErrors(): FieldError[] {
    this.flushValidation();
    const out: FieldError[] = [];
    for (const path of this.missing) out.push({ path, message: VALIDATION_TEXTS.requiredProperty });
    for (const m of [this.ajvErrors, this.extraErrors, this.serverErrors]) {
      for (const [path, msgs] of m) for (const message of msgs) out.push({ path, message });
    }
    return out;
  }

  /** Rule state of one element; registered lazily on first read. */
  ruleState(key: string, el: UISchemaElement, base: string): ElementRuleState {
    return this.ruleEntry(key, el, base).state;
  }
  subscribeRule(key: string, el: UISchemaElement, base: string, listener: Listener): () => void {
    const entry = this.ruleEntry(key, el, base);
    entry.listeners.add(listener);
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size === 0 && this.ruleEntries.get(key) === entry) {
        this.ruleEntries.delete(key);
        this.ruleIndex.remove(entry, entry.deps);
      }
    };
  }
  private ruleEntry(key: string, el: UISchemaElement, base: string): RuleEntry {
    let entry = this.ruleEntries.get(key);
    if (!entry) {
      entry = newRuleEntry(key, el, base);
      entry.state = this.computeRuleState(entry);
      this.ruleEntries.set(key, entry);
      this.ruleIndex.add(entry, entry.deps);
    }
    return entry;
  }
  private computeRuleState(entry: RuleEntry): ElementRuleState {
    return ruleStateOf(entry, this.data);
  }

  /**
   * The save flow of spec section 5: empty table rows dropped, Ajv over the whole form (pattern
   * errors on undefined ignored), control and rule errors added; every error becomes visible.
   */
  submit(submissionErrors?: unknown): SaveCheck & { data: unknown } {
    this.flushValidation();
    const rows = dropEmptyRows(this.data);
    const check = checkBeforeSave({
      validate: this.validate,
      data: rows,
      schema: this.schema,
      // Paths of the data as shown (before empty rows are dropped): row numbers match the screen.
      missing: this.missing,
      extraErrors: this.extraErrors,
      submissionErrors,
      shown: this.data,
    });
    this.showAll = true;
    this.metaCache.clear();
    this.metaListeners.forEach((set) => set.forEach((l) => l()));
    this.summary = check.ok ? undefined : check;
    this.summaryListeners.forEach((l) => l());
    // Location fields of the org's objects also go as the org stores them (Site__Latitude__s, …).
    return { ...check, data: withLocationComponents(rows, this.schema) };
  }

  getSummary = (): SaveCheck | undefined => this.summary;
  subscribeSummary = (l: Listener): (() => void) => {
    this.summaryListeners.add(l);
    return () => this.summaryListeners.delete(l);
  };
}

export { evaluateJsonFormsCondition };

export const INVALID_VALUE = MESSAGES.invalidValue;
