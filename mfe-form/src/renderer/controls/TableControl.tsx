import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { MESSAGES, TABLE_TEXT_MAX_EXCLUSIVE } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import { PrintModeContext, useFormContext, useMeta, useSelect, useValue } from '../context';
import { resolveRef, titleOf } from '../core/schema';
import { failsPattern } from '../core/validation';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, PatternWarning, removeItem, useControl } from './shared';
import { ROW_REM, addRows, rowOfPath, rowSlots, rowsToRender } from './rowWindow';

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
    <td className="cq-td cq-cell-td" data-path={path}>
      {/* The input straight in the cell (no wrapper: one box fewer per cell to create and lay out,
          issue 31); the cell is the warning icon's containing block. No containment here (cq-line):
          each contained box is a stacking context of its own, and 2,400 of them made the compositor's
          per-frame update cost ~20 ms per keystroke. The fixed table layout already keeps an edit from
          re-measuring other cells. */}
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
      {meta.patternFailed ? <PatternWarning message={column.schema.errorMessage ?? 'Invalid value'} /> : null}
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
    // Header is row 1 (aria-rowindex over all rows, rendered or not: issue 31).
    <tr aria-rowindex={index + 2} data-row={index}>
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
            onClick={() => removeItem(store, path, index)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
});

/** True while the browser prints (Ctrl+P, window.print): every row goes on paper. */
const useBrowserPrinting = (): boolean => {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // At once: the page is laid out for paper right after this event, before React's next task.
    const on = (): void => flushSync(() => setPrinting(true));
    const off = (): void => setPrinting(false);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
};

const sameRows = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The rows to render (rowWindow.ts): those on screen and a margin, the first and last, the focused
 * row and a row a refused Save reveals; all of them when printing. Follows scrolling (any scroll
 * container, once per frame) and resizing; the table re-renders only when the set of rows changes.
 */
