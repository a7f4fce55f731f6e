import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormJsonSchema, FormRule, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';

const edited = (path: string): string | null | undefined =>
  document.querySelector(`[data-path="${path}"]`)?.getAttribute('data-edited');

describe('formula hyperlink and image rules on every element type', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: {
      Ref: { type: 'string', title: 'Reference' },
      Show: { type: 'boolean', title: 'Show' },
      Rows: {
        type: 'array',
        title: 'Rows',
        items: { type: 'object', properties: { A: { type: 'string' } } },
      },
      People: {
        type: 'array',
        title: 'People',
        items: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
      },
    },
  };
  const link = (label: string): FormRule => ({
    type: 'formula hyperlink',
    formula: 'https://example.org/doc/{Ref}',
    label,
    conditions: [{ field: 'Show', operator: '==', value: true }],
  });
  const image: FormRule = { type: 'image', formula: 'https://example.org/img/{Ref}.png' };
  const ui: UISchemaElement = {
    type: 'VerticalLayout',
    elements: [
      { type: 'Control', scope: '#/properties/Show' },
      { type: 'Control', scope: '#/properties/Ref', rules: [link('Control link'), image] },
      {
        type: 'Group',
        label: 'Box',
        rules: [link('Group link')],
        elements: [{ type: 'table', scope: '#/properties/Rows', rules: [link('Table link')] }],
      },
      {
        type: 'ListWithDetail',
        scope: '#/properties/People',
        rules: [link('List link')],
        elements: [{ type: 'Control', scope: '#/properties/name' }],
      },
    ],
  };

  it('shows the link with the evaluated formula once the condition holds, under controls, groups, tables and lists', () => {
    renderForm(schema, ui, { Ref: 'R-1', People: [] }, { modes: { mobile: true } });
    // The image rule has no condition: shown at once, with the data substituted.
    const img = document.querySelector('[data-element="formula"] img');
    expect(img?.getAttribute('src')).toBe('https://example.org/img/R-1.png');
    expect(screen.queryByRole('link', { name: /link/ })).toBeNull();
    fireEvent.click(screen.getByLabelText('Show'));
    for (const name of ['Control link', 'Group link', 'Table link', 'List link']) {
      expect(screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href')).toBe(
        'https://example.org/doc/R-1',
      );
    }
    fireEvent.change(screen.getByLabelText('Reference'), { target: { value: 'R-2' } });
    expect(screen.getByRole('link', { name: /Table link/ }).getAttribute('href')).toBe(
      'https://example.org/doc/R-2',
    );
    expect(document.querySelector('[data-element="formula"] img')?.getAttribute('src')).toBe(
      'https://example.org/img/R-2.png',
    );
  });

  it('shows nothing for a hidden element', () => {
    renderForm(
      schema,
      {
        type: 'VerticalLayout',
        elements: [
          {
            type: 'Control',
            scope: '#/properties/Ref',
            rules: [image, { type: 'hidden', conditions: [{ field: 'Show', operator: '==', value: true }] }],
          },
        ],
      },
      { Ref: 'x', Show: true },
    );
    expect(document.querySelector('[data-element="formula"]')).toBeNull();
  });
});

describe('categorization item counts', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: {
      persons: {
        type: 'array',
        title: 'Persons',
        items: { type: 'object', properties: { surname: { type: 'string', title: 'Surname' } } },
      },
      places: {
        type: 'array',
        title: 'Places',
        items: { type: 'object', properties: { n: { type: 'string' } } },
      },
      note: { type: 'string', title: 'Note' },
      other: { type: 'string', title: 'Other' },
    },
  };
  const ui: UISchemaElement = {
    type: 'Categorization',
    elements: [
      {
        type: 'Category',
        label: 'Persons',
        elements: [
          {
            type: 'ListWithDetail',
            scope: '#/properties/persons',
            options: { labelField: 'surname' },
            elements: [{ type: 'Control', scope: '#/properties/surname' }],
          },
        ],
      },
      {
        type: 'Category',
        label: 'Places',
        elements: [{ type: 'table', scope: '#/properties/places' }],
      },
      {
        type: 'Category',
        label: 'Notes',
        elements: [
          { type: 'Control', scope: '#/properties/note' },
          { type: 'Control', scope: '#/properties/other' },
        ],
      },
    ],
  };
  it('counts the items of lists and tables, live; other categories count their fields', () => {
    const f = renderForm(
      schema,
      ui,
      { persons: [{ surname: 'Ames' }, { surname: 'Bell' }, { surname: 'Cole' }], places: [{ n: 'x' }] },
      { modes: { mobile: false } },
    );
    const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs()).toEqual(['Persons3', 'Places1', 'Notes2']);
    fireEvent.click(screen.getByText('Add'));
    expect(tabs()).toEqual(['Persons4', 'Places1', 'Notes2']);
    fireEvent.click(screen.getByLabelText('Delete item 1'));
    fireEvent.click(screen.getByText('Yes'));
    return waitFor(() => {
      expect(tabs()).toEqual(['Persons3', 'Places1', 'Notes2']);
      expect((f.data() as { persons: unknown[] }).persons).toHaveLength(3);
    });
  });
  it('the mobile selector shows the same counts', () => {
    renderForm(schema, ui, { persons: [{}, {}] }, { modes: { mobile: true } });
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Persons (2)', 'Places (0)', 'Notes (2)']);
  });
});

