import { memo, type ChangeEvent } from 'react';
import { Box, Checkbox, Input, InputGroup, InputRightElement, Textarea } from '@chakra-ui/react';
import { NUMBER_STEP } from 'shared-contracts';
import { useFormContext } from '../context';
import { failsPattern, normaliseText } from '../core/validation';
import type { RendererProps } from '../types';
import { ControlShell, PatternWarning, useControl, type ControlState } from './shared';

/** Text-like input: whitespace-only clears the value; the schema pattern is tested on every input. */
const usePatternedChange = (state: ControlState, parse: (raw: string) => unknown) => {
  const { store } = useFormContext();
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    const next = parse(e.target.value);
    store.setPatternFailed(state.dataPath, failsPattern(next, state.controlSchema));
    state.setValue(next);
  };
};

const PatternIcon = ({ state }: { state: ControlState }) =>
  state.meta.patternFailed ? (
    <InputRightElement>
      <PatternWarning message={state.controlSchema.errorMessage ?? state.meta.errors[0] ?? 'Invalid value'} />
    </InputRightElement>
  ) : null;

const asText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export const TextControl = memo(function TextControl(props: RendererProps) {
  const state = useControl(props);
  const onChange = usePatternedChange(state, (raw) => normaliseText(raw));
  if (state.rule.hidden) return null;
  const maxLength = state.controlSchema.maxLength;
  return (
    <ControlShell state={state}>
      <InputGroup size="sm">
        <Input
          id={state.id}
          value={asText(state.value)}
          onChange={onChange}
          isReadOnly={!state.enabled}
          maxLength={maxLength}
          borderColor={state.meta.patternFailed ? 'red.500' : undefined}
        />
        <PatternIcon state={state} />
      </InputGroup>
    </ControlShell>
  );
});

export const TextAreaControl = memo(function TextAreaControl(props: RendererProps) {
  const state = useControl(props);
  const onChange = usePatternedChange(state, (raw) => normaliseText(raw));
  if (state.rule.hidden) return null;
  const text = asText(state.value);
  return (
    <ControlShell state={state}>
      <Textarea
        id={state.id}
        size="sm"
        value={text}
        onChange={onChange}
        isReadOnly={!state.enabled}
        maxLength={state.controlSchema.maxLength}
        className="cq-no-print"
        borderColor={state.meta.patternFailed ? 'red.500' : undefined}
      />
      {state.meta.patternFailed ? (
        <PatternWarning message={state.controlSchema.errorMessage ?? 'Invalid value'} />
      ) : null}
      {/* Printing shows a copy of the text (a textarea would cut it off). */}
      <Box className="cq-print-only" whiteSpace="pre-wrap" data-testid="textarea-print-copy">
        {text}
      </Box>
    </ControlShell>
  );
});

const parseNumber = (raw: string): number | undefined => {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isNaN(n) ? undefined : n;
};

export const NumberControl = memo(function NumberControl(props: RendererProps) {
  const state = useControl(props);
  const { store } = useFormContext();
  if (state.rule.hidden) return null;
  const onChange = (e: ChangeEvent<HTMLInputElement>): void => {
    const raw = e.target.value;
    store.setPatternFailed(
      state.dataPath,
      failsPattern(raw.trim() === '' ? undefined : raw, state.controlSchema),
    );
    const n = parseNumber(raw);
    state.setValue(state.controlSchema.type === 'integer' && n !== undefined ? Math.trunc(n) : n);
  };
  return (
    <ControlShell state={state}>
      <InputGroup size="sm">
        <Input
          id={state.id}
          type="number"
          step={state.controlSchema.type === 'integer' ? 1 : NUMBER_STEP}
          value={asText(state.value)}
          onChange={onChange}
          isReadOnly={!state.enabled}
          borderColor={state.meta.patternFailed ? 'red.500' : undefined}
        />
        <PatternIcon state={state} />
      </InputGroup>
    </ControlShell>
  );
});

const pad = (n: number): string => String(n).padStart(2, '0');
/** ISO (UTC) -> the local 'YYYY-MM-DDTHH:mm' a datetime-local input shows. */
export const isoToLocalInput = (iso: unknown): string => {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const DateControl = memo(function DateControl(props: RendererProps) {
  const state = useControl(props);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={state}>
      <Input
        id={state.id}
        size="sm"
        type="date"
        value={typeof state.value === 'string' ? state.value.slice(0, 10) : ''}
        onChange={(e) => state.setValue(e.target.value === '' ? undefined : e.target.value)}
        isReadOnly={!state.enabled}
      />
    </ControlShell>
  );
});

/** Date-time: stored as UTC 'YYYY-MM-DDTHH:mm:ss.SSSZ', shown in local time. */
export const DateTimeControl = memo(function DateTimeControl(props: RendererProps) {
  const state = useControl(props);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={state}>
      <Input
        id={state.id}
        size="sm"
        type="datetime-local"
        value={isoToLocalInput(state.value)}
        onChange={(e) => {
          const v = e.target.value;
          const d = v ? new Date(v) : undefined;
          state.setValue(d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined);
        }}
        isReadOnly={!state.enabled}
      />
    </ControlShell>
  );
});

/** Time: stored the platform's way, 'HH:mm:ss.SSSZ'. */
export const TimeControl = memo(function TimeControl(props: RendererProps) {
  const state = useControl(props);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={state}>
      <Input
        id={state.id}
        size="sm"
        type="time"
        value={typeof state.value === 'string' ? state.value.slice(0, 5) : ''}
        onChange={(e) => state.setValue(e.target.value ? `${e.target.value.slice(0, 5)}:00.000Z` : undefined)}
        isReadOnly={!state.enabled}
      />
    </ControlShell>
  );
});

export const BooleanControl = memo(function BooleanControl(props: RendererProps) {
  const state = useControl(props);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={{ ...state, showLabel: false }}>
      <Checkbox
        id={state.id}
        isChecked={state.value === true}
        isReadOnly={!state.enabled}
        isRequired={state.required}
        onChange={(e) => state.setValue(e.target.checked)}
      >
        {state.showLabel ? state.label : null}
      </Checkbox>
    </ControlShell>
  );
});
