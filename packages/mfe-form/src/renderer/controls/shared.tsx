import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { FormControl, FormErrorMessage, FormLabel, IconButton, useToast } from '@chakra-ui/react';
import { WARNING_TOAST_MS } from 'shared-contracts';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { useFormContext, useMeta, useRuleState, useValue } from '../context';
import type { FieldMeta } from '../core/store';
import type { ElementRuleState } from '../core/rules';
import { joinPath, scopeToPath } from '../core/paths';
import { resolveScope, titleOf } from '../core/schema';
import type { RendererProps } from '../types';

export interface ControlState {
  /** The data path of the control's value. */
  dataPath: string;
  controlSchema: FormJsonSchema;
  label: string;
  showLabel: boolean;
  required: boolean;
  enabled: boolean;
  value: unknown;
  setValue: (value: unknown) => void;
  meta: FieldMeta;
  rule: ElementRuleState;
  id: string;
}

/** The label of an element: its label text, or the schema title, or the property name. */
export const labelOf = (
  el: UISchemaElement,
  schema: FormJsonSchema | undefined,
  dataPath: string,
): string => {
  const l = el.label;
  if (typeof l === 'string') return l;
  if (l && typeof l === 'object') return l.text;
  return titleOf(schema, dataPath.split('.').pop() ?? '');
};

const parentRequires = (scope: string, schema: FormJsonSchema, root: FormJsonSchema): boolean => {
  const parts = scope.replace(/^#\/?/, '').split('/').filter(Boolean);
  const name = parts[parts.length - 1];
  if (parts.length < 2 || parts[parts.length - 2] !== 'properties' || !name) return false;
  const parentScope = `#/${parts.slice(0, -2).join('/')}`;
  const parent = resolveScope(parentScope, schema, root);
  return parent?.required?.includes(name) ?? false;
};

/** Everything a control needs, read from the store with per-path subscriptions. */
export const useControl = ({ uischema, schema, path, enabled }: RendererProps): ControlState => {
  const ctx = useFormContext();
  const { store, rootSchema, readOnly, readOnlyFields } = ctx;
  const scope = uischema.scope ?? '#';
  const dataPath = joinPath(path, scopeToPath(scope));
  const statics = useMemo(() => {
    const cs = resolveScope(scope, schema, rootSchema) ?? {};
    return {
      controlSchema: cs,
      label: labelOf(uischema, cs, dataPath),
      schemaRequired: parentRequires(scope, schema, rootSchema),
      showLabel: uischema.options?.showLabel !== false && uischema.label !== false,
      staticReadOnly:
        uischema.options?.readOnly === true ||
        cs.readOnly === true ||
        readOnlyFields.has(dataPath) ||
        readOnlyFields.has(dataPath.split('.').pop() ?? ''),
    };
  }, [scope, schema, rootSchema, uischema, dataPath, readOnlyFields]);
  const value = useValue(dataPath);
  const meta = useMeta(dataPath);
  const rule = useRuleState(uischema, dataPath, path);
  const setValue = useCallback((v: unknown) => store.set(dataPath, v), [store, dataPath]);
  return {
    dataPath,
    controlSchema: statics.controlSchema,
    label: statics.label,
    showLabel: statics.showLabel,
    required: statics.schemaRequired || rule.required,
    enabled: enabled && !readOnly && !statics.staticReadOnly && !rule.readonly,
    value,
    setValue,
    meta,
    rule,
    id: `${store.uid}-${dataPath || 'root'}`,
  };
};

const WarningSvg = (): JSX.Element => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z" />
  </svg>
);

/** The warning icon beside a field whose pattern fails: a click shows errorMessage as a 3 s warning toast. */
export const PatternWarning = memo(function PatternWarning({ message }: { message: string }) {
  const toast = useToast();
  return (
    <IconButton
      aria-label="Show validation message"
      icon={<WarningSvg />}
      size="sm"
      variant="ghost"
      colorScheme="red"
      data-testid="pattern-warning"
      onClick={() =>
        toast({ status: 'warning', description: message, duration: WARNING_TOAST_MS, isClosable: true })
      }
    />
  );
});

/** Label (with the required asterisk), the control, its errors, and the edited marker. */
export const ControlShell = ({
  state,
  children,
  labelFor = true,
}: {
  state: ControlState;
  children: ReactNode;
  labelFor?: boolean;
}) => {
  const { meta, required, label, showLabel, enabled, id, dataPath } = state;
  const invalid = meta.errors.length > 0 || meta.patternFailed;
  return (
    <FormControl
      isRequired={required}
      isInvalid={invalid}
      isReadOnly={!enabled}
      mb={3}
      data-path={dataPath}
      data-edited={meta.edited || undefined}
      borderLeftWidth={meta.edited ? '3px' : undefined}
      borderLeftColor={meta.edited ? 'blue.300' : undefined}
      pl={meta.edited ? 2 : undefined}
    >
      {showLabel && label ? (
        <FormLabel htmlFor={labelFor ? id : undefined} mb={1} fontSize="sm">
          {label}
        </FormLabel>
      ) : null}
      {children}
      {meta.errors.map((m) => (
        <FormErrorMessage key={m}>{m}</FormErrorMessage>
      ))}
    </FormControl>
  );
};

export const isHidden = (state: ControlState): boolean => state.rule.hidden;
