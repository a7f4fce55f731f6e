/** Small inputs shared by the rule and layout-event editors. */
import { memo } from 'react';
import { FormControl, FormErrorMessage, FormLabel, IconButton, Input, Textarea } from '@chakra-ui/react';
import { parseParams } from './rule-model';
import { CloseIcon } from 'ui-kit/icons';
import { RULE_EDITOR_TEXTS as R } from './texts';

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

/** JSON parameters, kept as typed (`text`); `params` is passed along whenever the text parses. */
export function ParamsInput({
  id,
  value,
  text,
  error,
  onChange,
}: {
  id: string;
  value: Record<string, unknown> | undefined;
  text: string | undefined;
  error?: string;
  onChange: (
    next: { params: Record<string, unknown> | undefined; paramsText: string } | { paramsText: string },
  ) => void;
}) {
  return (
    <FormControl isInvalid={Boolean(error)}>
      <FormLabel htmlFor={id} fontSize="sm" mb={1}>
        {R.parameters}
      </FormLabel>
      <Textarea
        id={id}
        size="sm"
        rows={2}
        fontFamily="mono"
        value={text ?? (value ? JSON.stringify(value) : '')}
        placeholder='{"recordId": "{General.Id}"}'
        onChange={(e) => {
          const paramsText = e.target.value;
          const params = parseParams(paramsText);
          onChange(params === null ? { paramsText } : { params, paramsText });
        }}
      />
      <FormErrorMessage>{error}</FormErrorMessage>
    </FormControl>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={label}
      icon={<CloseIcon />}
      onClick={onClick}
      alignSelf="flex-end"
    />
  );
}
