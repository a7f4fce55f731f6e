import { memo, startTransition, useContext, useEffect, useMemo, useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { MESSAGES, TABLE_TEXT_MAX_EXCLUSIVE } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import { PrintModeContext, useFormContext, useMeta, useSelect, useValue } from '../context';
import { resolveRef, titleOf } from '../core/schema';
import { failsPattern } from '../core/validation';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, PatternWarning, useControl } from './shared';
import { ROW_REM, firstRowLimit, nextRowLimit } from './rowBatches';

export interface TableColumn {
  name: string;
  title: string;
  schema: FormJsonSchema;
  width?: number;
}

const DEFAULT_COLUMN_WIDTH = 250;

/** Columns of a table: item properties ordered by their `id`. */
export const tableColumns = (
  items: FormJsonSchema | undefined,
  root: FormJsonSchema,
  columnWidth?: Record<string, number> | number[],
): TableColumn[] => {
  const s = resolveRef(items, root);
  const entries = Object.entries(s?.properties ?? {});
  return entries
    .map(([name, sub], i) => ({ name, sub: resolveRef(sub, root) ?? {}, i }))
    .sort((a, b) => {
      const ia = Number(a.sub.id ?? a.i);
      const ib = Number(b.sub.id ?? b.i);
      return ia - ib || a.i - b.i;
    })
    .map(({ name, sub }, i) => ({
      name,
      title: titleOf(sub, name),
      schema: sub,
      width: Array.isArray(columnWidth) ? columnWidth[i] : columnWidth?.[name],
    }));
};

const isNumericOnly = (s: FormJsonSchema): boolean => s.regexRuleName === MESSAGES.numericOnlyRule;

/** 'Numeric Only' columns store numbers when the text is a plain number. */
export const parseCell = (raw: string, s: FormJsonSchema): unknown => {
  if (raw.trim() === '') return undefined;
  if (
    (isNumericOnly(s) || s.type === 'number' || s.type === 'integer') &&
    /^-?\d+(\.\d+)?$/.test(raw.trim())
  ) {
    return Number(raw.trim());
  }
  return raw;
};

/** Set one cell; a cell in a not-yet-stored row (under rowsCount) pads the array with empty rows. */
const setCell = (
  store: ReturnType<typeof useFormContext>['store'],
  arrayPath: string,
  index: number,
  name: string,
  value: unknown,
): void => {
  const rows = store.get(arrayPath);
  const list = Array.isArray(rows) ? rows : [];
  if (index < list.length) {
    store.set(`${arrayPath}.${index}.${name}`, value);
    return;
  }
  if (value === undefined) return;
  const padded: unknown[] = [...list];
  while (padded.length <= index) padded.push({});
  padded[index] = { [name]: value };
  store.set(arrayPath, padded);
};

/** One cell; its value comes from the row (one store subscription per row, not one per cell). */
const Cell = memo(function Cell({
  arrayPath,
  index,
  column,
  enabled,
  value,
}: {
  arrayPath: string;
  index: number;
  column: TableColumn;
  enabled: boolean;
  value: unknown;
}) {
  const { store } = useFormContext();
  const path = `${arrayPath}.${index}.${column.name}`;
  const meta = useMeta(path);
  return (
    // No width here: the table's fixed layout takes the columns' widths from the header.
    <td className="cq-td">
      {/* No containment here (cq-line): each contained box is a stacking context of its own, and 2,400
          of them made the compositor's per-frame update cost ~20 ms per keystroke. The fixed table
          layout already keeps an edit from re-measuring other cells. */}
      <div className="cq-input-wrap cq-cell">
        <input
          id={`${store.uid}-${path}`}
          className="cq-input"
          aria-label={column.title}
          value={value === undefined || value === null ? '' : String(value)}
          maxLength={TABLE_TEXT_MAX_EXCLUSIVE - 1}
          readOnly={!enabled}
          aria-invalid={meta.patternFailed || meta.errors.length > 0 || undefined}
          onChange={(e) => {
            const next = parseCell(e.target.value, column.schema);
            store.setPatternFailed(path, failsPattern(next, column.schema));
            setCell(store, arrayPath, index, column.name, next);
          }}
        />
        {meta.patternFailed ? (
          <PatternWarning message={column.schema.errorMessage ?? 'Invalid value'} />
        ) : null}
      </div>
    </td>
  );
});