const useRowWindow = (
  total: number,
  dataPath: string,
  body: RefObject<HTMLTableSectionElement>,
): { rows: readonly number[] | null; rowPx: number; pin: (row: number) => void } => {
  const printing = useContext(PrintModeContext);
  const browserPrinting = useBrowserPrinting();
  const { store } = useFormContext();
  const [pinned, setPinned] = useState<{ focus: number | null; revealed: number | null }>({
    focus: null,
    revealed: null,
  });
  const [rowPx, setRowPx] = useState(ROW_REM * 16);
  // The window from where the table is; the first render assumes its top at the screen's top (no
  // layout is forced while mounting), the frame after it and every scroll measure it.
  const compute = useCallback(
    (overscan?: number): number[] =>
      rowsToRender({
        total,
        bodyTop: body.current?.getBoundingClientRect().top ?? 0,
        viewportHeight: typeof window === 'undefined' ? 800 : window.innerHeight || 800,
        rowPx,
        overscan,
      }),
    [total, rowPx, body],
  );
  // The first frame draws a screenful without the margin (sooner on screen); the margin follows.
  const [rows, setRows] = useState<number[]>(() => compute(0));
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useEffect(() => {
    let frame: number | undefined;
    const schedule = (): void => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(measure);
    };
    // Scrolls that can move the table: the page's or an ancestor's. Not an input's own text scrolling
    // as it is typed into (every keystroke past the cell's width), which moves no row.
    const onScroll = (e: Event): void => {
      const t = e.target;
      if (t instanceof Element && !t.contains(body.current)) return;
      schedule();
    };
    const measure = (): void => {
      frame = undefined;
      const h = body.current?.querySelector<HTMLElement>('tr[data-row]')?.offsetHeight ?? 0;
      if (h > 0 && Math.abs(h - rowPx) > 1) setRowPx(h);
      const current = rowsRef.current;
      const visible = compute(0);
      if (visible.some((row) => !current.includes(row))) {
        // Rows on screen not drawn yet (a jump, a fast scroll): those alone, in this frame (a plain
        // update from rAF would wait for React's next task, a frame later); the margin next frame.
        flushSync(() => setRows(visible));
        schedule();
        return;
      }
      // Only the margin changes: not urgent, React renders it after this frame is painted.
      const next = compute();
      if (!sameRows(current, next)) setRows(next);
    };
    // The first measure waits a frame: a rAF queued by the mount runs before its paint, and would
    // lay the page out and draw the margin rows ahead of the first screenful.
    const first = requestAnimationFrame(schedule);
    const opts = { capture: true, passive: true } as const;
    window.addEventListener('scroll', onScroll, opts);
    window.addEventListener('resize', schedule, opts);
    return () => {
      cancelAnimationFrame(first);
      if (frame !== undefined) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, opts);
      window.removeEventListener('resize', schedule, opts);
    };
  }, [compute, body, rowPx]);
  // A refused Save focuses the first error: its row is rendered before the focus moves there.
  useEffect(
    () =>
      store.subscribeReveal((path) => {
        const row = rowOfPath(dataPath, path);
        if (row !== null) setPinned((p) => (p.revealed === row ? p : { ...p, revealed: row }));
      }),
    [store, dataPath],
  );
  const pin = useCallback(
    (row: number) => setPinned((p) => (p.focus === row ? p : { ...p, focus: row })),
    [],
  );
  // Pinned rows join the window in the same render (a revealed error's row is there before its focus).
  const withPinned = useMemo(
    () => addRows(rows, [pinned.focus, pinned.revealed], total),
    [rows, pinned, total],
  );
  return { rows: printing || browserPrinting ? null : withPinned, rowPx, pin };
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
  const body = useRef<HTMLTableSectionElement>(null);
  const { rows, rowPx, pin } = useRowWindow(rowsCount, state.dataPath, body);
  const slots = useMemo(
    () => rowSlots(rows ?? Array.from({ length: rowsCount }, (_, i) => i), rowsCount),
    [rows, rowsCount],
  );
  // The focused row stays rendered when scrolled away from (what is typed into is not unmounted).
  const onFocus = useCallback(
    (e: FocusEvent<HTMLTableSectionElement>) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row]');
      if (row) pin(Number(row.dataset.row));
    },
    [pin],
  );
  // Up and down arrows move to the same column in the row above or below, rendered or not yet.
  const pendingFocus = useRef<string | null>(null);
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLTableSectionElement>) => {
      if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey) return;
      const cell = (e.target as HTMLElement).closest<HTMLElement>('td[data-path]');
      const row = cell?.closest<HTMLElement>('tr[data-row]');
      if (!cell || !row) return;
      const index = Number(row.dataset.row) + (e.key === 'ArrowDown' ? 1 : -1);
      if (index < 0 || index >= rowsCount) return;
      e.preventDefault();
      const column = (cell.dataset.path ?? '').split('.').pop() ?? '';
      pendingFocus.current = `${store.uid}-${state.dataPath}.${index}.${column}`;
      pin(index);
      const el = document.getElementById(pendingFocus.current);
      if (el) {
        pendingFocus.current = null;
        el.focus();
      }
    },
    [pin, rowsCount, store, state.dataPath],
  );
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    // The row may take one more render (the window follows the pin): keep waiting until it is there.
    const el = document.getElementById(pendingFocus.current);
    if (!el) return;
    pendingFocus.current = null;
    el.focus();
  });
  if (state.rule.hidden) return null;
  const canAdd = state.enabled && cs.preventAddition !== true;
  const canDelete = state.enabled && cs.preventDeletion !== true;
  return (
    <ControlShell state={state} labelFor={false}>
      {/* Plain elements styled by FIELD_CSS (.cq-table, .cq-th), like the cells: Chakra's Table, Thead,
          Tr and Th resolve their theme styles and serialize them through Emotion on every mount, a
          cost a table pays once per column on top of the form's first paint. */}
      <div className="cq-table-wrap">
        <table className="cq-table" aria-label={state.label} aria-rowcount={rowsCount + 1}>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((c) => (
                <th key={c.name} className="cq-th" style={{ width: `${c.width ?? DEFAULT_COLUMN_WIDTH}px` }}>
                  {c.title}
                </th>
              ))}
              {canDelete ? <th className="cq-th" style={{ width: '40px' }} /> : null}
            </tr>
          </thead>
          <tbody ref={body} onFocus={onFocus} onKeyDown={onKeyDown}>
            {slots.map((slot) =>
              'row' in slot ? (
                <Row
                  key={slot.row}
                  path={state.dataPath}
                  index={slot.row}
                  columns={columns}
                  enabled={state.enabled}
                  canDelete={canDelete && slot.row < length}
                />
              ) : (
                // Space held for rows not rendered (off screen), so the scrollbar spans the whole table.
                <tr key={`gap-${slot.gap}`} aria-hidden="true" data-gap={slot.count}>
                  <td
                    colSpan={columns.length + (canDelete ? 1 : 0)}
                    style={{ height: `${slot.count * rowPx}px`, padding: 0 }}
                  />
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {canAdd ? (
        <div className="cq-table-actions">
          {/* A plain button styled as Chakra's xs Button (FIELD_CSS .cq-add-row): Chakra's Button and
              HStack serialized their styles through Emotion on every table's mount, before its first paint. */}
          <button
            type="button"
            className="cq-add-row cq-no-print"
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
          </button>
        </div>
      ) : null}
    </ControlShell>
  );
});
