// The form store's shapes (its field meta, rule entries, options) and the path and listener helpers
// it is built from (store.ts).
import type { ValidateFunction } from 'ajv';
import type { FormJsonSchema, FormRule, JsonFormsRule, UISchemaElement } from 'shared-contracts';
import { evaluateJsonFormsCondition } from 'form-core/ajv';
import { joinPath } from 'form-core/paths';
import {
  EMPTY_RULE_STATE,
  evaluateElementRules,
  jsonFormsRuleDeps,
  ruleDependencies,
  type ElementRuleState,
} from 'form-core/rules';
import type { TokenContext } from 'form-core/tokens';
import type { RequiredScope } from 'form-core/requiredScope';

export interface FieldError {
  path: string;
  message: string;
}

/** What a field shows besides its value. Objects are cached: same content, same identity. */
export interface FieldMeta {
  errors: readonly string[];
  edited: boolean;
  /** A live pattern failure (red border, warning icon). */
  patternFailed: boolean;
}

export const EMPTY_META: FieldMeta = Object.freeze({
  errors: Object.freeze([]),
  edited: false,
  patternFailed: false,
});

export type Listener = () => void;

export interface RuleEntry {
  key: string;
  rules?: FormRule[];
  jsonFormsRule?: JsonFormsRule;
  base: string;
  deps: string[];
  state: ElementRuleState;
  listeners: Set<Listener>;
}

export interface StoreOptions {
  schema: FormJsonSchema;
  /**
   * The form's Ajv validator, asked for when first needed: compiling a big schema takes tens of ms,
   * and the first whole-form validation waits for the first paint (scheduleValidation), so the form
   * shows before Ajv compiles.
   */
  validator: () => ValidateFunction;
  data: unknown;
  originalData?: unknown;
  tokenContext?: TokenContext;
  /** Rules that change data (setValues, transfer, invoke) and onLoad events. */
  actionRules?: FormRule[];
  onInvoke?: (rule: FormRule) => void;
  /** Defer whole-form validation (e.g. to after the next frame); default: synchronous. */
  scheduleValidation?: (run: () => void) => void;
  /** What the layout says about required fields (hidden, read-only, `required` rules): requiredScope.ts. */
  requiredScope?: RequiredScope;
}

export const isContainer = (v: unknown): boolean => v !== null && typeof v === 'object';

/** 'a.b.c' -> ['a.b.c', 'a.b', 'a', '']. */
export const ancestorsAndSelf = (path: string): string[] => {
  const out = [path];
  let p = path;
  while (p !== '') {
    const i = p.lastIndexOf('.');
    p = i < 0 ? '' : p.slice(0, i);
    out.push(p);
  }
  return out;
};

export const addListener = (map: Map<string, Set<Listener>>, path: string, l: Listener): (() => void) => {
  let set = map.get(path);
  if (!set) map.set(path, (set = new Set()));
  set.add(l);
  return () => {
    set.delete(l);
    if (set.size === 0) map.delete(path);
  };
};

/** A rule entry for element `el` at `base`: its rules and what they read (its state not yet computed). */
export function newRuleEntry(key: string, el: UISchemaElement, base: string): RuleEntry {
  const deps = [
    ...(el.rules ?? []).flatMap(ruleDependencies),
    ...(el.rule ? jsonFormsRuleDeps(el.rule.condition).map((d) => joinPath(base, d)) : []),
  ];
  return {
    key,
    rules: el.rules,
    jsonFormsRule: el.rule,
    base,
    deps,
    state: EMPTY_RULE_STATE,
    listeners: new Set(),
  };
}

/** What an element's rules say over `data`. */
export function ruleStateOf(entry: RuleEntry, data: unknown): ElementRuleState {
  const jf = entry.jsonFormsRule
    ? {
        rule: entry.jsonFormsRule,
        holds: evaluateJsonFormsCondition(entry.jsonFormsRule.condition, data, entry.base),
      }
    : undefined;
  return evaluateElementRules(entry.rules, data, jf);
}

/** Pre-compile JSON Forms rule condition schemas of a ui schema (mount time, not per keystroke). */
export const precompileConditions = (el: UISchemaElement): void => {
  const visit = (c: JsonFormsRule['condition']): void => {
    if (c.schema) evaluateJsonFormsCondition(c, undefined, '');
    c.conditions?.forEach(visit);
  };
  if (el.rule) visit(el.rule.condition);
  for (const child of (el as { elements?: UISchemaElement[] }).elements ?? []) precompileConditions(child);
};
