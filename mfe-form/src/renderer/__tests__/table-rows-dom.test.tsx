import { describe, expect, it } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';
import { FIRST_ROWS } from '../controls/rowBatches';
import { PrintModeContext } from '../context';
import { FormRenderer } from '../FormRenderer';

const ROWS = 120;
const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    T: {
      type: 'array',
      items: { type: 'object', properties: { A: { type: 'string' }, B: { type: 'string' } } },
    },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [{ type: 'Control', scope: '#/properties/T' }],
};
const data = { T: Array.from({ length: ROWS }, (_, i) => ({ A: `a${i}`, B: `b${i}` })) };
const bodyRows = (c: HTMLElement) => c.querySelectorAll('tbody tr:not([aria-hidden])');

describe('a long table mounts its first screenful, then every other row', () => {
  it('first FIRST_ROWS rows with the rest held as space, then all rows in order, busy until then', async () => {
    const { container } = renderForm(schema, ui, data);
    const table = container.querySelector('table') as HTMLElement;
    expect(bodyRows(container)).toHaveLength(FIRST_ROWS);
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('tbody tr[aria-hidden] td')?.getAttribute('style')).toMatch(/height/);
    await waitFor(() => expect(bodyRows(container)).toHaveLength(ROWS));
    expect(table.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('tbody tr[aria-hidden]')).toBeNull();
    const firstColumn = [...container.querySelectorAll('tbody tr td:first-child input')].map(
      (i) => (i as HTMLInputElement).value,
    );
    expect(firstColumn).toEqual(data.T.map((r) => r.A));
  });

  it('an edit in a row that arrived later lands in the data', async () => {
    const { container, data: getData } = renderForm(schema, ui, data);
    await waitFor(() => expect(bodyRows(container)).toHaveLength(ROWS));
    const rows = container.querySelectorAll('tbody tr');
    const input = rows[ROWS - 1]?.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'last' } });
    expect((getData() as typeof data).T[ROWS - 1]?.A).toBe('last');
    expect(input.value).toBe('last');
  });

  it('the print view has every row at once', () => {
    const { container } = render(
      <PrintModeContext.Provider value>
        <FormRenderer schema={schema} uischema={ui} data={data} readOnly />
      </PrintModeContext.Provider>,
    );
    expect(bodyRows(container)).toHaveLength(ROWS);
    expect(container.querySelector('table')?.hasAttribute('aria-busy')).toBe(false);
  });
});
