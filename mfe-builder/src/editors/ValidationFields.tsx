import { memo } from 'react';
import { FormControl, FormErrorMessage, FormLabel, Input, Select, Stack } from '@chakra-ui/react';
import { FIELD_EDITOR_TEXTS as T } from './texts';
import {
  CUSTOM_RULE,
  choiceOf,
  NONE_RULE,
  PRESET_PLACEHOLDER,
  VALIDATION_PRESETS,
  validationFor,
  type FieldValidation,
  type ValidationChoice,
} from '../model/validation-presets';

export interface ValidationFieldsProps {
  /** Prefix for element ids (several editors may be open). */
  idPrefix: string;
  value: FieldValidation;
  onChange: (next: FieldValidation) => void;
  errors?: { pattern?: string; errorMessage?: string };
}

/**
 * The validation rule select (Select an option, the presets, Custom, None) with its rule code and
 * error message: read-only for a preset, editable for Custom, hidden for None and the placeholder.
 */
export const ValidationFields = memo(function ValidationFields({
  idPrefix,
  value,
  onChange,
  errors = {},
}: ValidationFieldsProps) {
  const choice = choiceOf(value);
  const custom = choice === CUSTOM_RULE;
  const shown = choice !== '' && choice !== NONE_RULE;
  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel htmlFor={`${idPrefix}-rule`}>{T.validationRule}</FormLabel>
        <Select
          id={`${idPrefix}-rule`}
          value={choice}
          onChange={(e) => {
            const next = e.target.value as ValidationChoice;
            // Custom starts from what was there (a preset's pattern is a handy starting point).
            onChange(next === CUSTOM_RULE ? validationFor(CUSTOM_RULE, value) : validationFor(next));
          }}
        >
          <option value="">{PRESET_PLACEHOLDER}</option>
          {VALIDATION_PRESETS.map((p) => (
            <option key={p.label} value={p.label}>
              {p.label}
            </option>
          ))}
          <option value={CUSTOM_RULE}>{T.customRule}</option>
          <option value={NONE_RULE}>{T.none}</option>
        </Select>
      </FormControl>
      {shown ? (
        <>
          <FormControl isInvalid={Boolean(errors.pattern)} isReadOnly={!custom}>
            <FormLabel htmlFor={`${idPrefix}-pattern`}>{T.ruleCode}</FormLabel>
            <Input
              id={`${idPrefix}-pattern`}
              fontFamily="mono"
              value={value.pattern}
              onChange={(e) => onChange({ ...value, pattern: e.target.value })}
            />
            <FormErrorMessage>{errors.pattern}</FormErrorMessage>
          </FormControl>
          <FormControl isInvalid={Boolean(errors.errorMessage)} isReadOnly={!custom}>
            <FormLabel htmlFor={`${idPrefix}-message`}>{T.errorMessage}</FormLabel>
            <Input
              id={`${idPrefix}-message`}
              value={value.errorMessage}
              onChange={(e) => onChange({ ...value, errorMessage: e.target.value })}
            />
            <FormErrorMessage>{errors.errorMessage}</FormErrorMessage>
          </FormControl>
        </>
      ) : null}
    </Stack>
  );
});
