/**
 * Rules and layout events as the renderer reads them (shared-contracts `FormRule`, `LayoutEvents`;
 * mfe-form renderer README): new rules per type, type changes, the clean JSON written to the ui
 * schema (no empty or unused keys), and the checks the rule editor shows. Framework-free.
 */
import {
  defineTexts,
  LOOKUP_FILTER_OPERATORS,
  RULE_OPERATORS,
  RULE_TYPES,
  SET_VALUE_FUNCTIONS,
  type FormRule,
  type FormRuleType,
  type LayoutEvents,
  type LookupFilter,
  type RuleCondition,
  type SetValueAction,
} from 'shared-contracts';

export { LOOKUP_FILTER_OPERATORS, RULE_OPERATORS, RULE_TYPES, SET_VALUE_FUNCTIONS };

/** Rule types an onLoad layout event may run (builder spec section 9). */
export const ON_LOAD_TYPES: readonly FormRuleType[] = ['invoke', 'setValues', 'transfer'];

/** Editor texts (not in the spec). */
export const RULE_TEXTS = defineTexts('rules', {
  fieldRequired: 'Choose a field',
  valueRequired: 'Enter a value',
  actionRequired: 'Enter the action name',
  paramsInvalid: 'Parameters must be a JSON object',
  formulaRequired: 'Enter a formula',
  sourceRequired: 'Choose the source field',
  daysInvalid: 'Days must be a whole number',
  redirectRequired: 'Enter where to redirect',
  stepRequired: 'Add at least one entry',
} as const);

/**
 * While editing, invoke parameters are kept as typed (`paramsText`) and `params` follows whenever
 * the text parses; text that does not parse is an error (Save blocked). Never written out.
 */
export interface ParamsDraft {
  paramsText?: string;
}
export type EditableRule = FormRule & ParamsDraft;

export const paramsError = (d: ParamsDraft): string | undefined =>
  d.paramsText !== undefined && parseParams(d.paramsText) === null ? RULE_TEXTS.paramsInvalid : undefined;

/** Operators that take no value. */
export const needsValue = (op: RuleCondition['operator']): boolean => op !== 'Exists' && op !== 'IsEmpty';

export const newCondition = (): RuleCondition => ({ field: '', operator: '==', value: '' });
export const newFilter = (): LookupFilter => ({ field: '', operator: 'eq', value: '' });
export const newSetValue = (): SetValueAction => ({ field: '', value: '' });
export const newTransfer = (): { from: string; to: string } => ({ from: '', to: '' });

/** A new rule of a type with the parts that type needs. */
export const newRule = (type: FormRuleType): FormRule => {
  switch (type) {
    case 'lookupFilter':
      return { type, filters: [newFilter()] };
    case 'dynamicSource':
      return { type, source: '' };
    case 'setValues':
      return { type, values: [newSetValue()] };
    case 'transfer':
      return { type, transfer: [newTransfer()] };
    case 'invoke':
      return { type, action: '' };
    case 'formula hyperlink':
      return { type, formula: '', label: '' };
    case 'image':
      return { type, formula: '' };
    default:
      return { type };
  }
};

/** Another type keeps the conditions (and match), drops what only the old type used. */
export const changeRuleType = (rule: FormRule, type: FormRuleType): FormRule => ({
  ...newRule(type),
  ...(rule.conditions ? { conditions: rule.conditions } : {}),
  ...(rule.match ? { match: rule.match } : {}),
});

const cleanCondition = (c: RuleCondition): RuleCondition =>
  needsValue(c.operator)
    ? { field: c.field.trim(), operator: c.operator, value: c.value ?? '' }
    : { field: c.field.trim(), operator: c.operator };

const cleanSetValue = (v: SetValueAction): SetValueAction => {
  const field = v.field.trim();
  switch (v.fn) {
    case 'clear':
      return { field, fn: 'clear' };
    case 'addDays':
      return { field, fn: 'addDays', days: v.days ?? 0, ...(v.from?.trim() ? { from: v.from.trim() } : {}) };
    case 'setCurrentUser':
      return {
        field,
        fn: 'setCurrentUser',
        ...(v.userField?.trim() ? { userField: v.userField.trim() } : {}),
      };
    default:
      return { field, value: v.value ?? '' };
  }
};

const cleanFilter = (f: LookupFilter): LookupFilter =>
  f.valueFrom?.trim()
    ? { field: f.field.trim(), operator: f.operator, valueFrom: f.valueFrom.trim() }
    : { field: f.field.trim(), operator: f.operator, value: f.value ?? '' };

