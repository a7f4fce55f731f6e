/**
 * What the layout says about required fields (issue 19): a required field the user cannot see or
 * change does not block Save, and a `required` rule makes a field required while its conditions hold.
 *
 * - Hidden by a rule (`hidden`, `visible`, JSON Forms HIDE/SHOW), on the field's control or on a
 *   layout around it: not required (the user cannot see it; the rule decided it does not apply).
 * - Read-only (a `readonly` rule, JSON Forms DISABLE/ENABLE, `options.readOnly` on the control or a
 *   layout around it, the schema's readOnly, the form definition's readOnly list): not required on
 *   this side. The user could not fill it, so refusing Save would leave them stuck; the org's own
 *   rules still apply when the record arrives.
 * - A field with no control in the layout stays required (as JSON Schema says): the error listing
 *   names it.
 *
 * Built once per (ui schema, schema, read-only list); evaluated only for paths that are missing, so the
 * cost per edit follows the number of missing required fields, not the form's size.
 */
import type { FormJsonSchema } from 'shared-contracts';
import type { FormRule, JsonFormsRule, UISchemaElement } from 'shared-contracts';
import { getIn, joinPath, scopeToPath } from './paths';
import { hasContent, isMissing, lookupChosen } from './required';
import { evaluateElementRules, jsonFormsRuleDeps, ruleDependencies } from './rules';
import { resolveScope, typeOf } from './schema';

/** A layout or control on the way to a field, with what can take the field away from the user. */
interface Governor {
  rules?: FormRule[];
  rule?: JsonFormsRule;
  staticReadOnly: boolean;
  /** Number of item indices in the element's base path (its rules read paths relative to that base). */
  baseItems: number;
  /** The data paths its rules read: absolute for the form's rules, relative to the base for JSON Forms'. */
  deps: string[];
  jsonFormsDeps: string[];
}

interface ControlInfo {
  chain: Governor[];
  /** The control's data path template ('Persons.[].Name'). */
  template: string;
  /** Has a `required` rule. */
  ruleRequired: boolean;
  kind: 'boolean' | 'array' | 'value';
  /** A lookup control whose schema says it is required (its object's `required`). */
  schemaRequired?: boolean;
}

export interface RequiredScope {
  byTemplate: Map<string, ControlInfo[]>;
  ruleRequired: ControlInfo[];
  /** Lookup controls (by element type or options, whatever the schema says): required ones need a chosen record. */
  lookups: ControlInfo[];
}

export type JsonFormsConditionEval = (
  cond: JsonFormsRule['condition'],
  data: unknown,
  base: string,
) => boolean;

const ITEM = '[]';
const childrenOf = (el: UISchemaElement): UISchemaElement[] => {
  const els = (el as { elements?: UISchemaElement[] }).elements;
  return Array.isArray(els) ? els : [];
};
const countItems = (template: string): number => template.split('.').filter((k) => k === ITEM).length;

/** 'Persons.2.Name' -> 'Persons.[].Name'. */
export const toTemplate = (path: string): string =>
  path === '' ? '' : path.replace(/(^|\.)\d+(?=\.|$)/g, `$1${ITEM}`);

