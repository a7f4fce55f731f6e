import { defineTexts, type FormRuleType, type LookupFilter, type RuleCondition } from 'shared-contracts';

/**
 * The rule and form-event editors' labels (not in the spec), in English; the catalogs in src/i18n
 * translate them (issue 44). Rule types and operators are stored as the rule language's words (the
 * spec's); English shows them as written, other languages show a translation of the same option.
 * Data paths and symbolic operators (==, <) are shown as written in every language.
 */
export const RULE_EDITOR_TEXTS = defineTexts('ruleEditor', {
  rules: 'Rules',
  newRuleType: 'New rule type',
  addRule: 'Add Rule',
  rule: (n: number) => `Rule ${n}`,
  ruleType: (n: number) => `Rule ${n} type`,
  removeRule: (n: number) => `Remove Rule ${n}`,
  alwaysApplies: 'Always applies',
  when: 'When',
  ruleMatch: (n: number) => `Rule ${n} match`,
  allConditions: 'all conditions',
  anyCondition: 'any condition',
  conditionField: (n: number) => `Condition ${n} field`,
  conditionOperator: (n: number) => `Condition ${n} operator`,
  conditionValue: (n: number) => `Condition ${n} value`,
  removeCondition: (n: number) => `Remove condition ${n}`,
  addCondition: 'Add Condition',
  filterField: (n: number) => `Filter ${n} lookup field`,
  filterOperator: (n: number) => `Filter ${n} operator`,
  filterValue: (n: number) => `Filter ${n} value`,
  filterValueFrom: (n: number) => `Filter ${n} value from field`,
  removeFilter: (n: number) => `Remove filter ${n}`,
  addFilter: 'Add Filter',
  optionsFrom: 'Options from field',
  setField: (n: number) => `Set ${n} field`,
  setFunction: (n: number) => `Set ${n} function`,
  fnValue: 'value',
  fnClear: 'clear',
  fnAddDays: 'addDays',
  fnSetCurrentUser: 'setCurrentUser',
  setValue: (n: number) => `Set ${n} value`,
  setValuePlaceholder: 'text or $today+1',
  setDays: (n: number) => `Set ${n} days`,
  setFrom: (n: number) => `Set ${n} from date field`,
  setFromPlaceholder: 'today',
  setUserField: (n: number) => `Set ${n} user field`,
  userFieldPlaceholder: 'Name',
  removeSet: (n: number) => `Remove set ${n}`,
  addValue: 'Add Value',
  copyFrom: (n: number) => `Copy ${n} from`,
  copyTo: (n: number) => `Copy ${n} to`,
  removeCopy: (n: number) => `Remove copy ${n}`,
  addCopy: 'Add Copy',
  action: 'Action',
  actionPlaceholder: 'flow or component name',
  parameters: 'Parameters (JSON)',
  imageFormula: 'Image URL formula',
  linkFormula: 'Link formula',
  linkText: 'Link text',
  formEvents: 'Form events',
  redirectTo: 'After save: redirect to',
  redirectPlaceholder: '/ or a record URL',
  onInit: 'On init',
  onInitAction: (n: number) => `On init ${n} action`,
  removeOnInit: (n: number) => `Remove on init ${n}`,
  addOnInit: 'Add On Init Action',
  onLoad: 'On load',
  typeHidden: 'hidden',
  typeReadonly: 'readonly',
  typeVisible: 'visible',
  typeRequired: 'required',
  typeLookupFilter: 'lookupFilter',
  typeDynamicSource: 'dynamicSource',
  typeTransfer: 'transfer',
  typeSetValues: 'setValues',
  typeInvoke: 'invoke',
  typeFormulaHyperlink: 'formula hyperlink',
  typeImage: 'image',
  opExists: 'Exists',
  opIsEmpty: 'IsEmpty',
  filterEq: 'eq',
  filterNeq: 'neq',
  filterLt: 'lt',
  filterLte: 'lte',
  filterGt: 'gt',
  filterGte: 'gte',
  filterEndswith: 'endswith',
  filterStartswith: 'startswith',
  filterContains: 'contains',
} as const);

type OptionText = {
  [K in keyof typeof RULE_EDITOR_TEXTS]: (typeof RULE_EDITOR_TEXTS)[K] extends string ? K : never;
}[keyof typeof RULE_EDITOR_TEXTS];

const RULE_TYPE_TEXT: Record<FormRuleType, OptionText> = {
  hidden: 'typeHidden',
  readonly: 'typeReadonly',
  visible: 'typeVisible',
  required: 'typeRequired',
  lookupFilter: 'typeLookupFilter',
  dynamicSource: 'typeDynamicSource',
  transfer: 'typeTransfer',
  setValues: 'typeSetValues',
  invoke: 'typeInvoke',
  'formula hyperlink': 'typeFormulaHyperlink',
  image: 'typeImage',
};

const FILTER_OPERATOR_TEXT: Record<LookupFilter['operator'], OptionText> = {
  eq: 'filterEq',
  neq: 'filterNeq',
  lt: 'filterLt',
  lte: 'filterLte',
  gt: 'filterGt',
  gte: 'filterGte',
  endswith: 'filterEndswith',
  startswith: 'filterStartswith',
  contains: 'filterContains',
};

const CONDITION_OPERATOR_TEXT: Partial<Record<RuleCondition['operator'], OptionText>> = {
  Exists: 'opExists',
  IsEmpty: 'opIsEmpty',
};

/** A rule type as shown in the user's language (the option's value stays the type). */
export const ruleTypeText = (type: FormRuleType): string => RULE_EDITOR_TEXTS[RULE_TYPE_TEXT[type]];

/** A lookup filter operator as shown in the user's language (the option's value stays the operator). */
export const filterOperatorText = (op: LookupFilter['operator']): string =>
  RULE_EDITOR_TEXTS[FILTER_OPERATOR_TEXT[op]];

/** A condition operator as shown: the words translated, the symbols as written. */
export const conditionOperatorText = (op: RuleCondition['operator']): string => {
  const key = CONDITION_OPERATOR_TEXT[op];
  return key ? RULE_EDITOR_TEXTS[key] : op;
};
