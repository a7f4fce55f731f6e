import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useCallback, useMemo } from 'react';
import { TableEditor } from '../editors/table/TableEditor';
import { removeField, updateField } from '../model/layout';
import type { TableModel } from '../model/table';
import { tableOf, withTable } from '../model/table-field';
import type { CanvasField } from '../model/types';
import { fieldDragId } from './dnd';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

const KIND_LABEL: Record<CanvasField['kind'], string> = {
  dropdown: 'Dropdown',
  text: 'Text Field',
  date: 'Date Field',
  yesno: 'Yes/No Field',
  blank: 'Blank Space',
  table: 'Table',
  object: 'Field',
};

export const fieldLabel = (f: CanvasField): string =>
  f.kind === 'blank'
    ? 'Blank Space'
    : typeof f.schema.title === 'string' && f.schema.title
      ? f.schema.title
      : f.key;

export interface FieldChipProps {
  id: number;
  store: BuilderStore;
  onEdit: (id: number) => void;
}

/** One canvas field: draggable, a drop place (insert before it), edit and remove buttons. */
export const FieldChip = memo(function FieldChip({ id, store, onEdit }: FieldChipProps) {
  const field = useStoreSlice(
    store,
    useCallback((s: BuilderStore) => s.getForm().fields[id], [id]),
  );
  const drag = useDraggable({ id: fieldDragId(id) });
  const drop = useDroppable({ id: fieldDragId(id) });
  const setRefs = useCallback(
    (el: HTMLElement | null) => {
      drag.setNodeRef(el);
      drop.setNodeRef(el);
    },
    [drag, drop],
  );
  const table = useMemo(() => (field?.kind === 'table' ? tableOf(field) : null), [field]);
  const onTableChange = useCallback(
    (next: TableModel) =>
      store.apply((form) => {
        const f = form.fields[id];
        return f ? updateField(form, id, withTable(f, next)) : form;
      }),
    [store, id],
  );
  const onRemove = useCallback(() => store.apply((form) => removeField(form, id)), [store, id]);
  if (!field) return null;
  const label = fieldLabel(field);
  return (
    <Box
      ref={setRefs}
      data-testid="canvas-field"
      data-field-id={id}
      data-field-key={field.key}
      data-kind={field.kind}
      flex={field.kind === 'table' ? undefined : '1 1 0'}
      minW={0}
      borderWidth="1px"
      borderRadius="md"
      borderColor={drop.isOver ? 'blue.500' : 'gray.300'}
      bg={drag.isDragging ? 'blue.50' : 'white'}
      opacity={drag.isDragging ? 0.5 : 1}
      p={2}
    >
      <HStack spacing={1}>
        <Box
          {...drag.attributes}
          {...drag.listeners}
          aria-label={`Drag ${label}`}
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
          <Text fontSize="xs" color="gray.600" noOfLines={1}>
            {KIND_LABEL[field.kind]} · {field.kind === 'blank' ? '' : field.key}
            {field.readOnly ? ' · read-only' : ''}
          </Text>
        </Box>
        {field.kind !== 'table' && field.kind !== 'blank' && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={TEXTS.editItem(label)}
            icon={<span aria-hidden="true">✎</span>}
            onClick={() => onEdit(id)}
          />
        )}
        {field.kind !== 'table' && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={TEXTS.removeItem(label)}
            icon={<span aria-hidden="true">✕</span>}
            onClick={onRemove}
          />
        )}
      </HStack>
      {table && <TableEditor value={table} onChange={onTableChange} onDelete={onRemove} />}
    </Box>
  );
});
