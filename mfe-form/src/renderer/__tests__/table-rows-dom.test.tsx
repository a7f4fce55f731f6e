// A long table renders the rows on screen and a margin, not all of them (issue 31, rowWindow.ts),
// and keeps what users and tools expect of the whole table: every row on paper, the row count and
// index over all rows, keyboard moves into rows not rendered yet, and errors in off-screen rows
// counted and reachable.
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';
import { PrintModeContext } from '../context';
import { FormRenderer } from '../FormRenderer';

const ROWS = 120;
const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    T: {
      type: 'array',
      items: {
        type: 'object',
        properties: { A: { type: 'string' }, B: { type: 'string', maxLength: 3 } },
      },
    },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [{ type: 'Control', scope: '#/properties/T' }],
};
const data = { T: Array.from({ length: ROWS }, (_, i) => ({ A: `a${i}`, B: `b${i}` })) };
const bodyRows = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('tbody tr[data-row]')];
const rowIndexes = (c: HTMLElement) => bodyRows(c).map((r) => Number(r.dataset.row));
const gapRows = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('tbody tr[data-gap]')];
const heldRows = (c: HTMLElement) => gapRows(c).reduce((n, g) => n + Number(g.dataset.gap), 0);

/** Places the table body `top` px from the top of the viewport (jsdom has no layout), then scrolls. */
const scrollBodyTo = async (c: HTMLElement, top: number) => {
  const body = c.querySelector('tbody') as HTMLElement;
  vi.spyOn(body, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  });
};

afterEach(() => vi.restoreAllMocks());

describe('a long table renders the rows on screen, and stands for all of them', () => {
  it('the first screenful and the last row, the others held as space; row count and index over all rows', () => {
    const { container } = renderForm(schema, ui, data);
    const rows = rowIndexes(container);
    expect(rows[0]).toBe(0);
    expect(rows.at(-1)).toBe(ROWS - 1);
    expect(rows.length).toBeLessThan(ROWS / 2);
    expect(rows.length + heldRows(container)).toBe(ROWS);
    const table = container.querySelector('table') as HTMLElement;
    expect(table.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    expect(container.querySelector('thead tr')?.getAttribute('aria-rowindex')).toBe('1');
    for (const r of bodyRows(container))
      expect(r.getAttribute('aria-rowindex')).toBe(String(Number(r.dataset.row) + 2));
    for (const g of gapRows(container)) expect(g.getAttribute('aria-hidden')).toBe('true');
  });

  it('scrolling to the middle renders the rows there, with their values', async () => {
    const { container } = renderForm(schema, ui, data);
    expect(rowIndexes(container)).not.toContain(70);
    await scrollBodyTo(container, -70 * 41);
    expect(rowIndexes(container)).toContain(70);
    const input = container.querySelector<HTMLInputElement>('td[data-path="T.70.A"] input');
    expect(input?.value).toBe('a70');
    expect(rowIndexes(container).length + heldRows(container)).toBe(ROWS);
  });

  it("a cell's own text scrolling (typed past its width) does not measure the table; an ancestor's scroll does", async () => {
    const { container } = renderForm(schema, ui, data);
    const body = container.querySelector('tbody') as HTMLElement;
    const measure = vi.spyOn(body, 'getBoundingClientRect').mockReturnValue({ top: 0 } as DOMRect);
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    // The frame after the mount measures once; count from there.
    await act(frame);
    await act(frame);
    measure.mockClear();
    const input = container.querySelector('td[data-path="T.5.A"] input') as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new Event('scroll'));
      await frame();
    });
    expect(measure).not.toHaveBeenCalled();
    measure.mockReturnValue({ top: -70 * 41 } as DOMRect);
    await act(async () => {
      (container.querySelector('table')?.parentElement as HTMLElement).dispatchEvent(new Event('scroll'));
      await frame();
    });
    expect(measure).toHaveBeenCalled();
    expect(rowIndexes(container)).toContain(70);
  });

  it('an edit in the last row (always rendered: Shift+Tab from below lands there) lands in the data', () => {
    const { container, data: getData } = renderForm(schema, ui, data);
    const input = container.querySelector('td[data-path="T.119.A"] input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'last' } });
    expect((getData() as typeof data).T[ROWS - 1]?.A).toBe('last');
    expect(input.value).toBe('last');
  });

  it('the focused row stays rendered when the table is scrolled away from it', async () => {
    const { container } = renderForm(schema, ui, data);
    const input = container.querySelector('td[data-path="T.5.A"] input') as HTMLInputElement;
    input.focus();
    fireEvent.focus(input);
    await scrollBodyTo(container, -90 * 41);
    expect(rowIndexes(container)).toContain(90);
    expect(rowIndexes(container)).toContain(5);
    expect(document.activeElement).toBe(input);
  });

  it('arrow down from the last row rendered moves to the same column in the next, rendering it', () => {
    const { container } = renderForm(schema, ui, data);
    const rows = rowIndexes(container);
    const edge = rows[rows.length - 2] as number; // the window's last (the very last row is pinned)
    expect(rows).not.toContain(edge + 1);
    const input = container.querySelector(`td[data-path="T.${edge}.B"] input`) as HTMLInputElement;
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(container.querySelector(`td[data-path="T.${edge + 1}.B"] input`));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
  });

  it('an error in an off-screen row is counted, and a refused Save renders its row and focuses the cell', async () => {
    const bad = { T: data.T.map((r, i) => (i === 100 ? { ...r, B: 'too long' } : r)) };
    const { container, ref } = renderForm(schema, ui, bad);
    expect(rowIndexes(container)).not.toContain(100);
    expect(ref.current?.getErrors().map((e) => e.path)).toContain('T.100.B');
    let check: ReturnType<NonNullable<typeof ref.current>['submit']> | undefined;
    act(() => {
      check = ref.current?.submit();
    });
    expect(check?.ok).toBe(false);
    expect(rowIndexes(container)).toContain(100);
    const cell = container.querySelector('td[data-path="T.100.B"] input');
    await waitFor(() => expect(document.activeElement).toBe(cell));
  });

  it('the print view has every row at once', () => {
    const { container } = render(
      <PrintModeContext.Provider value>
        <FormRenderer schema={schema} uischema={ui} data={data} readOnly />
      </PrintModeContext.Provider>,
    );
    expect(rowIndexes(container)).toEqual(data.T.map((_, i) => i));
    expect(gapRows(container)).toHaveLength(0);
  });

  it("the browser's own print (Ctrl+P) renders every row, then the window again", () => {
    const { container } = renderForm(schema, ui, data);
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(rowIndexes(container)).toHaveLength(ROWS);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(rowIndexes(container).length).toBeLessThan(ROWS / 2);
  });
});
