/**
 * The run-time rule engine (builder spec section 9): conditions Exists, IsEmpty, ==, !=, >=, >, <=, <;
 * rule types hidden, visible, readonly, required, lookupFilter, dynamicSource, setValues (clear,
 * addDays, setCurrentUser), transfer, invoke, formula hyperlink and image. Pure functions over data.
 */
import type { FormRule, JsonFormsRule, LookupFilter, RuleCondition, SetValueAction } from 'shared-contracts';
import { getIn, scopeToPath, setIn } from './paths';
import { addDays, formatDate, parseDate, resolveToken, type TokenContext } from './tokens';
import { safeHref } from './safe-href';

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

const asComparable = (v: unknown): number | string | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t !== '' && !Number.isNaN(Number(t))) return Number(t);
    if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
      const d = Date.parse(t);
      if (!Number.isNaN(d)) return d;
    }
    return t;
  }
  return undefined;
};

const looseEquals = (a: unknown, b: unknown): boolean => {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  const ca = asComparable(a);
  const cb = asComparable(b);
  return ca !== undefined && ca === cb;
};

const compare = (a: unknown, b: unknown): number | undefined => {
  if (isEmptyValue(a) || isEmptyValue(b)) return undefined;
  const ca = asComparable(a);
  const cb = asComparable(b);
  if (ca === undefined || cb === undefined) return undefined;
  if (typeof ca === 'number' && typeof cb === 'number') return ca - cb;
  return String(ca).localeCompare(String(cb));
};

export const evaluateCondition = (cond: RuleCondition, data: unknown): boolean => {
  const v = getIn(data, cond.field);
  switch (cond.operator) {
    case 'Exists':
      return !isEmptyValue(v);
    case 'IsEmpty':
      return isEmptyValue(v);
    case '==':
      return looseEquals(v, cond.value);
    case '!=':
      return !looseEquals(v, cond.value);
    case '>=': {
      const c = compare(v, cond.value);
      return c !== undefined && c >= 0;
    }
    case '>': {
      const c = compare(v, cond.value);
      return c !== undefined && c > 0;
    }
    case '<=': {
      const c = compare(v, cond.value);
      return c !== undefined && c <= 0;
    }
    case '<': {
      const c = compare(v, cond.value);
      return c !== undefined && c < 0;
    }
    default:
      return false;
  }
};

export const ruleHolds = (rule: FormRule, data: unknown): boolean => {
  const conds = rule.conditions ?? [];
  if (conds.length === 0) return true;
  return rule.match === 'any'
    ? conds.some((c) => evaluateCondition(c, data))
    : conds.every((c) => evaluateCondition(c, data));
};

/** The data paths a rule reads (its conditions, sources and filter references). */
export const ruleDependencies = (rule: FormRule): string[] => {
  const deps = new Set<string>();
  for (const c of rule.conditions ?? []) deps.add(c.field);
  for (const f of rule.filters ?? []) if (f.valueFrom) deps.add(f.valueFrom);
  if (rule.source) deps.add(rule.source);
  for (const m of (rule.formula ?? '').matchAll(/\{([^}]+)\}/g)) if (m[1]) deps.add(m[1].trim());
  return [...deps];
};

/** The state an element's rules give it. */
export interface ElementRuleState {
  hidden: boolean;
  readonly: boolean;
  required: boolean;
  filters: LookupFilter[];
  source?: string;
  hyperlink?: { href: string; label: string };
  image?: string;
}

export const EMPTY_RULE_STATE: ElementRuleState = Object.freeze({
  hidden: false,
  readonly: false,
  required: false,
  filters: [],
}) as ElementRuleState;

/** Replace {a.b} references in a formula with data values. */
export const evaluateFormula = (formula: string, data: unknown): string =>
  formula.replace(/\{([^}]+)\}/g, (_, p: string) => {
    const v = getIn(data, p.trim());
    return v === undefined || v === null ? '' : String(v);
  });

