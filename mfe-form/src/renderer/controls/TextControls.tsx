import { memo, type ChangeEvent } from 'react';
import { NUMBER_STEP } from 'shared-contracts';
import { fromZonedInput, toZonedInput } from 'form-core';
import { useFormContext } from '../context';
import { failsPattern, normaliseText } from '../core/validation';
import { RENDERER_TEXTS } from '../texts';
import type { RendererProps } from '../types';
import { ControlShell, PatternWarning, useControl, type ControlState } from './shared';

/*
 * The hot controls: plain inputs in the lightweight shell (see ControlShell), so a 1,000-field form
 * mounts fast and a keystroke touches one small subtree.
 */

/** Text-like input: whitespace-only clears the value; the schema pattern is tested on every input. */
const usePatternedChange = (state: ControlState, parse: (raw: string) => unknown) => {
  const { store } = useFormContext();
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    const next = parse(e.target.value);
    store.setPatternFailed(state.dataPath, failsPattern(next, state.controlSchema));
    state.setValue(next);
  };
};

const asText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * Attributes every plain input shares. The browser keeps no autofill history of answers: on a shared
 * device it would hold them in the clear in the profile and offer one user's answers to the next.
 */
const inputProps = (state: ControlState) => ({
  id: state.id,
  autoComplete: 'off',
  className: 'cq-input',
  readOnly: !state.enabled,
  'aria-required': state.required || undefined,
  'aria-invalid': state.meta.patternFailed || state.meta.errors.length > 0 || undefined,
  'aria-describedby': state.meta.errors.length > 0 ? `${state.id}-error` : undefined,
});

const Warning = ({ state }: { state: ControlState }) =>
  state.meta.patternFailed ? (
    <PatternWarning
      message={state.controlSchema.errorMessage ?? state.meta.errors[0] ?? RENDERER_TEXTS.invalidValue}
    />
  ) : null;

export const TextControl = memo(function TextControl(props: RendererProps) {
  const state = useControl(props);
  const onChange = usePatternedChange(state, (raw) => normaliseText(raw));
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={state} lightweight>
      <div className="cq-input-wrap cq-line">
        <input
          {...inputProps(state)}
          value={asText(state.value)}
          onChange={onChange}
          maxLength={state.controlSchema.maxLength}
        />
        <Warning state={state} />
      </div>
    </ControlShell>
  );
});

export const TextAreaControl = memo(function TextAreaControl(props: RendererProps) {
  const state = useControl(props);
  const onChange = usePatternedChange(state, (raw) => normaliseText(raw));
  if (state.rule.hidden) return null;
  const text = asText(state.value);
  const { className, ...rest } = inputProps(state);
  return (
    <ControlShell state={state} lightweight>
      <div className="cq-input-wrap">
        <textarea
          {...rest}
          className={`${className} cq-no-print`}
          value={text}
          onChange={onChange}
          maxLength={state.controlSchema.maxLength}
        />
        <Warning state={state} />
      </div>
      {/* Printing shows a copy of the text (a textarea would cut it off). */}
      <div className="cq-print-only" style={{ whiteSpace: 'pre-wrap' }} data-testid="textarea-print-copy">
        {text}
      </div>
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
  const integer = state.controlSchema.type === 'integer';
  const onChange = (e: ChangeEvent<HTMLInputElement>): void => {
    const raw = e.target.value;
    store.setPatternFailed(
      state.dataPath,
      failsPattern(raw.trim() === '' ? undefined : raw, state.controlSchema),
    );
    const n = parseNumber(raw);
    state.setValue(integer && n !== undefined ? Math.trunc(n) : n);
  };
  return (
    <ControlShell state={state} lightweight>
      <div className="cq-input-wrap cq-line">
        <input
          {...inputProps(state)}
          type="number"
          dir="ltr"
          step={integer ? 1 : NUMBER_STEP}
          value={asText(state.value)}
          onChange={onChange}
        />
        <Warning state={state} />
      </div>
    </ControlShell>
  );
});

/**
 * A native date/time input (left to right, as Salesforce shows dates, numbers and phones in a right
 * to left language: the digits and separators keep their order; FIELD_CSS aligns it at the inline end): `toInput` turns the stored value into what the input shows,
 * `fromInput` turns the input's text back into the stored value (undefined clears it); both get the
 * user's time zone (services.timeZone).
 */
function nativeInputControl(
  name: string,
  type: 'date' | 'datetime-local' | 'time',
  toInput: (value: unknown, timeZone?: string) => string,
  fromInput: (text: string, timeZone?: string) => string | undefined,
) {
  const Control = memo(function NativeInputControl(props: RendererProps) {
    const state = useControl(props);
    const { services } = useFormContext();
    if (state.rule.hidden) return null;
    return (
      <ControlShell state={state} lightweight>
        <input
          {...inputProps(state)}
          type={type}
          dir="ltr"
          value={toInput(state.value, services.timeZone)}
          onChange={(e) => state.setValue(fromInput(e.target.value, services.timeZone))}
        />
      </ControlShell>
    );
  });
  Control.displayName = name;
  return Control;
}

const stringPrefix = (length: number) => (value: unknown) =>
  typeof value === 'string' ? value.slice(0, length) : '';

export const DateControl = nativeInputControl('DateControl', 'date', stringPrefix(10), (text) =>
  text === '' ? undefined : text,
);

/**
 * Date-time: stored as UTC 'YYYY-MM-DDTHH:mm:ss.SSSZ' (the org's '+0000' read too), shown and typed
 * in the user's time zone (the device's when the renderer is given none), as cards and headers show it.
 */
export const DateTimeControl = nativeInputControl(
  'DateTimeControl',
  'datetime-local',
  toZonedInput,
  (text, tz) => (text ? fromZonedInput(text, tz) : undefined),
);

/** Time: stored the platform's way, 'HH:mm:ss.SSSZ'. */
export const TimeControl = nativeInputControl('TimeControl', 'time', stringPrefix(5), (text) =>
  text ? `${text.slice(0, 5)}:00.000Z` : undefined,
);

export const BooleanControl = memo(function BooleanControl(props: RendererProps) {
  const state = useControl(props);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={{ ...state, showLabel: false }} lightweight>
      <label className="cq-check">
        <input
          type="checkbox"
          id={state.id}
          checked={state.value === true}
          disabled={!state.enabled}
          aria-required={state.required || undefined}
          onChange={(e) => state.setValue(e.target.checked)}
        />
        {state.showLabel ? state.label : null}
        {state.required ? (
          <span className="cq-req" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
    </ControlShell>
  );
});
