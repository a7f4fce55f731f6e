// Render counting: a cell commit or a column resize in a 100 x 5 table re-renders only what changed
// (the editor's claim for 500-field forms). Counts, not timings.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { memo, useState, type ComponentProps } from 'react';
import { addColumn, addRow, createTable, type TableModel } from '../../model/table';

const renders = new Map<string, number>();
const bump = (key: string) => renders.set(key, (renders.get(key) ?? 0) + 1);

vi.mock('./TableCell', async (importOriginal) => {
  const real = await importOriginal<typeof import('./TableCell')>();
  const Real = real.TableCell;
  // Same memo boundary as the real cell: counts the renders the editor causes, not typing.
  const TableCell = memo(function CountedCell(p: ComponentProps<typeof Real>) {
    bump(`${p.row}:${p.column.name}`);
    return <Real {...p} />;
  });
  return { ...real, TableCell };
});

const { TableEditor } = await import('./TableEditor');

afterEach(cleanup);

function big(): TableModel {
  let t = addColumn(addColumn(createTable('G_Table_1')));
  while (t.rows.length < 100) t = addRow(t);
  return t;
}

describe('TableEditor render counts (100 x 5)', () => {
  it('a cell commit re-renders that cell only; a resize re-renders only that column', () => {
    function Harness() {
      const [v, setV] = useState(big);
      return <TableEditor value={v} onChange={setV} onDelete={() => undefined} />;
    }
    render(
      <ChakraProvider>
        <Harness />
      </ChakraProvider>,
    );
    expect(renders.size).toBe(500);
    renders.clear();
    const cell = screen.getByLabelText('Column 3 row 42');
    fireEvent.change(cell, { target: { value: 'x' } });
    fireEvent.blur(cell);
    expect([...renders.keys()]).toEqual(['41:C3']);
    renders.clear();
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize column Column 5' }), {
      key: 'ArrowRight',
    });
    expect(renders.size).toBe(100);
    expect([...renders.keys()].every((k) => k.endsWith(':C5'))).toBe(true);
  });
});