/** Evaluate an element's display rules and a JSON Forms rule into one state. */
export const evaluateElementRules = (
  rules: FormRule[] | undefined,
  data: unknown,
  jsonFormsRule?: { rule: JsonFormsRule; holds: boolean },
): ElementRuleState => {
  let hidden = false;
  let readonly = false;
  let required = false;
  const filters: LookupFilter[] = [];
  let source: string | undefined;
  let hyperlink: ElementRuleState['hyperlink'];
  let image: string | undefined;
  let visibleRules = 0;
  let visibleHolds = false;
  for (const rule of rules ?? []) {
    const holds = ruleHolds(rule, data);
    switch (rule.type) {
      case 'hidden':
        if (holds) hidden = true;
        break;
      case 'visible':
        visibleRules++;
        if (holds) visibleHolds = true;
        break;
      case 'readonly':
        if (holds) readonly = true;
        break;
      case 'required':
        if (holds) required = true;
        break;
      case 'lookupFilter':
        if (holds) filters.push(...(rule.filters ?? []));
        break;
      case 'dynamicSource':
        if (holds && rule.source) source = rule.source;
        break;
      case 'formula hyperlink':
        if (holds && rule.formula) {
          // an unsafe URL (javascript:, data:, ...) is no link: the element shows its text instead
          const href = safeHref(evaluateFormula(rule.formula, data));
          hyperlink = href === undefined ? undefined : { href, label: rule.label ?? rule.formula };
        }
        break;
      case 'image':
        if (holds && rule.formula) image = evaluateFormula(rule.formula, data);
        break;
      default:
        break;
    }
  }
  if (visibleRules > 0 && !visibleHolds) hidden = true;
  if (jsonFormsRule) {
    const { rule, holds } = jsonFormsRule;
    if (rule.effect === 'HIDE' && holds) hidden = true;
    if (rule.effect === 'SHOW' && !holds) hidden = true;
    if (rule.effect === 'DISABLE' && holds) readonly = true;
    if (rule.effect === 'ENABLE' && !holds) readonly = true;
  }
  if (!hidden && !readonly && !required && filters.length === 0 && !source && !hyperlink && !image) {
    return EMPTY_RULE_STATE;
  }
  return { hidden, readonly, required, filters, source, hyperlink, image };
};

export const sameRuleState = (a: ElementRuleState, b: ElementRuleState): boolean =>
  a === b ||
  (a.hidden === b.hidden &&
    a.readonly === b.readonly &&
    a.required === b.required &&
    a.source === b.source &&
    a.image === b.image &&
    a.hyperlink?.href === b.hyperlink?.href &&
    a.hyperlink?.label === b.hyperlink?.label &&
    JSON.stringify(a.filters) === JSON.stringify(b.filters));

/** Apply set-value steps to data (clear, addDays, setCurrentUser, literal or token). */
export const applySetValues = (data: unknown, actions: SetValueAction[], ctx: TokenContext): unknown => {
  let out = data;
  for (const a of actions) {
    let value: unknown;
    switch (a.fn) {
      case 'clear':
        value = undefined;
        break;
      case 'addDays': {
        const baseRaw = a.from ? getIn(out, a.from) : undefined;
        const base = typeof baseRaw === 'string' ? parseDate(baseRaw) : (ctx.now ?? new Date());
        value = base ? formatDate(addDays(base, a.days ?? 0)) : undefined;
        break;
      }
      case 'setCurrentUser':
        value = resolveToken(`$currentuser.${a.userField ?? 'Name'}`, ctx);
        break;
      default:
        value = resolveToken(a.value, ctx);
    }
    out = setIn(out, a.field, value);
  }
  return out;
};

export const applyTransfer = (data: unknown, pairs: Array<{ from: string; to: string }>): unknown =>
  pairs.reduce((acc, { from, to }) => setIn(acc, to, getIn(acc, from)), data);

/**
 * Data-changing rules (setValues, transfer) fire when their conditions go from not holding to holding
 * (or on load events). Returns the new data and the invoke actions to run.
 */
export const applyActionRules = (
  rules: FormRule[],
  prev: unknown,
  next: unknown,
  ctx: TokenContext,
  force = false,
): { data: unknown; invokes: FormRule[] } => {
  let data = next;
  const invokes: FormRule[] = [];
  for (const rule of rules) {
    const nowHolds = ruleHolds(rule, data);
    const before = force ? false : ruleHolds(rule, prev);
    if (!nowHolds || before) continue;
    if (rule.type === 'setValues') data = applySetValues(data, rule.values ?? [], ctx);
    else if (rule.type === 'transfer') data = applyTransfer(data, rule.transfer ?? []);
    else if (rule.type === 'invoke') invokes.push(rule);
  }
  return { data, invokes };
};

/** JSON Forms' LEAF condition with expectedValue (schema conditions are evaluated by the caller). */
export const jsonFormsRuleDeps = (cond: JsonFormsRule['condition']): string[] =>
  cond.conditions ? cond.conditions.flatMap(jsonFormsRuleDeps) : cond.scope ? [scopeToPath(cond.scope)] : [];
