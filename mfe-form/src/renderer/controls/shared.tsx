import { memo, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { IconButton, useToast } from '@chakra-ui/react';
import { WARNING_TOAST_MS } from 'shared-contracts';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import {
  InChunkContext,
  PrintModeContext,
  useFormContext,
  useMeta,
  useRuleState,
  useValue,
} from '../context';
import type { FieldMeta, FormStore } from '../core/store';
import type { ElementRuleState } from 'form-core/rules';
import { joinPath, scopeToPath } from 'form-core/paths';
import { resolveScope, titleOf } from 'form-core/schema';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';

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

/** A path no data lives at (hooks must always be called). */
const NO_PATH = '\u0000none';

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
/**
 * `subscribeToValue: false` for controls of arrays (table, list, files, signatures): they read the
 * length through useSelect and their items subscribe themselves, so an edit inside one item does not
 * re-render the whole control.
 */
export const useControl = (
  { uischema, schema, path, enabled }: RendererProps,
  { subscribeToValue = true }: { subscribeToValue?: boolean } = {},
): ControlState => {
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
  const value = useValue(subscribeToValue ? dataPath : NO_PATH);
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
      className="cq-warn"
      aria-label={RENDERER_TEXTS.showValidationMessage}
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

/**
 * Label (with the required asterisk), the control, its errors and the edited marker. Plain elements
 * styled by the renderer's stylesheet (FIELD_CSS, Chakra theme variables): a field is mounted up to
 * 1,000 times per form, and Chakra's FormControl/FormLabel cost several times more per field to mount.
 */
export const ControlShell = ({
  state,
  children,
  labelFor = true,
  lightweight = false,
}: {
  state: ControlState;
  children: ReactNode;
  labelFor?: boolean;
  /** Plain inputs only: lets the browser skip layout and paint while the field is off screen. */
  lightweight?: boolean;
}) => {
  const { meta, required, label, showLabel, id, dataPath } = state;
  // Inside a chunk the chunk is skipped off screen as a whole (one box for the browser to watch, not 25).
  const inChunk = useContext(InChunkContext);
  const printing = useContext(PrintModeContext);
  const className = `cq-field${lightweight && !inChunk && !printing ? ' cq-cv' : ''}${meta.edited ? ' cq-edited' : ''}`;
  return (
    <div className={className} data-path={dataPath} data-edited={meta.edited || undefined} role="group">
      {showLabel && label ? (
        labelFor ? (
          <label className="cq-label" htmlFor={id}>
            {label}
            {required ? (
              <span className="cq-req" aria-hidden="true">
                *
              </span>
            ) : null}
          </label>
        ) : (
          <div className="cq-label" id={`${id}-label`}>
            {label}
            {required ? (
              <span className="cq-req" aria-hidden="true">
                *
              </span>
            ) : null}
          </div>
        )
      ) : null}
      {children}
      {meta.errors.map((m) => (
        <div key={m} className="cq-error" role="alert" id={`${id}-error`}>
          {m}
        </div>
      ))}
    </div>
  );
};

/**
 * The renderer's stylesheet for plain fields (Chakra theme variables, with fallbacks). `.cq-line` wraps a
 * one-line input at a fixed height with size and layout containment, so typing re-lays out that box
 * only, not the column of 1,000 fields around it.
 */
export const FIELD_CSS = `
.cq-vstack { display: flex; flex-direction: column; }
.cq-field { margin-bottom: 0.75rem; }
.cq-cv { content-visibility: auto; contain-intrinsic-size: auto 4.25rem; }
.cq-chunk { content-visibility: auto; }
.cq-label { display: block; font-size: var(--chakra-fontSizes-sm, 0.875rem); font-weight: 500; margin-bottom: 0.25rem; }
.cq-req { color: var(--chakra-colors-red-600, #c53030); margin-inline-start: 0.25rem; }
.cq-input { box-sizing: border-box; width: 100%; min-width: 0; height: 2rem; padding: 0 0.75rem; font: inherit;
  font-size: var(--chakra-fontSizes-sm, 0.875rem); border: 1px solid var(--chakra-colors-gray-200, #e2e8f0);
  border-radius: var(--chakra-radii-sm, 0.125rem); background: inherit; color: inherit; }
.cq-input:focus { outline: none; border-color: var(--chakra-colors-blue-500, #3182ce);
  box-shadow: 0 0 0 1px var(--chakra-colors-blue-500, #3182ce); }
.cq-input[aria-invalid='true'] { border-color: var(--chakra-colors-red-500, #e53e3e);
  box-shadow: 0 0 0 1px var(--chakra-colors-red-500, #e53e3e); }
.cq-input[readonly] { background: var(--chakra-colors-gray-50, #f7fafc); }
/* Numbers, dates and times read left to right in every language; on a right to left page they sit at the
   right (their own end) as the other inputs do. */
[dir='rtl'] .cq-input[dir='ltr'] { text-align: end; }
textarea.cq-input { height: auto; min-height: 5rem; padding: 0.5rem 0.75rem; resize: vertical; }
.cq-input-wrap { position: relative; display: flex; align-items: center; }
.cq-input-wrap > .cq-warn { position: absolute; inset-inline-end: 0.125rem; }
.cq-line { height: 2rem; contain: size layout style; }
.cq-cell-td { position: relative; }
.cq-cell-td > .cq-input { display: block; }
/* The icon at the input's inline end, as in .cq-input-wrap (the cell's padding is 0.25rem). */
.cq-cell-td > .cq-warn { position: absolute; top: 0.25rem; inset-inline-end: 0.375rem; }
.cq-error { color: var(--chakra-colors-red-600, #c53030); font-size: var(--chakra-fontSizes-sm, 0.875rem); margin-top: 0.25rem; }
.cq-edited { border-inline-start: 3px solid var(--chakra-colors-blue-300, #63b3ed); padding-inline-start: 0.5rem; }
.cq-table-wrap { overflow-x: auto; }
/* Chakra's Table, size sm, variant simple; fixed layout: columns take their widths from the header, so a
   batch of rows arriving (or a keystroke) does not make the browser measure every cell again. */
.cq-table { width: 100%; border-collapse: collapse; table-layout: fixed; font-variant-numeric: lining-nums tabular-nums; }
.cq-th { font-family: var(--chakra-fonts-heading, inherit); font-weight: var(--chakra-fontWeights-bold, 700);
  text-transform: uppercase; letter-spacing: var(--chakra-letterSpacings-wider, 0.05em); text-align: start;
  padding: var(--chakra-space-1, 0.25rem) var(--chakra-space-4, 1rem); line-height: var(--chakra-lineHeights-4, 1rem);
  font-size: var(--chakra-fontSizes-xs, 0.75rem); color: var(--chakra-colors-gray-600, #4a5568);
  border-bottom: 1px solid var(--chakra-colors-gray-100, #edf2f7); }
.cq-td { padding: 0.25rem; vertical-align: top; border-bottom: 1px solid var(--chakra-colors-gray-100, #edf2f7); }
.cq-row-del { display: inline-flex; align-items: center; justify-content: center; width: 1.5rem; height: 1.5rem;
  padding: 0; font: inherit; font-size: var(--chakra-fontSizes-md, 1rem); line-height: 1; color: inherit; cursor: pointer;
  border: 0; border-radius: var(--chakra-radii-sm, 0.125rem); background: var(--chakra-colors-gray-100, #edf2f7); }
.cq-row-del:hover { background: var(--chakra-colors-gray-200, #e2e8f0); }
.cq-row-del:focus-visible { outline: none; box-shadow: var(--chakra-shadows-outline, 0 0 0 3px rgba(66, 153, 225, 0.6)); }
/* Chakra's Button, size xs, variant solid, colour gray (the table's Add Row). */
.cq-table-actions { display: flex; gap: 0.5rem; margin-top: var(--chakra-space-2, 0.5rem); }
.cq-add-row { display: inline-flex; align-items: center; justify-content: center; white-space: nowrap;
  height: var(--chakra-sizes-6, 1.5rem); min-width: var(--chakra-sizes-6, 1.5rem); padding: 0 var(--chakra-space-2, 0.5rem);
  font: inherit; font-size: var(--chakra-fontSizes-xs, 0.75rem); font-weight: var(--chakra-fontWeights-semibold, 600);
  line-height: 1.2; border: 0; border-radius: var(--chakra-radii-md, 0.375rem); cursor: pointer; color: inherit;
  background: var(--chakra-colors-gray-100, #edf2f7); transition: background 0.2s; }
.cq-add-row:hover { background: var(--chakra-colors-gray-200, #e2e8f0); }
.cq-add-row:active { background: var(--chakra-colors-gray-300, #cbd5e0); }
.cq-add-row:focus-visible { outline: none; box-shadow: var(--chakra-shadows-outline, 0 0 0 3px rgba(66, 153, 225, 0.6)); }
.cq-check { display: inline-flex; gap: 0.5rem; align-items: center; font-size: var(--chakra-fontSizes-sm, 0.875rem); }
.cq-print-only { display: none; }
@media print {
  .cq-print-only { display: block !important; }
  .cq-no-print, .cq-white-button, footer, [data-print-hide] { display: none !important; }
  .cq-cv, .cq-chunk { content-visibility: visible; }
}
`;

export const isHidden = (state: ControlState): boolean => state.rule.hidden;

/** One item of a list of files or signatures: its data path, position and what the user may do. */
export interface ItemCardProps {
  path: string;
  index: number;
  enabled: boolean;
  canDelete: boolean;
  onDelete: (index: number) => void;
}

/** A list field's items (file cards, photos): new ones appended. */
export const appendItems = (
  store: Pick<FormStore, 'get' | 'set'>,
  path: string,
  items: readonly unknown[],
): void => {
  if (items.length === 0) return;
  const cur = store.get(path);
  store.set(path, [...(Array.isArray(cur) ? cur : []), ...items]);
};

/** One item of a list removed by index (file cards, photos, table rows, list-with-detail items). */
export const removeItem = (store: Pick<FormStore, 'get' | 'set'>, path: string, index: number): void => {
  const cur = store.get(path);
  if (Array.isArray(cur))
    store.set(
      path,
      cur.filter((_, i) => i !== index),
    );
};
