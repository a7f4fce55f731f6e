import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, ButtonGroup, HStack, IconButton, Text } from '@chakra-ui/react';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import {
  addColumn,
  addRow,
  canRemoveRow,
  MIN_COLUMNS,
  removeColumn,
  removeRow,
  resizeColumn,
  setCell,
  updateColumn,
  updateHeader,
  type TableModel,
} from '../../model/table';
import { takenNames as toTaken } from '../../model/api-name';
import { ColumnHeader } from './ColumnHeader';
import { TableCell } from './TableCell';
import { ColumnModal, HeaderModal } from './TableModals';
import { TrashIcon } from 'ui-kit/icons';
import { TABLE_EDITOR_TEXTS as TT } from './texts';

export interface TableEditorProps {
  value: TableModel;
  /** Every edit, as a whole new table (one call per user action). */
  onChange: (next: TableModel) => void;
  /** The delete-table icon. */
  onDelete: () => void;
  /**
   * Optional: the table's relationship name (ending `__r`), edited in Update Header and checked
   * against the table's API name (its tableId) and `takenNames` (the other fields', tables' and
   * relationship names).
   */
  relationshipName?: string;
  takenNames?: Iterable<string>;
  onRelationshipNameChange?: (name: string) => void;
}

/** Cell styles, once per table (cells are plain text areas). */
const CELL_STYLES = {
  '.cq-cell-wrap': { position: 'relative' },
  '.cq-cell': {
    display: 'block',
    width: '100%',
    minHeight: '2rem',
    padding: '4px 8px',
    fontSize: 'sm',
    border: '1px solid',
    borderColor: 'gray.300',
    borderRadius: 'sm',
    resize: 'vertical',
    background: 'white',
  },
  '.cq-cell:focus-visible': { outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '1px' },
  '.cq-cell[aria-invalid=true]': {
    borderColor: 'red.500',
    boxShadow: '0 0 0 1px var(--chakra-colors-red-500)',
    paddingInlineEnd: '1.75rem',
  },
} as const;

/**
 * The table editor (builder spec sections 2, 4, 5): resizable columns, cell text areas with pattern
 * checks, column selection, double-click header edit, Add/Remove Row, Add/Remove Column, Update
 * Header, delete. Props-driven; only what changed re-renders (cells and headers are memoized and
 * get stable callbacks that read the latest table from a ref).
 */
export const TableEditor = memo(function TableEditor({
  value,
  onChange,
  onDelete,
  relationshipName,
  takenNames,
  onRelationshipNameChange,
}: TableEditorProps) {
  const latest = useRef(value);
  latest.current = value;
  const change = useRef(onChange);
  change.current = onChange;
  const apply = useCallback((op: (t: TableModel) => TableModel) => {
    const next = op(latest.current);
    if (next !== latest.current) change.current(next);
  }, []);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string>();
  const [headerOpen, setHeaderOpen] = useState(false);
  // Read when the header modal opens: `takenNames` may be a live view of the form's names.
  const taken = useMemo(() => toTaken(headerOpen ? (takenNames ?? []) : []), [takenNames, headerOpen]);
  // Names change when columns are renumbered: drop selections that no longer exist.
  useEffect(() => {
    setSelected((prev) => {
      const names = new Set(value.columns.map((c) => c.name));
      const kept = [...prev].filter((n) => names.has(n));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [value.columns]);

  const onSelect = useCallback((name: string, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const onResize = useCallback(
    (name: string, width: number) => apply((t) => resizeColumn(t, name, width)),
    [apply],
  );
  const onCommit = useCallback(
    (row: number, name: string, text: string) => apply((t) => setCell(t, row, name, text)),
    [apply],
  );

  // Remove Column: the selected columns (highest first, so earlier names keep their meaning), else the last.
  const removable =
    selected.size > 0
      ? value.columns.length - selected.size >= MIN_COLUMNS
      : value.columns.length > MIN_COLUMNS;
  const removeColumns = () => {
    apply((t) => {
      if (selected.size === 0) return removeColumn(t);
      const indexes = t.columns
        .map((c, i) => (selected.has(c.name) ? i : -1))
        .filter((i) => i >= 0)
        .sort((a, b) => b - a);
      return indexes.reduce((acc, i) => removeColumn(acc, acc.columns[i]!.name), t);
    });
    setSelected(new Set());
  };

  const editingColumn = value.columns.find((c) => c.name === editing);
  const totalWidth = value.columns.reduce((sum, c) => sum + c.width, 0);
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p={2}
      role="group"
      aria-label={TT.table(value.title)}
      sx={CELL_STYLES}
    >
      <HStack justify="space-between" mb={2} wrap="wrap" gap={2}>
        <Text fontWeight="bold" data-testid="table-header-title">
          {value.title}
        </Text>
        <HStack>
          <ButtonGroup size="xs" variant="outline" flexWrap="wrap" gap={1} spacing={0}>
            <Button onClick={() => apply(addRow)}>{TT.addRow}</Button>
            <Button
              onClick={() => apply((t) => removeRow(t))}
              isDisabled={!canRemoveRow(value)}
              title={canRemoveRow(value) ? undefined : M.minRows}
            >
              {TT.removeRow}
            </Button>
            <Button onClick={() => apply(addColumn)}>{TT.addColumn}</Button>
            <Button
              onClick={removeColumns}
              isDisabled={!removable}
              title={removable ? undefined : M.minColumns}
            >
              {TT.removeColumn}
            </Button>
            <Button onClick={() => setHeaderOpen(true)}>{TT.updateHeader}</Button>
          </ButtonGroup>
          <IconButton
            size="xs"
            colorScheme="red"
            variant="ghost"
            aria-label={TT.deleteTable}
            icon={<TrashIcon />}
            onClick={onDelete}
          />
        </HStack>
      </HStack>
      <Box overflowX="auto">
        <table style={{ tableLayout: 'fixed', width: `${totalWidth}px`, borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {value.columns.map((c) => (
                <ColumnHeader
                  key={c.name}
                  column={c}
                  selected={selected.has(c.name)}
                  onSelect={onSelect}
                  onEdit={setEditing}
                  onResize={onResize}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {value.rows.map((r, i) => (
              <tr key={i}>
                {value.columns.map((c) => (
                  <td key={c.name} style={{ padding: '2px 4px', verticalAlign: 'top' }}>
                    <TableCell row={i} column={c} value={r[c.name]} onCommit={onCommit} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      {editingColumn ? (
        <ColumnModal
          column={editingColumn}
          onClose={() => setEditing(undefined)}
          onSave={(patch) => {
            apply((t) => updateColumn(t, editingColumn.name, patch));
            setEditing(undefined);
          }}
        />
      ) : null}
      {headerOpen ? (
        <HeaderModal
          title={value.title}
          relationship={
            onRelationshipNameChange
              ? { name: relationshipName ?? `${value.tableId}__r`, tableApiName: value.tableId, taken }
              : undefined
          }
          onClose={() => setHeaderOpen(false)}
          onSave={(title, rel) => {
            apply((t) => updateHeader(t, title));
            if (rel !== undefined && rel !== relationshipName) onRelationshipNameChange?.(rel);
            setHeaderOpen(false);
          }}
        />
      ) : null}
    </Box>
  );
});
