import { memo, useMemo } from 'react';
import { Box, Button, HStack, IconButton, Table, Th, Thead, Tr } from '@chakra-ui/react';
import { MESSAGES, TABLE_TEXT_MAX_EXCLUSIVE } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import { useFormContext, useMeta, useSelect, useValue } from '../context';
import { resolveRef, titleOf } from '../core/schema';
import { failsPattern } from '../core/validation';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, PatternWarning, useControl } from './shared';

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

const Cell = memo(function Cell({
  arrayPath,
  index,
  column,
  enabled,
}: {
  arrayPath: string;
  index: number;
  column: TableColumn;
  enabled: boolean;
}) {
  const { store } = useFormContext();
  const path = `${arrayPath}.${index}.${column.name}`;
  const value = useValue(path);
  const meta = useMeta(path);
  return (
    <td className="cq-td" style={{ width: `${column.width ?? DEFAULT_COLUMN_WIDTH}px` }}>
      {/* cq-line: a fixed-height box with size/layout containment, so typing re-lays out this cell's
          box only, not the whole table (auto table layout would re-measure every row). */}
      <div className="cq-input-wrap cq-line">
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
  return (
    <tr>
      {columns.map((c) => (
        <Cell key={c.name} arrayPath={path} index={index} column={c} enabled={enabled} />
      ))}
      {canDelete ? (
        <td className="cq-td" style={{ width: '40px' }}>
          <IconButton
            size="xs"
            aria-label={`Remove row ${index + 1}`}
            icon={<span aria-hidden="true">×</span>}
            onClick={() => {
              const rows = store.get(path);
              if (Array.isArray(rows))
                store.set(
                  path,
                  rows.filter((_, i) => i !== index),
                );
            }}
          />
        </td>
      ) : null}
    </tr>
  );
});

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
  if (state.rule.hidden) return null;
  const rowsCount = Math.max(length, typeof opts.rowsCount === 'number' ? opts.rowsCount : 0);
  const canAdd = state.enabled && cs.preventAddition !== true;
  const canDelete = state.enabled && cs.preventDeletion !== true;
  return (
    <ControlShell state={state} labelFor={false}>
      <Box overflowX="auto">
        <Table size="sm" variant="simple" aria-label={state.label}>
          <Thead>
            <Tr>
              {columns.map((c) => (
                <Th key={c.name} w={`${c.width ?? DEFAULT_COLUMN_WIDTH}px`}>
                  {c.title}
                </Th>
              ))}
              {canDelete ? <Th w="40px" /> : null}
            </Tr>
          </Thead>
          <tbody>
            {Array.from({ length: rowsCount }, (_, i) => (
              <Row
                key={i}
                path={state.dataPath}
                index={i}
                columns={columns}
                enabled={state.enabled}
                canDelete={canDelete && i < length}
              />
            ))}
          </tbody>
        </Table>
      </Box>
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