describe('edited marker on table, list and file controls', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: {
      T: {
        type: 'array',
        title: 'T',
        items: { type: 'object', properties: { A: { type: 'string', title: 'A' } } },
      },
      L: {
        type: 'array',
        title: 'L',
        items: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
      },
      Files: { type: 'array', title: 'Attachments' },
    },
  };
  it('a table is edited when a cell differs from the submitted data, and not once it goes back', () => {
    renderForm(
      schema,
      { type: 'table', scope: '#/properties/T', options: { rowsCount: 2 } },
      {},
      { originalData: {} },
    );
    // Blank starting rows are not an edit.
    expect(edited('T')).toBeNull();
    const cell = screen.getAllByLabelText('A')[1] as HTMLElement;
    fireEvent.change(cell, { target: { value: 'x' } });
    expect(edited('T')).toBe('true');
    expect(document.querySelector('[data-path="T"]')?.className).toContain('cq-edited');
    fireEvent.change(cell, { target: { value: '' } });
    expect(edited('T')).toBeNull();
  });
  it('a table whose submitted rows are changed and restored', () => {
    const original = { T: [{ A: 'one' }] };
    renderForm(schema, { type: 'table', scope: '#/properties/T' }, original, { originalData: original });
    const cell = screen.getAllByLabelText('A')[0] as HTMLElement;
    fireEvent.change(cell, { target: { value: 'two' } });
    expect(edited('T')).toBe('true');
    fireEvent.change(cell, { target: { value: 'one' } });
    expect(edited('T')).toBeNull();
  });
  it('a list with detail: adding an item with content is an edit; deleting it again is not', async () => {
    const original = { L: [{ name: 'Ann' }] };
    renderForm(
      schema,
      {
        type: 'ListWithDetail',
        scope: '#/properties/L',
        elements: [{ type: 'Control', scope: '#/properties/name' }],
      },
      original,
      { originalData: original, modes: { mobile: false } },
    );
    expect(edited('L')).toBeNull();
    fireEvent.click(screen.getByText('Add'));
    // An empty new item is not yet a change of the data.
    expect(edited('L')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bob' } });
    expect(edited('L')).toBe('true');
    fireEvent.click(screen.getByLabelText('Delete item 2'));
    fireEvent.click(await screen.findByText('Yes'));
    await waitFor(() => expect(edited('L')).toBeNull());
  });
  it('a file list: an uploaded file is an edit; removing it goes back', async () => {
    const uploadFile = vi.fn().mockResolvedValue({ ContentDocumentId: '069X' });
    renderForm(
      schema,
      { type: 'filecard', scope: '#/properties/Files' },
      {},
      { originalData: {}, services: { uploadFile } },
    );
    expect(edited('Files')).toBeNull();
    fireEvent.change(screen.getByLabelText('Attachments'), {
      target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(edited('Files')).toBe('true'));
    const card = screen.getByTestId('file-card');
    await act(async () => {
      fireEvent.click(within(card).getByLabelText('Delete a.pdf'));
    });
    const yes = screen.queryByText('Yes');
    if (yes) fireEvent.click(yes);
    await waitFor(() => expect(edited('Files')).toBeNull());
  });
  it('a signature list: the unsigned item the control creates is no edit; a signature is', () => {
    renderForm(
      { type: 'object', properties: { S: { type: 'array', title: 'S', items: { type: 'object' } } } },
      { type: 'signatureCard', scope: '#/properties/S', options: { purpose: 'Inspector' } },
      {},
      { originalData: {} },
    );
    expect(edited('S')).toBeNull();
  });
});
