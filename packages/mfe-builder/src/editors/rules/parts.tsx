/** Small inputs shared by the rule and layout-event editors. */
import { memo, useEffect, useState } from 'react';
import { FormControl, FormErrorMessage, FormLabel, IconButton, Input, Textarea } from '@chakra-ui/react';
import { parseParams, RULE_TEXTS } from './rule-model';

export interface FieldOption {
  /** Data path, dot separated (e.g. 'General.CQ_Form_Status'). */
  path: string;
  label: string;
}

/** One `<datalist>` of data paths per editor; path inputs suggest from it and accept any path. */
export const PathList = memo(function PathList({
  id,
  fields,
}: {
  id: string;
  fields: readonly FieldOption[];
}) {
  return (
    <datalist id={id}>
      {fields.map((f) => (
        <option key={f.path} value={f.path}>
          {f.label}
        </option>
      ))}
    </datalist>
  );
});

export interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  listId?: string;
  placeholder?: string;
  type?: string;
}

export function TextInput({ id, label, value, onChange, error, listId, placeholder, type }: TextInputProps) {
  return (
    <FormControl isInvalid={Boolean(error)} flex="1" minW="8rem">
      <FormLabel htmlFor={id} fontSize="sm" mb={1}>
        {label}
      </FormLabel>
      <Input
        id={id}
        size="sm"
        type={type}
        list={listId}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      <FormErrorMessage>{error}</FormErrorMessage>
    </FormControl>
  );
}

/** JSON parameters: typed as text, passed on only when they parse as an object (or are empty). */
export function ParamsInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Record<string, unknown> | undefined;
  onChange: (v: Record<string, unknown> | undefined) => void;
}) {
  const [text, setText] = useState(() => (value ? JSON.stringify(value) : ''));
  const parsed = parseParams(text);
  // The list above may shift (a rule removed): follow the value when it is not what the text says.
  useEffect(() => {
    setText((t) => {
      const p = parseParams(t);
      return p !== null && JSON.stringify(p ?? null) === JSON.stringify(value ?? null)
        ? t
        : value
          ? JSON.stringify(value)
          : '';
    });
  }, [value]);
  return (
    <FormControl isInvalid={parsed === null}>
      <FormLabel htmlFor={id} fontSize="sm" mb={1}>
        Parameters (JSON)
      </FormLabel>
      <Textarea
        id={id}
        size="sm"
        rows={2}
        fontFamily="mono"
        value={text}
        placeholder='{"recordId": "{General.Id}"}'
        onChange={(e) => {
          setText(e.target.value);
          const next = parseParams(e.target.value);
          if (next !== null) onChange(next);
        }}
      />
      <FormErrorMessage>{RULE_TEXTS.paramsInvalid}</FormErrorMessage>
    </FormControl>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={label}
      icon={<span aria-hidden="true">✕</span>}
      onClick={onClick}
      alignSelf="flex-end"
    />
  );
}
