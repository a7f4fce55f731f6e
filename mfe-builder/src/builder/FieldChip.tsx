import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { memo, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { TableEditor } from '../editors/table/TableEditor';
import { TableSettingsModal } from '../editors/table/TableModals';
import { takenNames as toTaken } from '../model/api-name';
import { namesInUse } from '../model/ids';
import { removeField, updateField } from '../model/layout';
import type { TableModel } from '../model/table';
import {
  relationshipFollows,
  tableOf,
  withTable,
  withTableSettings,
  type TableSettings,
} from '../model/table-field';
import type { CanvasField } from '../model/types';
import { fieldDragId } from './dnd';
import { useDragHandle, useIsLifted, useIsOver, type DragHandleProps } from './drag-hooks';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';
import { FIELD_EDITOR_TEXTS } from '../editors/texts';
import { CloseIcon, EditIcon } from 'ui-kit/icons';

/** Each kind's name, read when shown (in the language active then: issue 44). */
const KIND_LABEL: Record<CanvasField['kind'], () => string> = {
  dropdown: () => FIELD_EDITOR_TEXTS.dropdown,
  text: () => FIELD_EDITOR_TEXTS.textField,
  date: () => FIELD_EDITOR_TEXTS.dateField,
  yesno: () => FIELD_EDITOR_TEXTS.yesNoField,
  blank: () => FIELD_EDITOR_TEXTS.blankSpace,
  table: () => FIELD_EDITOR_TEXTS.table,
  object: () => FIELD_EDITOR_TEXTS.field,
  photo: () => FIELD_EDITOR_TEXTS.photo,
  location: () => FIELD_EDITOR_TEXTS.location,
  scan: () => FIELD_EDITOR_TEXTS.scanField,
  kept: () => TEXTS.keptAsItIs,
};

export const fieldLabel = (f: CanvasField): string =>
  f.kind === 'blank'
    ? FIELD_EDITOR_TEXTS.blankSpace
    : typeof f.schema.title === 'string' && f.schema.title
      ? f.schema.title
      : f.key;

/** A row's two places (chips and the empty slot) grow from 10rem: side by side, or stacked when narrower. */
export const CHIP_FLEX = '1 1 10rem';

/** The chip's drag-state look (drop target, being dragged), as fixed style objects. */
function chipStyle(table: boolean, over: boolean, dragging: boolean): CSSProperties {
  const key = (table ? 4 : 0) + (over ? 2 : 0) + (dragging ? 1 : 0);
  let style = CHIP_STYLES[key];
  if (!style) {
    style = {
      flex: table ? undefined : CHIP_FLEX,
      minWidth: 0,
      borderWidth: '1px',
      borderStyle: 'solid',
      borderRadius: 'var(--chakra-radii-md)',
      borderColor: over ? 'var(--chakra-colors-blue-500)' : 'var(--chakra-colors-gray-300)',
      background: dragging ? 'var(--chakra-colors-blue-50)' : 'var(--chakra-colors-white)',
      opacity: dragging ? 0.5 : 1,
      padding: 'var(--chakra-space-2)',
    };
    CHIP_STYLES[key] = style;
  }
  return style;
}
const CHIP_STYLES: CSSProperties[] = [];

interface ChipBodyProps {
  field: CanvasField;
  handle: DragHandleProps;
  lifted: boolean;
  onEdit: (id: number) => void;
  onRemove: () => void;
  onTableChange: (next: TableModel) => void;
  /** Tables: the form's other names (a live view) and the relationship name's edit. */
  takenNames: Iterable<string>;
  onRelationshipNameChange: (name: string) => void;
  onTableSettings: (value: TableSettings) => void;
}

/** The chip's content: changes with the field itself (and its lifted flag) only. */
const ChipBody = memo(function ChipBody({
  field,
  handle,
  lifted,
  onEdit,
  onRemove,
  onTableChange,
  takenNames,
  onRelationshipNameChange,
  onTableSettings,
}: ChipBodyProps) {
  const table = useMemo(() => (field.kind === 'table' ? tableOf(field) : null), [field]);
  const label = fieldLabel(field);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const rel = field.definition?.relationshipName;
  return (
    <>
      <HStack spacing={1}>
        {/* Named by its visible text (WCAG 2.5.3); dnd-kit's roledescription says it is draggable. */}
        <Box
          {...handle}
          aria-pressed={lifted || undefined}
          cursor="grab"
          flex="1"
          minW={0}
          px={1}
          borderRadius="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
        >
          <Text fontWeight="semibold" noOfLines={1}>
            {label}
            {field.required ? ' *' : ''}
          </Text>
          {/* Two lines: a long API name moves under its kind instead of being cut on a phone. */}
          <Text fontSize="xs" color="gray.600" noOfLines={2}>
            {KIND_LABEL[field.kind]()} · {field.kind === 'blank' ? '' : field.key}
            {field.readOnly ? ' · read-only' : ''}
          </Text>
        </Box>
        {field.kind !== 'blank' && field.kind !== 'kept' && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={TEXTS.editItem(label)}
            icon={<EditIcon />}
            onClick={() => (field.kind === 'table' ? setSettingsOpen(true) : onEdit(field.id))}
          />
        )}
        {field.kind !== 'table' && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={TEXTS.removeItem(label)}
            icon={<CloseIcon />}
            onClick={onRemove}
          />
        )}
      </HStack>
      {table && (
        <TableEditor
          value={table}
          onChange={onTableChange}
          onDelete={onRemove}
          relationshipName={
            typeof field.definition?.relationshipName === 'string'
              ? field.definition.relationshipName
              : undefined
          }
          takenNames={takenNames}
          onRelationshipNameChange={onRelationshipNameChange}
        />
      )}
      {settingsOpen && (
        <TableSettingsModal
          value={{ apiName: field.key, required: field.required, readOnly: field.readOnly }}
          relationshipName={relationshipFollows(field) || typeof rel !== 'string' ? undefined : rel}
          taken={toTaken(takenNames)}
          onSave={(value) => {
            onTableSettings(value);
            setSettingsOpen(false);
          }}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </>
  );
});

export interface FieldChipProps {
  id: number;
  store: BuilderStore;
  onEdit: (id: number) => void;
}

/**
 * One canvas field: draggable, a drop place (insert before it), edit and remove buttons. It
 * subscribes to its field and to its own lifted/over flags only (DragState), so a drag or a move
 * re-renders the chips whose state changed, not all 500.
 */
export const FieldChip = memo(function FieldChip({ id, store, onEdit }: FieldChipProps) {
  const field = useStoreSlice(
    store,
    useCallback((s: BuilderStore) => s.getForm().fields[id], [id]),
  );
  const dragId = fieldDragId(id);
  const node = useRef<HTMLDivElement>(null);
  const lifted = useIsLifted(store.drag, dragId);
  const isOver = useIsOver(store.drag, dragId);
  const handle = useDragHandle(store.drag, dragId, field ? fieldLabel(field) : '', false, node);
  const onTableChange = useCallback(
    (next: TableModel) =>
      store.apply((form) => {
        const f = form.fields[id];
        return f ? updateField(form, id, withTable(f, next)) : form;
      }),
    [store, id],
  );
  const onRemove = useCallback(() => store.apply((form) => removeField(form, id)), [store, id]);
  // Read when the table's header modal opens, so chips never recompute the form's names.
  const takenNames = useMemo(
    () => ({ [Symbol.iterator]: () => namesInUse(store.getForm(), id)[Symbol.iterator]() }),
    [store, id],
  );
  const onRelationshipNameChange = useCallback(
    (name: string) =>
      store.apply((form) => {
        const f = form.fields[id];
        return f ? updateField(form, id, withTable(f, tableOf(f), name)) : form;
      }),
    [store, id],
  );
  const onTableSettings = useCallback(
    (value: TableSettings) =>
      store.apply((form) => {
        const f = form.fields[id];
        return f ? updateField(form, id, withTableSettings(f, value, toTaken(namesInUse(form, id)))) : form;
      }),
    [store, id],
  );
  if (!field) return null;
  return (
    <div
      ref={node}
      data-testid="canvas-field"
      data-drop-place={dragId}
      data-field-id={id}
      data-field-key={field.key}
      data-kind={field.kind}
      style={chipStyle(field.kind === 'table', isOver, lifted)}
    >
      <ChipBody
        field={field}
        handle={handle}
        lifted={lifted}
        onEdit={onEdit}
        onRemove={onRemove}
        onTableChange={onTableChange}
        takenNames={takenNames}
        onRelationshipNameChange={onRelationshipNameChange}
        onTableSettings={onTableSettings}
      />
    </div>
  );
});