/** The rule as written to the ui schema: only the keys its type reads, no empty lists. */
export const cleanRule = (rule: EditableRule): FormRule => {
  const out: FormRule = { type: rule.type };
  if (rule.conditions?.length) out.conditions = rule.conditions.map(cleanCondition);
  if (rule.match === 'any' && out.conditions) out.match = 'any';
  switch (rule.type) {
    case 'lookupFilter':
      out.filters = (rule.filters ?? []).map(cleanFilter);
      break;
    case 'dynamicSource':
      out.source = (rule.source ?? '').trim();
      break;
    case 'setValues':
      out.values = (rule.values ?? []).map(cleanSetValue);
      break;
    case 'transfer':
      out.transfer = (rule.transfer ?? []).map((t) => ({ from: t.from.trim(), to: t.to.trim() }));
      break;
    case 'invoke':
      out.action = (rule.action ?? '').trim();
      if (rule.params && Object.keys(rule.params).length) out.params = rule.params;
      break;
    case 'formula hyperlink':
      out.formula = rule.formula ?? '';
      if (rule.label?.trim()) out.label = rule.label.trim();
      break;
    case 'image':
      out.formula = rule.formula ?? '';
      break;
    default:
      break;
  }
  return out;
};

/** Errors by location ('conditions.0.field', 'action'...); empty when the rule can be saved. */
export type RuleErrors = Record<string, string>;

export const validateRule = (rule: EditableRule): RuleErrors => {
  const e: RuleErrors = {};
  (rule.conditions ?? []).forEach((c, i) => {
    if (!c.field.trim()) e[`conditions.${i}.field`] = RULE_TEXTS.fieldRequired;
  });
  switch (rule.type) {
    case 'lookupFilter':
      if (!rule.filters?.length) e.filters = RULE_TEXTS.stepRequired;
      (rule.filters ?? []).forEach((f, i) => {
        if (!f.field.trim()) e[`filters.${i}.field`] = RULE_TEXTS.fieldRequired;
      });
      break;
    case 'dynamicSource':
      if (!rule.source?.trim()) e.source = RULE_TEXTS.sourceRequired;
      break;
    case 'setValues':
      if (!rule.values?.length) e.values = RULE_TEXTS.stepRequired;
      (rule.values ?? []).forEach((v, i) => {
        if (!v.field.trim()) e[`values.${i}.field`] = RULE_TEXTS.fieldRequired;
        if (v.fn === 'addDays' && !Number.isInteger(v.days)) e[`values.${i}.days`] = RULE_TEXTS.daysInvalid;
      });
      break;
    case 'transfer':
      if (!rule.transfer?.length) e.transfer = RULE_TEXTS.stepRequired;
      (rule.transfer ?? []).forEach((t, i) => {
        if (!t.from.trim()) e[`transfer.${i}.from`] = RULE_TEXTS.fieldRequired;
        if (!t.to.trim()) e[`transfer.${i}.to`] = RULE_TEXTS.fieldRequired;
      });
      break;
    case 'invoke':
      if (!rule.action?.trim()) e.action = RULE_TEXTS.actionRequired;
      if (paramsError(rule)) e.params = RULE_TEXTS.paramsInvalid;
      break;
    case 'formula hyperlink':
    case 'image':
      if (!rule.formula?.trim()) e.formula = RULE_TEXTS.formulaRequired;
      break;
    default:
      break;
  }
  return e;
};

export const rulesValid = (rules: readonly EditableRule[] | undefined): boolean =>
  (rules ?? []).every((r) => Object.keys(validateRule(r)).length === 0);

/** Parameters typed as JSON: an object, or undefined for empty text; null when the text is not one. */
export const parseParams = (text: string): Record<string, unknown> | undefined | null => {
  if (text.trim() === '') return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export type InitStep = NonNullable<LayoutEvents['onInit']>[number] & ParamsDraft;
/** Layout events as edited (parameters kept as typed). */
export type EditableEvents = Omit<LayoutEvents, 'onInit' | 'onLoad'> & {
  onInit?: InitStep[];
  onLoad?: EditableRule[];
};

/** Layout events as written to the root layout: absent parts left out, undefined when none. */
export const cleanEvents = (ev: EditableEvents | undefined): LayoutEvents | undefined => {
  if (!ev) return undefined;
  const out: LayoutEvents = {};
  const redirect = ev.afterSave?.redirectTo?.trim();
  if (redirect) out.afterSave = { redirectTo: redirect };
  if (ev.onInit?.length) {
    out.onInit = ev.onInit.map((s) => ({
      type: 'invoke' as const,
      action: s.action.trim(),
      ...(s.params && Object.keys(s.params).length ? { params: s.params } : {}),
    }));
  }
  if (ev.onLoad?.length) out.onLoad = ev.onLoad.map(cleanRule);
  return Object.keys(out).length ? out : undefined;
};

export const validateEvents = (ev: EditableEvents | undefined): RuleErrors => {
  const e: RuleErrors = {};
  (ev?.onInit ?? []).forEach((s, i) => {
    if (!s.action.trim()) e[`onInit.${i}.action`] = RULE_TEXTS.actionRequired;
    if (paramsError(s)) e[`onInit.${i}.params`] = RULE_TEXTS.paramsInvalid;
  });
  (ev?.onLoad ?? []).forEach((r, i) => {
    for (const [k, v] of Object.entries(validateRule(r))) e[`onLoad.${i}.${k}`] = v;
  });
  return e;
};
