/**
 * Validation presets for text fields and table columns (builder spec section 5). A field stores the
 * choice as `regexRuleName` + `pattern` + `errorMessage` (the keywords the renderer reads). Patterns
 * are anchored and valid both as plain and as unicode (`u`, what Ajv uses) regular expressions.
 */
import { BUILDER_EDITOR_MESSAGES as M, presetMessage } from 'shared-contracts';
import { compilePattern } from 'form-core';

export type PresetLabel =
  'Email Address' | 'Phone Number' | 'Numeric' | 'Alphanumeric' | 'Alphabetic' | 'ZIP Code' | 'URL';

export interface ValidationPreset {
  label: PresetLabel;
  /** Stored as regexRuleName: '<label> Only' (so numeric columns get the spec's 'Numeric Only'). */
  ruleName: string;
  pattern: string;
  /** 'Field Validation : <label> Only' */
  message: string;
}

const preset = (label: PresetLabel, pattern: string): ValidationPreset => ({
  label,
  ruleName: `${label} Only`,
  pattern,
  message: presetMessage(label),
});

export const VALIDATION_PRESETS: readonly ValidationPreset[] = [
  // local@domain.tld, no spaces anywhere
  preset('Email Address', '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$'),
  // optional +, first digit 1-9, at most 15 digits in all
  preset('Phone Number', '^\\+?[1-9][0-9]{0,14}$'),
  // digits with an optional decimal part
  preset('Numeric', '^[0-9]+(\\.[0-9]+)?$'),
  preset('Alphanumeric', '^[A-Za-z0-9]+$'),
  preset('Alphabetic', '^[A-Za-z]+$'),
  preset('ZIP Code', '^[0-9]{5}(-[0-9]{4})?$'),
  // http(s) or ftp scheme optional, a dotted host (or localhost) with an optional port, then a path
  preset(
    'URL',
    '^((https?|ftp):\\/\\/)?(localhost|([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{2,})(:[0-9]{1,5})?(\\/[^\\s]*)?$',
  ),
];

/** The choices of the preset select besides the presets themselves. */
export const PRESET_PLACEHOLDER = 'Select an option';
export const CUSTOM_RULE = 'Custom';
/** None disables the pattern and its message (stored lower-case, as the end-user spec reads it). */
export const NONE_RULE = 'none';

export type ValidationChoice = PresetLabel | typeof CUSTOM_RULE | typeof NONE_RULE | '';

/** What a field or column stores. */
export interface FieldValidation {
  regexRuleName: string;
  pattern: string;
  errorMessage: string;
}

export const NO_VALIDATION: FieldValidation = Object.freeze({
  regexRuleName: '',
  pattern: '',
  errorMessage: '',
});

export const presetByLabel = (label: string): ValidationPreset | undefined =>
  VALIDATION_PRESETS.find((p) => p.label === label);

/** The stored validation for a choice; Custom keeps the user's rule code and message. */
export const validationFor = (
  choice: ValidationChoice,
  custom: { pattern?: string; errorMessage?: string } = {},
): FieldValidation => {
  if (choice === CUSTOM_RULE) {
    return {
      regexRuleName: CUSTOM_RULE,
      pattern: custom.pattern ?? '',
      errorMessage: custom.errorMessage ?? '',
    };
  }
  if (choice === NONE_RULE) return { regexRuleName: NONE_RULE, pattern: '', errorMessage: '' };
  const p = presetByLabel(choice);
  return p
    ? { regexRuleName: p.ruleName, pattern: p.pattern, errorMessage: p.message }
    : { ...NO_VALIDATION };
};

/**
 * The choice a stored validation stands for. A preset's rule name (or label) reads back as the
 * preset; an unknown name with a pattern reads as Custom (older forms stored other names).
 */
export const choiceOf = (v: Partial<FieldValidation> | undefined): ValidationChoice => {
  const name = (v?.regexRuleName ?? '').trim();
  if (name.toLowerCase() === NONE_RULE) return NONE_RULE;
  const p = VALIDATION_PRESETS.find((x) => x.ruleName === name || x.label === name);
  if (p) return p.label;
  if (name === CUSTOM_RULE || (v?.pattern ?? '') !== '') return CUSTOM_RULE;
  return '';
};

/**
 * Checks a value against a stored validation: the error message when it fails, else undefined.
 * Empty values pass (required-ness is a separate flag) and so does an uncompilable pattern.
 */
export const validateValue = (
  value: unknown,
  v: Partial<FieldValidation> | undefined,
): string | undefined => {
  if (!v?.pattern || value === undefined || value === null || String(value).trim() === '') return undefined;
  const re = compilePattern(v.pattern);
  if (!re || re.test(String(value))) return undefined;
  return v.errorMessage || v.regexRuleName || v.pattern;
};

/** Checks a value against a preset by label. */
export const matchesPreset = (value: string, label: PresetLabel): boolean =>
  validateValue(value, validationFor(label)) === undefined;

/** Errors of a Custom rule's inputs: rule code present and compilable, error message present. */
export const validateCustomRule = (
  pattern: string,
  errorMessage: string,
): { pattern?: string; errorMessage?: string } => {
  const out: { pattern?: string; errorMessage?: string } = {};
  if (pattern.trim() === '') out.pattern = M.customPatternRequired;
  else if (!compilePattern(pattern)) out.pattern = M.customPatternInvalid;
  if (errorMessage.trim() === '') out.errorMessage = M.customMessageRequired;
  return out;
};
