import { memo, useEffect, useRef, useState } from 'react';
import { IconButton, Text } from '@chakra-ui/react';
import { BUILDER } from 'shared-contracts';
import { cellError, type CellValue, type TableColumnModel } from '../../model/table';
import { WarningIcon } from 'ui-kit/icons';
import { TABLE_EDITOR_TEXTS as TT } from './texts';

export interface TableCellProps {
  row: number;
  column: TableColumnModel;
  value: CellValue | undefined;
  /** Called on blur when the text changed (one history entry per cell edit, not per keystroke). */
  onCommit: (row: number, name: string, text: string) => void;
}

const asText = (v: CellValue | undefined): string => (v === undefined ? '' : String(v));

/**
 * One cell: a text area checked against its column's pattern as the user types; an invalid cell
 * gets a red border and a warning icon whose click shows the column's message for 3000 ms.
 */
export const TableCell = memo(function TableCell({ row, column, value, onCommit }: TableCellProps) {
  const [text, setText] = useState(() => asText(value));
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setText(asText(value)), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const error = cellError(column, text);
  const label = TT.cell(column.title, row + 1);
  return (
    <div className="cq-cell-wrap">
      {/* A plain element: a styled Chakra Textarea per cell costs an emotion style per instance
          (500 of them in a 100 x 5 table); the table editor styles .cq-cell once. */}
      <textarea
        className="cq-cell"
        aria-label={label}
        rows={1}
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text !== asText(value)) onCommit(row, column.name, text);
        }}
      />
      {error ? (
        <IconButton
          aria-label={TT.showError(label)}
          size="xs"
          variant="ghost"
          colorScheme="orange"
          position="absolute"
          top={1}
          insetEnd={1}
          icon={<WarningIcon />}
          onClick={() => {
            clearTimeout(timer.current);
            setShown(true);
            timer.current = setTimeout(() => setShown(false), BUILDER.tableErrorToastMs);
          }}
        />
      ) : null}
      {error && shown ? (
        <Text role="alert" fontSize="xs" color="red.600" mt={1}>
          {error}
        </Text>
      ) : null}
    </div>
  );
});
