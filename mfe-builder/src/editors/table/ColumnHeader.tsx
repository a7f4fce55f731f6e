import { memo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { Box, Checkbox, HStack, Text } from '@chakra-ui/react';
import { documentDirection } from 'ui-kit/direction';
import { MIN_COLUMN_WIDTH, type TableColumnModel } from '../../model/table';
import { TABLE_EDITOR_TEXTS as TT } from './texts';

export interface ColumnHeaderProps {
  column: TableColumnModel;
  selected: boolean;
  onSelect: (name: string, selected: boolean) => void;
  /** Double-click (or Enter on the title) opens the column modal. */
  onEdit: (name: string) => void;
  /** Committed once per drag (or per arrow key), never per pointer move. */
  onResize: (name: string, width: number) => void;
}

const KEY_STEP = 10;

/** How far the column's inline end moved: the handle is at the right edge left to right, the left edge right to left. */
const inlineDelta = (dx: number): number => (documentDirection() === 'rtl' ? -dx : dx);

/** A column's header cell: selection checkbox, title, and a resize handle (pointer or arrow keys). */
export const ColumnHeader = memo(function ColumnHeader({
  column,
  selected,
  onSelect,
  onEdit,
  onResize,
}: ColumnHeaderProps) {
  // The live width while dragging stays local: only the cell re-renders per move.
  const [live, setLive] = useState<number>();
  const drag = useRef<{ x: number; width: number }>();
  const width = live ?? column.width;

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, width: column.width };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setLive(
      Math.max(MIN_COLUMN_WIDTH, Math.round(drag.current.width + inlineDelta(e.clientX - drag.current.x))),
    );
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = Math.max(
      MIN_COLUMN_WIDTH,
      Math.round(drag.current.width + inlineDelta(e.clientX - drag.current.x)),
    );
    drag.current = undefined;
    setLive(undefined);
    if (next !== column.width) onResize(column.name, next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = inlineDelta(e.key === 'ArrowRight' ? KEY_STEP : e.key === 'ArrowLeft' ? -KEY_STEP : 0);
    if (!delta) return;
    e.preventDefault();
    onResize(column.name, Math.max(MIN_COLUMN_WIDTH, column.width + delta));
  };

  return (
    <th
      style={{
        width: `${width}px`,
        position: 'relative',
        paddingBlock: '4px',
        paddingInlineStart: '8px',
        paddingInlineEnd: '12px',
        textAlign: 'start',
      }}
    >
      <HStack spacing={2}>
        <Checkbox
          isChecked={selected}
          onChange={(e) => onSelect(column.name, e.target.checked)}
          aria-label={TT.selectColumn(column.title)}
        />
        <Text
          as="span"
          tabIndex={0}
          cursor="pointer"
          fontWeight="semibold"
          title={TT.doubleClickToEdit}
          data-testid={`column-title-${column.name}`}
          onDoubleClick={() => onEdit(column.name)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onEdit(column.name);
          }}
        >
          {column.title}
        </Text>
      </HStack>
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-label={TT.resizeColumn(column.title)}
        aria-valuenow={width}
        aria-valuemin={MIN_COLUMN_WIDTH}
        tabIndex={0}
        position="absolute"
        top={0}
        insetEnd={0}
        h="100%"
        w="8px"
        cursor="col-resize"
        _hover={{ bg: 'blue.200' }}
        _focusVisible={{ bg: 'blue.300', outline: 'none' }}
        style={{ touchAction: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
    </th>
  );
});