const Row = memo(function Row({
  path,
  index,
  columns,
  enabled,
  canDelete,
}: {
  path: string;
  index: number;
  columns: TableColumn[];
  enabled: boolean;
  canDelete: boolean;
}) {
  const { store } = useFormContext();
  const row = useValue(`${path}.${index}`);
  const cells = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : undefined;
  return (
    <tr>
      {columns.map((c) => (
        <Cell
          key={c.name}
          arrayPath={path}
          index={index}
          column={c}
          enabled={enabled}
          value={cells?.[c.name]}
        />
      ))}
      {canDelete ? (
        <td className="cq-td">
          {/* A plain button (Chakra's IconButton cost an Emotion style per row at mount). */}
          <button
            type="button"
            className="cq-row-del"
            aria-label={`Remove row ${index + 1}`}
            onClick={() => {
              const rows = store.get(path);
              if (Array.isArray(rows))
                store.set(
                  path,
                  rows.filter((_, i) => i !== index),
                );
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
});

/**
 * How many rows are mounted: the first screenful at once, the rest in batches after the first paint
 * (rowBatches.ts), each a transition (React yields to the browser while rendering it, and a keystroke
 * goes first), one task after the other.
 */
const useRowLimit = (total: number, columns: number): number => {
  const printing = useContext(PrintModeContext);
  const [limit, setLimit] = useState(() => firstRowLimit(total, printing));
  const shown = printing ? Infinity : limit;
  const first = limit === firstRowLimit(total, false);
  useEffect(() => {
    if (shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const more = () => {
      timer = setTimeout(() => startTransition(() => setLimit((l) => nextRowLimit(l, total, columns))), 0);
    };
    // The first batch waits for the next frame, so the first screenful is painted before it.
    const frame = first ? requestAnimationFrame(more) : undefined;
    if (!first) more();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, total, columns, first]);
  return shown;
};

/** Table: rowsCount rows at least, columnWidth per column, per-column pattern, Numeric Only parse. */
export const TableControl = memo(function TableControl(props: RendererProps) {
  const state = useControl(props, { subscribeToValue: false });
  const { rootSchema, store } = useFormContext();
  const cs = state.controlSchema;
  const opts = props.uischema.options ?? {};
  const columns = useMemo(
    () => tableColumns(cs.items as FormJsonSchema | undefined, rootSchema, opts.columnWidth),
    [cs.items, rootSchema, opts.columnWidth],
  );
  const length = useSelect(state.dataPath, (v) => (Array.isArray(v) ? v.length : 0));
  const rowsCount = Math.max(length, typeof opts.rowsCount === 'number' ? opts.rowsCount : 0);
  const mounted = Math.min(rowsCount, useRowLimit(rowsCount, columns.length));
  if (state.rule.hidden) return null;
  const canAdd = state.enabled && cs.preventAddition !== true;
  const canDelete = state.enabled && cs.preventDeletion !== true;
  return (
    <ControlShell state={state} labelFor={false}>
      {/* Plain elements styled by FIELD_CSS (.cq-table, .cq-th), like the cells: Chakra's Table, Thead,
          Tr and Th resolve their theme styles and serialize them through Emotion on every mount, a
          cost a table pays once per column on top of the form's first paint. */}
      <div className="cq-table-wrap">
        <table
          className="cq-table"
          aria-label={state.label}
          aria-busy={mounted < rowsCount || undefined}
          data-rows-pending={rowsCount - mounted || undefined}
        >
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.name} className="cq-th" style={{ width: `${c.width ?? DEFAULT_COLUMN_WIDTH}px` }}>
                  {c.title}
                </th>
              ))}
              {canDelete ? <th className="cq-th" style={{ width: '40px' }} /> : null}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: mounted }, (_, i) => (
              <Row
                key={i}
                path={state.dataPath}
                index={i}
                columns={columns}
                enabled={state.enabled}
                canDelete={canDelete && i < length}
              />
            ))}
            {mounted < rowsCount ? (
              <tr aria-hidden="true">
                <td
                  colSpan={columns.length + (canDelete ? 1 : 0)}
                  style={{ height: `${(rowsCount - mounted) * ROW_REM}rem`, padding: 0 }}
                />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {canAdd ? (
        <HStack mt={2}>
          <Button
            size="xs"
            className="cq-no-print"
            onClick={() => {
              const rows = store.get(state.dataPath);
              const list = Array.isArray(rows) ? rows : [];
              const padded =
                list.length < rowsCount
                  ? [...list, ...Array.from({ length: rowsCount - list.length }, () => ({}))]
                  : list;
              store.set(state.dataPath, [...padded, {}]);
            }}
          >
            {RENDERER_TEXTS.addRow}
          </Button>
        </HStack>
      ) : null}
    </ControlShell>
  );
});
