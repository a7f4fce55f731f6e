import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
import { TABLE_TEXT_MAX_EXCLUSIVE } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import { PrintModeContext, useFormContext, useSelect, useValue } from '../context';
import type { FormStore } from '../core/store';
import { failsPattern } from '../core/validation';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, PatternWarning, removeItem, useControl } from './shared';
import { ROW_REM, addRows, rowOfPath, rowSlots, rowsToRender } from './rowWindow';
import {
  cellText,
  DEFAULT_COLUMN_WIDTH,
  parseCell,
  setCell,
  showsValue,
  tableColumns,
  type TableColumn,
} from './table-cells';

/**
 * A row's cells, made from a prototype row cloned in one DOM call, outside React (issue 31). A table's
 * first paint is mostly its first screenful of inputs mounted cold: React's own work per input (its
 * value tracker, wrapper state, attributes, listeners) cost ~0.6 ms a row, more than the browser's
 * clone of the same cells. The inputs are the same elements as before (ids, labels, maxlength), so
 * screen readers, keyboard, print and tests see no difference.
 */
const prototypes = new WeakMap<Document, Map<number, HTMLTableRowElement>>();
const rowPrototype = (doc: Document, columns: number): HTMLTableRowElement => {
  let byCount = prototypes.get(doc);
  if (!byCount) prototypes.set(doc, (byCount = new Map()));
  const hit = byCount.get(columns);
  if (hit) return hit;
  const tr = doc.createElement('tr');
  for (let c = 0; c < columns; c++) {
    // No width on the cell: the table's fixed layout takes the columns' widths from the header. The
    // input straight in the cell (one box fewer per cell); no containment (each contained box is a
    // stacking context, and 2,400 of them made the compositor's per-frame update ~20 ms a keystroke).
    const td = doc.createElement('td');
    td.className = 'cq-td cq-cell-td';
    const input = doc.createElement('input');
    input.className = 'cq-input';
    input.maxLength = TABLE_TEXT_MAX_EXCLUSIVE - 1;
    td.append(input);
    tr.append(td);
  }
  byCount.set(columns, tr);
  return tr;
};

/** The cell holding a row's remove button (a plain button: Chakra's IconButton cost an Emotion style per row). */
const removeCell = (doc: Document, index: number): HTMLTableCellElement => {
  const td = doc.createElement('td');
  td.className = 'cq-td';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'cq-row-del';
  button.setAttribute('aria-label', `Remove row ${index + 1}`);
  const x = doc.createElement('span');
  x.setAttribute('aria-hidden', 'true');
  x.textContent = '×';
  button.append(x);
  td.append(button);
  return td;
};

/** Per cell: whether it is invalid and whether its pattern failed, as one comparable string. */
const metaSignature = (store: FormStore, paths: readonly string[]): string => {
  let out = '';
  for (const p of paths) {
    const m = store.getMeta(p);
    out += `${m.errors.length > 0 || m.patternFailed ? 1 : 0}${m.patternFailed ? 1 : 0}`;
  }
  return out;
};

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
  const paths = useMemo(() => columns.map((c) => `${path}.${index}.${c.name}`), [columns, path, index]);
  // One subscription per row to its cells' errors and pattern flags (not one per cell).
  const subscribeMeta = useCallback(
    (l: () => void) => {
      const offs = paths.map((p) => store.subscribeMeta(p, l));
      return () => offs.forEach((off) => off());
    },
    [store, paths],
  );
  const signature = useSyncExternalStore(subscribeMeta, () => metaSignature(store, paths));
  const trRef = useRef<HTMLTableRowElement>(null);
  const tdsRef = useRef<HTMLTableCellElement[]>([]);
  // A warning shown in a row mounted with a failed pattern needs the cells, made after the first render.
  const [, cellsMade] = useReducer((n: number) => n + 1, 0);

  // Made once per row (a typed row becoming stored, or the form turning read-only, keeps its inputs and
  // the focus in them).
  useLayoutEffect(() => {
    const tr = trRef.current as HTMLTableRowElement;
    const made = rowPrototype(tr.ownerDocument, columns.length).cloneNode(true) as HTMLTableRowElement;
    const tds = [...made.cells];
    columns.forEach((c, i) => {
      const td = tds[i] as HTMLTableCellElement;
      const cellPath = paths[i] as string;
      td.dataset.path = cellPath;
      const input = td.firstChild as HTMLInputElement;
      input.id = `${store.uid}-${cellPath}`;
      input.setAttribute('aria-label', c.title);
    });
    const onEdit = (e: Event): void => {
      const input = e.target as HTMLInputElement;
      const i = tds.indexOf(input.parentElement as HTMLTableCellElement);
      const column = columns[i];
      if (!column) return;
      const next = parseCell(input.value, column.schema);
      store.setPatternFailed(paths[i] as string, failsPattern(next, column.schema));
      setCell(store, path, index, column.name, next);
    };
    // input as typed; change for what sets a value and reports it at once (autofill, tests).
    tr.addEventListener('input', onEdit);
    tr.addEventListener('change', onEdit);
    tr.prepend(...tds);
    tdsRef.current = tds;
    if (paths.some((p) => store.getMeta(p).patternFailed)) cellsMade();
    return () => {
      tr.removeEventListener('input', onEdit);
      tr.removeEventListener('change', onEdit);
      for (const td of tds) td.remove();
      tdsRef.current = [];
    };
  }, [store, columns, paths, path, index]);

  // The remove button: only for a stored row of a form that may delete rows.
  useLayoutEffect(() => {
    if (!canDelete) return;
    const tr = trRef.current as HTMLTableRowElement;
    const td = removeCell(tr.ownerDocument, index);
    const onRemove = (): void => removeItem(store, path, index);
    td.firstChild?.addEventListener('click', onRemove);
    tr.append(td);
    return () => td.remove();
  }, [canDelete, store, path, index]);

  // The inputs follow the data (another row removed, a rule, a reset), the form's read-only state and
  // each cell's validity; the text being typed is not rewritten while it stands for the stored value.
  // Runs on every keystroke in the row: only what differs is written to the DOM.
  useLayoutEffect(() => {
    tdsRef.current.forEach((td, i) => {
      const column = columns[i];
      if (!column) return;
      const input = td.firstChild as HTMLInputElement;
      const value = cells?.[column.name];
      if (!showsValue(input.value, value, column.schema)) input.value = cellText(value);
      if (input.readOnly === enabled) input.readOnly = !enabled;
      if (signature[i * 2] === '1') {
        if (input.getAttribute('aria-invalid') !== 'true') input.setAttribute('aria-invalid', 'true');
      } else if (input.hasAttribute('aria-invalid')) input.removeAttribute('aria-invalid');
    });
  });

  const tds = tdsRef.current;
  return (
    // Header is row 1 (aria-rowindex over all rows, rendered or not: issue 31).
    <tr ref={trRef} aria-rowindex={index + 2} data-row={index}>
      {columns.map((c, i) =>
        signature[i * 2 + 1] === '1' && tds[i]
          ? createPortal(
              <PatternWarning message={c.schema.errorMessage ?? RENDERER_TEXTS.invalidValue} />,
              tds[i],
              c.name,
            )
          : null,
      )}
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