/** Build the scope of a form's layout (memoised per ui / schema / read-only list). */
export const buildRequiredScope = (
  ui: UISchemaElement,
  root: FormJsonSchema,
  readOnlyFields: ReadonlySet<string>,
): RequiredScope => {
  const byTemplate = new Map<string, ControlInfo[]>();
  const ruleRequired: ControlInfo[] = [];
  const lookups: ControlInfo[] = [];
  const visit = (
    el: UISchemaElement,
    schema: FormJsonSchema,
    base: string,
    chain: Governor[],
    depth: number,
  ): void => {
    if (!el || typeof el !== 'object' || depth > 30) return;
    const path = el.scope ? joinPath(base, scopeToPath(el.scope)) : base;
    const controlSchema = el.scope ? resolveScope(el.scope, schema, root) : undefined;
    const last = path.split('.').pop() ?? '';
    const staticReadOnly =
      el.options?.readOnly === true ||
      controlSchema?.readOnly === true ||
      (el.scope !== undefined && (readOnlyFields.has(path) || readOnlyFields.has(last)));
    const governs = staticReadOnly || (el.rules?.length ?? 0) > 0 || el.rule !== undefined;
    const own: Governor[] = governs
      ? [
          ...chain,
          {
            rules: el.rules,
            rule: el.rule,
            staticReadOnly,
            baseItems: countItems(base),
            deps: [...new Set((el.rules ?? []).flatMap(ruleDependencies))],
            jsonFormsDeps: el.rule ? jsonFormsRuleDeps(el.rule.condition) : [],
          },
        ]
      : chain;
    if (el.scope) {
      const t = typeOf(controlSchema);
      const info: ControlInfo = {
        chain: own,
        template: path,
        ruleRequired: (el.rules ?? []).some((r) => r.type === 'required'),
        kind: t === 'boolean' ? 'boolean' : t === 'array' || controlSchema?.items ? 'array' : 'value',
      };
      const list = byTemplate.get(path) ?? [];
      list.push(info);
      byTemplate.set(path, list);
      if (info.ruleRequired) ruleRequired.push(info);
      const lookupOption = (el.options as { lookupTo?: unknown } | undefined)?.lookupTo;
      if (
        el.type === 'lookup' ||
        controlSchema?.lookupTo ||
        (typeof lookupOption === 'string' && lookupOption)
      ) {
        const segments = el.scope.replace(/^#\/?/, '').split('/');
        const key = segments.pop() ?? '';
        if (segments.at(-1) === 'properties') segments.pop();
        const parentScope = `#/${segments.join('/')}`.replace(/\/$/, '');
        const parent = segments.length > 0 ? resolveScope(parentScope, schema, root) : schema;
        lookups.push({ ...info, schemaRequired: (parent?.required ?? []).includes(key) });
      }
      // A list's detail layout describes each item, at the item's path.
      const items = controlSchema?.items;
      if (items && !Array.isArray(items)) {
        const detail = (el.options as { detail?: unknown } | undefined)?.detail;
        const inner = [
          ...childrenOf(el),
          ...(detail && typeof detail === 'object' && 'type' in detail ? [detail as UISchemaElement] : []),
        ];
        for (const c of inner) visit(c, items, joinPath(path, ITEM), own, depth + 1);
      }
      return;
    }
    for (const c of childrenOf(el)) visit(c, schema, base, own, depth + 1);
  };
  visit(ui, root, '', [], 0);
  return { byTemplate, ruleRequired, lookups };
};

const scopes = new WeakMap<object, WeakMap<object, Map<string, RequiredScope>>>();
export const requiredScopeOf = (
  ui: UISchemaElement,
  root: FormJsonSchema,
  readOnlyFields: ReadonlySet<string>,
): RequiredScope => {
  let byRoot = scopes.get(ui);
  if (!byRoot) scopes.set(ui, (byRoot = new WeakMap()));
  let byList = byRoot.get(root);
  if (!byList) byRoot.set(root, (byList = new Map()));
  const key = [...readOnlyFields].join('\u0000');
  let scope = byList.get(key);
  if (!scope) byList.set(key, (scope = buildRequiredScope(ui, root, readOnlyFields)));
  return scope;
};

/** The concrete base path of an element whose base holds `items` item indices, read from a concrete path. */
const concreteBase = (path: string, items: number): string => {
  if (items === 0) return '';
  const keys = path.split('.');
  let seen = 0;
  for (let i = 0; i < keys.length; i++) {
    if (/^\d+$/.test(keys[i] ?? '') && ++seen === items) return keys.slice(0, i + 1).join('.');
  }
  return path;
};

type ChainState = { hidden: boolean; readonly: boolean; required: boolean };

/** The values a chain's rules read at a concrete path: equal values (data is immutable) give an equal state. */
const chainReads = (chain: Governor[], data: unknown, path: string): unknown[] => {
  const out: unknown[] = [];
  for (const g of chain) {
    for (const d of g.deps) out.push(getIn(data, d));
    if (g.jsonFormsDeps.length === 0) continue;
    const base = concreteBase(path, g.baseItems);
    for (const d of g.jsonFormsDeps) out.push(getIn(data, joinPath(base, d)));
  }
  return out;
};

interface ChainMemo {
  evalJf: JsonFormsConditionEval;
  reads: unknown[];
  state: ChainState;
}
/**
 * The last state per chain and concrete path: the store asks after every edit for every missing field a
 * rule governs (a scored checklist's 200 findings notes), and an edit elsewhere leaves their reads alone.
 */
const chainMemos = new WeakMap<Governor[], Map<string, ChainMemo>>();
const MEMO_PATHS = 5_000;

const chainState = (
  chain: Governor[],
  data: unknown,
  path: string,
  evalJf: JsonFormsConditionEval,
): ChainState => {
  if (chain.length === 0) return { hidden: false, readonly: false, required: false };
  let memos = chainMemos.get(chain);
  if (!memos) chainMemos.set(chain, (memos = new Map()));
  const reads = chainReads(chain, data, path);
  const memo = memos.get(path);
  if (memo && memo.evalJf === evalJf && memo.reads.every((v, i) => v === reads[i])) return memo.state;
  const state = evaluateChain(chain, data, path, evalJf);
  if (memos.size >= MEMO_PATHS) memos.clear();
  memos.set(path, { evalJf, reads, state });
  return state;
};

const evaluateChain = (
  chain: Governor[],
  data: unknown,
  path: string,
  evalJf: JsonFormsConditionEval,
): ChainState => {
  let required = false;
  for (const g of chain) {
    if (g.staticReadOnly) return { hidden: false, readonly: true, required };
    if (!g.rules && !g.rule) continue;
    const base = concreteBase(path, g.baseItems);
    const jf = g.rule ? { rule: g.rule, holds: evalJf(g.rule.condition, data, base) } : undefined;
    const s = evaluateElementRules(g.rules, data, jf);
    if (s.hidden || s.readonly) return { hidden: s.hidden, readonly: s.readonly, required };
    required = s.required;
  }
  return { hidden: false, readonly: false, required };
};

/**
 * Whether a missing path is exempt: the control showing it (or the closest one above it, e.g. the
 * table a cell belongs to) is hidden or read-only, itself or through a layout around it.
 */
export const isExempt = (
  scope: RequiredScope,
  path: string,
  data: unknown,
  evalJf: JsonFormsConditionEval,
): boolean => {
  const keys = path.split('.');
  for (let n = keys.length; n > 0; n--) {
    const concrete = keys.slice(0, n).join('.');
    const controls = scope.byTemplate.get(toTemplate(concrete));
    if (!controls) continue;
    // Shown by several controls: exempt only when every one of them is hidden or read-only.
    return controls.every((c) => {
      const s = chainState(c.chain, data, concrete, evalJf);
      return s.hidden || s.readonly;
    });
  }
  return false;
};

/** Concrete paths of a template over the data: one per item with content at each '[]'. */
const expand = (template: string, data: unknown): string[] => {
  if (!template.includes(ITEM)) return [template];
  const keys = template.split('.');
  let paths = [''];
  for (const k of keys) {
    if (k !== ITEM) {
      paths = paths.map((p) => joinPath(p, k));
      continue;
    }
    const next: string[] = [];
    for (const p of paths) {
      const arr = getIn(data, p);
      if (Array.isArray(arr)) arr.forEach((item, i) => hasContent(item) && next.push(joinPath(p, String(i))));
    }
    paths = next;
  }
  return paths;
};

/** Fields a `required` rule makes required now, that are empty, visible and editable. */
export const missingByRules = (
  scope: RequiredScope,
  data: unknown,
  evalJf: JsonFormsConditionEval,
): string[] => {
  const out: string[] = [];
  for (const c of scope.ruleRequired) {
    for (const p of expand(c.template, data)) {
      if (!isMissing(c.kind, getIn(data, p))) continue;
      const s = chainState(c.chain, data, p, evalJf);
      if (s.required && !s.hidden && !s.readonly) out.push(p);
    }
  }
  return out;
};

/**
 * Required lookups holding typed text with no record chosen (the `{field}_Id` companion empty), that
 * the user can see and change: not filled (issue 40.9). Lookups the schema marks (`lookupTo`) are
 * found by the required walk; this covers those only the layout makes lookups, and rule-required ones.
 */
export const unchosenLookups = (
  scope: RequiredScope,
  data: unknown,
  evalJf: JsonFormsConditionEval,
): string[] => {
  const out: string[] = [];
  for (const c of scope.lookups) {
    for (const p of expand(c.template, data)) {
      if (!hasContent(getIn(data, p))) continue;
      const dot = p.lastIndexOf('.');
      const holder = getIn(data, dot < 0 ? '' : p.slice(0, dot));
      const obj = holder && typeof holder === 'object' ? (holder as Record<string, unknown>) : undefined;
      if (lookupChosen(obj, p.slice(dot + 1))) continue;
      const s = chainState(c.chain, data, p, evalJf);
      if (s.hidden || s.readonly) continue;
      if (c.schemaRequired || (c.ruleRequired && s.required)) out.push(p);
    }
  }
  return out;
};
