import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';
import { fileProblem, isInlineImage, nextIndeterminate } from '../controls/FileControl';
import { FormRenderer } from '../FormRenderer';

describe('table', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    definitions: {
      G_Table_1: {
        type: 'object',
        properties: {
          C2: {
            type: 'string',
            title: 'Column 2',
            id: 2,
            regexRuleName: 'Numeric Only',
            pattern: '^\\d*$',
            errorMessage: 'Numbers only',
          },
          C1: {
            type: 'string',
            title: 'Column 1',
            id: 1,
            pattern: '^[a-z]*$',
            errorMessage: 'Lower case only',
          },
        },
      },
    },
    properties: { G_Table_1__r: { type: 'array', items: { $ref: '#/definitions/G_Table_1' } } },
  };
  const ui: UISchemaElement = {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'table',
        scope: '#/properties/G_Table_1__r',
        options: { rowsCount: 3, columnWidth: { C1: 120 } },
      },
    ],
  };
  it('renders rowsCount rows, columns by id, parses Numeric Only, flags patterns, drops empty rows on submit', () => {
    const f = renderForm(schema, ui, {});
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 2)).toEqual(['Column 1', 'Column 2']);
    const c1 = screen.getAllByLabelText('Column 1');
    expect(c1).toHaveLength(3);
    expect(c1[0]?.getAttribute('maxlength')).toBe('254');
    fireEvent.change(screen.getAllByLabelText('Column 2')[1] as HTMLElement, { target: { value: '42' } });
    expect(f.data()).toEqual({ G_Table_1__r: [{}, { C2: 42 }] });
    fireEvent.change(screen.getAllByLabelText('Column 1')[1] as HTMLElement, { target: { value: 'ABC' } });
    expect(screen.getAllByLabelText('Column 1')[1]?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('pattern-warning')).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('Column 1')[1] as HTMLElement, { target: { value: 'abc' } });
    let res: { data: unknown; ok: boolean } | undefined;
    act(() => {
      res = f.ref.current?.submit();
    });
    expect(res?.ok).toBe(true);
    expect(res?.data).toEqual({ G_Table_1__r: [{ C2: 42, C1: 'abc' }] });
    expect(screen.getAllByLabelText('Column 1')[1]?.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('pattern-warning')).toBeNull();
  });
  it('keeps a Numeric Only cell as typed while it stands for the stored number', () => {
    const f = renderForm(schema, ui, {});
    const cell = screen.getAllByLabelText('Column 2')[0] as HTMLInputElement;
    // "1.0" is stored as 1; the cell must not turn it into "1" under the user's caret ("1.05" next).
    for (const typed of ['1', '1.', '1.0', '1.05']) {
      fireEvent.change(cell, { target: { value: typed } });
      expect(cell.value).toBe(typed);
    }
    expect(f.data()).toEqual({ G_Table_1__r: [{ C2: 1.05 }] });
    expect(screen.getAllByLabelText('Column 2')[0]).toBe(cell);
  });
  it('cells follow the data: a removed row shifts the values up, a rule or reset rewrites them', () => {
    const f = renderForm(schema, ui, {
      G_Table_1__r: [
        { C1: 'a', C2: 1 },
        { C1: 'b', C2: 2 },
      ],
    });
    const firstCells = () => screen.getAllByLabelText('Column 1').map((c) => (c as HTMLInputElement).value);
    expect(firstCells()).toEqual(['a', 'b', '']);
    fireEvent.click(screen.getByLabelText('Remove row 1'));
    expect(f.data()).toEqual({ G_Table_1__r: [{ C1: 'b', C2: 2 }] });
    expect(firstCells()).toEqual(['b', '', '']);
    expect((screen.getAllByLabelText('Column 2')[0] as HTMLInputElement).value).toBe('2');
    // Only stored rows can be removed.
    expect(screen.queryByLabelText('Remove row 2')).toBeNull();
    f.rerender(
      <FormRenderer
        schema={schema}
        uischema={ui}
        data={{ G_Table_1__r: [{ C1: 'z' }] }}
        validationTiming="sync"
      />,
    );
    expect(firstCells()).toEqual(['z', '', '']);
  });
  it('a typed padding row becomes stored without losing its input or focus', () => {
    renderForm(schema, ui, {});
    const cell = screen.getAllByLabelText('Column 1')[2] as HTMLInputElement;
    cell.focus();
    fireEvent.change(cell, { target: { value: 'x' } });
    expect(screen.getAllByLabelText('Column 1')[2]).toBe(cell);
    expect(document.activeElement).toBe(cell);
    expect(screen.getByLabelText('Remove row 3')).toBeTruthy();
  });
  it('is read-only in read-only mode and honours preventAddition', () => {
    renderForm(
      {
        ...schema,
        properties: {
          G_Table_1__r: { type: 'array', preventAddition: true, items: { $ref: '#/definitions/G_Table_1' } },
        },
      },
      ui,
      {
        G_Table_1__r: [{ C1: 'a' }],
      },
    );
    expect(screen.queryByText('Add Row')).toBeNull();
  });
  it('cells are read-only in a read-only form', () => {
    renderForm(schema, ui, { G_Table_1__r: [{ C1: 'a' }] }, { readOnly: true });
    const cells = screen.getAllByLabelText('Column 1') as HTMLInputElement[];
    expect(cells.every((c) => c.readOnly)).toBe(true);
    expect(screen.queryByLabelText('Remove row 1')).toBeNull();
  });
});

describe('files', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: { Files: { type: 'array', title: 'Attachments' } },
  };
  const ui: UISchemaElement = {
    type: 'VerticalLayout',
    elements: [{ type: 'filecard', scope: '#/properties/Files' }],
  };
  it('uploads with progress and stores the ContentDocumentId', async () => {
    let finish: (v: { ContentDocumentId: string }) => void = () => undefined;
    const uploadFile = vi.fn(
      (_file: File, ctx: { onProgress: (p: number) => void }) =>
        new Promise<{ ContentDocumentId: string }>((resolve) => {
          ctx.onProgress(40);
          finish = resolve;
        }),
    );
    const f = renderForm(schema, ui, {}, { services: { uploadFile } });
    const input = screen.getByLabelText('Attachments') as HTMLInputElement;
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(uploadFile).toHaveBeenCalled());
    expect(screen.getByTestId('file-card').textContent).toContain('photo.png');
    await act(async () => finish({ ContentDocumentId: '069X' }));
    expect((f.data() as { Files: Array<{ ContentDocumentId: string }> }).Files[0]?.ContentDocumentId).toBe(
      '069X',
    );
  });
  it('shows Upload failed with retry, and the indeterminate bar on Network Error', async () => {
    const uploadFile = vi
      .fn()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce({ ContentDocumentId: '069Y' });
    const f = renderForm(schema, ui, {}, { services: { uploadFile } });
    fireEvent.change(screen.getByLabelText('Attachments'), { target: { files: [new File(['x'], 'a.pdf')] } });
    expect(await screen.findByText(MESSAGES.uploadFailed)).toBeTruthy();
    fireEvent.click(screen.getByText('Retry'));
    await waitFor(() =>
      expect((f.data() as { Files: Array<{ ContentDocumentId: string }> }).Files[0]?.ContentDocumentId).toBe(
        '069Y',
      ),
    );
    const net = vi.fn().mockRejectedValue(new Error('Network Error'));
    f.unmount();
    renderForm(schema, ui, {}, { services: { uploadFile: net } });
    fireEvent.change(screen.getByLabelText('Attachments'), { target: { files: [new File(['x'], 'b.pdf')] } });
    expect(await screen.findByTestId('indeterminate')).toBeTruthy();
  });
  it("shows why an upload was refused under 'Upload failed', as the host words it", async () => {
    const uploadFile = vi
      .fn()
      .mockRejectedValue(new Error('Server Error: Error: executables are not allowed'));
    renderForm(
      schema,
      ui,
      {},
      {
        services: {
          uploadFile,
          uploadFailureReason: () => 'Error del servidor: Error: no se permiten archivos ejecutables',
        },
      },
    );
    fireEvent.change(screen.getByLabelText('Attachments'), {
      target: { files: [new File(['x'], 'tool.png')] },
    });
    expect(await screen.findByText(MESSAGES.uploadFailed)).toBeTruthy();
    expect(screen.getByTestId('upload-failure-reason').textContent).toBe(
      'Error del servidor: Error: no se permiten archivos ejecutables',
    );
  });
  it('shows Delete and reupload for a stored file with no upload record; read-only on selected-submission', () => {
    renderForm(
      schema,
      ui,
      { Files: [{ ContentDocumentId: '', LocalId: 'gone', Name: 'old.pdf' }] },
      {
        services: { hasUploadRecord: () => false },
      },
    );
    expect(screen.getByText(MESSAGES.uploadFailedReupload)).toBeTruthy();
  });
  it("a stored photo's preview: asked for while its card shows, released when the card leaves", async () => {
    const getFilePreview = vi.fn(async () => 'blob:stored');
    const releaseFilePreview = vi.fn();
    const f = renderForm(
      schema,
      ui,
      { Files: [{ ContentDocumentId: '', LocalId: 'kept', Name: 'flange.jpg' }] },
      { services: { getFilePreview, releaseFilePreview, hasUploadRecord: () => true } },
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'flange.jpg' })).toBeTruthy());
    expect(screen.getByRole('img', { name: 'flange.jpg' }).getAttribute('src')).toBe('blob:stored');
    expect(getFilePreview).toHaveBeenCalledTimes(1);
    expect(releaseFilePreview).not.toHaveBeenCalled();
    f.unmount();
    expect(releaseFilePreview).toHaveBeenCalledWith('blob:stored');
  });
  it('selected-submission hides adding and deleting', () => {
    renderForm(
      schema,
      ui,
      { Files: [{ ContentDocumentId: '069', LocalId: 'l', Name: 'ok.pdf' }] },
      { modes: { selectedSubmission: true } },
    );
    expect(screen.queryByLabelText('Attachments')).toBeNull();
    expect(screen.queryByLabelText('Delete ok.pdf')).toBeNull();
  });
  it('limits, previews and the indeterminate step', () => {
    expect(fileProblem({ size: 1e8 + 1, name: 'big.bin' })).toBe(MESSAGES.fileTooLarge);
    expect(fileProblem({ size: 1, name: 'a.exe', type: 'x' }, '.pdf')).toMatch(/^Error: /);
    expect(isInlineImage('a.JPG')).toBe(true);
    expect(isInlineImage('a.gif')).toBe(false);
    expect(nextIndeterminate(0)).toBe(5);
    expect(nextIndeterminate(90)).toBe(95);
    expect(nextIndeterminate(95)).toBe(0);
  });
  it('rejects files over 100 MB with the spec text', () => {
    renderForm(schema, ui, {}, { services: { uploadFile: vi.fn() } });
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: 1e8 + 1 });
    fireEvent.change(screen.getByLabelText('Attachments'), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.fileTooLarge);
  });
});

describe('signature', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: { Signatures: { type: 'array', title: 'Signatures', items: { type: 'object' } } },
  };
  const ui: UISchemaElement = {
    type: 'VerticalLayout',
    elements: [
      { type: 'signatureCard', scope: '#/properties/Signatures', options: { purpose: 'Inspector' } },
    ],
  };
  it('auto-creates an empty item with the Purpose and opens the sign-here modal', async () => {
    const f = renderForm(schema, ui, {});
    expect(f.data()).toEqual({ Signatures: [{ SignatureBase64: '', Purpose: 'Inspector' }] });
    fireEvent.click(screen.getByText('Sign here'));
    expect(await screen.findByText('Sign here: Inspector')).toBeTruthy();
    expect(screen.getByText('Clear')).toBeTruthy();
    fireEvent.click(screen.getByText('Save'));
  });
  it('is read-only on selected-submission (no sign button, no auto item)', () => {
    const f = renderForm(schema, ui, {}, { modes: { selectedSubmission: true } });
    expect(screen.queryByText('Sign here')).toBeNull();
    expect(f.data()).toEqual({});
  });
});

describe('layouts', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: {
      a: { type: 'string', title: 'A' },
      b: { type: 'string', title: 'B' },
      c: { type: 'string', title: 'C' },
      People: {
        type: 'array',
        title: 'People',
        items: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
      },
    },
  };
  it('horizontal layout defaults to 2 columns; groups and flex render children', () => {
    renderForm(schema, {
      type: 'VerticalLayout',
      elements: [
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/a' },
            { type: 'Control', scope: '#/properties/b' },
            { type: 'Control', scope: '#/properties/c' },
          ],
        },
        { type: 'Group', label: 'G1', elements: [{ type: 'label', text: 'Hello label' }, { type: 'blank' }] },
        { type: 'CQFlexLayout', options: { columns: 3 }, elements: [{ type: 'label', text: 'In flex' }] },
      ],
    });
    expect(document.querySelector('[data-layout="horizontal"]')?.getAttribute('data-columns')).toBe('2');
    expect(screen.getByRole('group', { name: 'G1' })).toBeTruthy();
    expect(screen.getByText('Hello label')).toBeTruthy();
    expect(document.querySelector('[data-element="blank"]')).toBeTruthy();
    expect(screen.getByText('In flex')).toBeTruthy();
  });
  it('sections open and close; headers hidden in CQEditFormSF mode', () => {
    const ui: UISchemaElement = {
      type: 'Section',
      sectionId: 's1',
      label: 'Section One',
      elements: [{ type: 'Control', scope: '#/properties/a' }],
    };
    const f = renderForm(schema, ui);
    // Shown from the first paint: nothing around the field is collapsed, transparent or hidden.
    for (let el: HTMLElement | null = screen.getByLabelText('A'); el; el = el.parentElement) {
      expect([el.hidden, el.style.display, el.style.opacity, el.style.height]).toEqual([false, '', '', '']);
    }
    fireEvent.click(screen.getByRole('button', { name: /Section One/ }));
    expect(screen.queryByLabelText('A')).toBeNull();
    f.unmount();
    renderForm(schema, ui, {}, { modes: { editForm: true } });
    expect(screen.queryByText('Section One')).toBeNull();
    expect(screen.getByLabelText('A')).toBeTruthy();
  });
  it('categorization shows tabs with item counts, and a dropdown on mobile', () => {
    const ui: UISchemaElement = {
      type: 'Categorization',
      elements: [
        {
          type: 'Category',
          label: 'First',
          elements: [
            { type: 'Control', scope: '#/properties/a' },
            { type: 'Control', scope: '#/properties/b' },
          ],
        },
        { type: 'Category', label: 'Second', elements: [{ type: 'Control', scope: '#/properties/c' }] },
      ],
    };
    const f = renderForm(schema, ui);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['First2', 'Second1']);
    fireEvent.click(tabs[1] as HTMLElement);
    expect(screen.getByLabelText('C')).toBeTruthy();
    f.unmount();
    renderForm(schema, ui, {}, { modes: { mobile: true } });
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['First (2)', 'Second (1)']);
  });
  it('list with detail: numbered items, add, delete with confirmation selects the previous item', async () => {
    const ui: UISchemaElement = {
      type: 'ListWithDetail',
      scope: '#/properties/People',
      elements: [{ type: 'Control', scope: '#/properties/name' }],
    };
    const f = renderForm(
      schema,
      ui,
      { People: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }] },
      { modes: { mobile: false } },
    );
    expect(
      screen.getAllByTestId('list-item').map((li) => within(li).getAllByRole('button')[0]?.textContent),
    ).toEqual(['1. Ann', '2. Bob', '3. Cy']);
    fireEvent.click(screen.getByText('3. Cy'));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cy');
    fireEvent.click(screen.getByLabelText('Delete item 3'));
    expect(await screen.findByText(MESSAGES.deleteItemConfirm)).toBeTruthy();
    fireEvent.click(screen.getByText('Yes'));
    await waitFor(() => expect(f.data()).toEqual({ People: [{ name: 'Ann' }, { name: 'Bob' }] }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Bob');
    fireEvent.click(screen.getByText('Add'));
    expect(f.data()).toEqual({ People: [{ name: 'Ann' }, { name: 'Bob' }, {}] });
  });
  it('list with detail is read-only on selected-submission and honours preventDeletion', () => {
    const ui: UISchemaElement = { type: 'ListWithDetail', scope: '#/properties/People', elements: [] };
    renderForm(
      schema,
      ui,
      { People: [{ name: 'Ann' }] },
      { modes: { selectedSubmission: true, mobile: true } },
    );
    expect(screen.queryByText('Add')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.getByLabelText('Name').hasAttribute('readonly')).toBe(true);
  });
});

describe('static elements', () => {
  it('guide panel shows guides whose eq/neq holds; quick links; print button', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: { kind: { type: 'string', title: 'Kind' } },
    };
    const print = vi.fn();
    renderForm(
      schema,
      {
        type: 'VerticalLayout',
        elements: [
          { type: 'Control', scope: '#/properties/kind' },
          {
            type: 'guide',
            options: {
              guides: [
                { field: 'kind', operator: 'eq', value: 'pump', text: 'Pump guide' },
                { field: 'kind', operator: 'neq', value: 'pump', text: 'Other guide' },
              ],
            },
          },
          { type: 'quicklinks', options: { links: [{ Id: 's1', Name: 'Checks', Total: 4, Done: 1 }] } },
          { type: 'print', options: { header: 'Acme', subheader: 'Walk' } },
        ],
      },
      {},
      { services: { print } },
    );
    expect(screen.getByText('Other guide')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'pump' } });
    expect(screen.getByText('Pump guide')).toBeTruthy();
    expect(screen.queryByText('Other guide')).toBeNull();
    expect(screen.getByText('Checks')).toBeTruthy();
    expect(screen.getByText('1/4')).toBeTruthy();
    fireEvent.click(screen.getByText('Print'));
    expect(print).toHaveBeenCalled();
    expect(screen.getByText('Acme')).toBeTruthy();
  });
});

describe('rules and events at run time', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: {
      status: { type: 'string', title: 'Status' },
      note: { type: 'string', title: 'Note' },
      due: { type: 'string', title: 'Due' },
      owner: { type: 'string', title: 'Owner' },
      code: { type: 'string', title: 'Code' },
    },
  };
  it('hidden, readonly, required, setValues, invoke, onLoad, onInit and afterSave', () => {
    const invoke = vi.fn();
    const navigate = vi.fn();
    const ui: UISchemaElement = {
      type: 'VerticalLayout',
      events: {
        afterSave: { redirectTo: '/done' },
        onInit: [{ type: 'invoke', action: 'initFlow' }],
        onLoad: [{ type: 'setValues', values: [{ field: 'owner', fn: 'setCurrentUser' }] }],
      },
      elements: [
        { type: 'Control', scope: '#/properties/status' },
        {
          type: 'Control',
          scope: '#/properties/note',
          rules: [{ type: 'hidden', conditions: [{ field: 'status', operator: '==', value: 'Closed' }] }],
        },
        {
          type: 'Control',
          scope: '#/properties/code',
          rules: [{ type: 'readonly', conditions: [{ field: 'status', operator: 'Exists' }] }],
        },
        {
          type: 'Control',
          scope: '#/properties/due',
          rules: [
            { type: 'required', conditions: [{ field: 'status', operator: '==', value: 'Open' }] },
            {
              type: 'setValues',
              conditions: [{ field: 'status', operator: '==', value: 'Closed' }],
              values: [
                { field: 'due', fn: 'addDays', days: 2 },
                { field: 'note', fn: 'clear' },
              ],
            },
            {
              type: 'invoke',
              conditions: [{ field: 'status', operator: '==', value: 'Closed' }],
              action: 'notify',
            },
          ],
        },
        { type: 'Control', scope: '#/properties/owner' },
      ],
    };
    const f = renderForm(
      schema,
      ui,
      { note: 'n' },
      {
        services: { invoke, navigate, currentUser: { Name: 'Ada' }, now: () => new Date(2024, 0, 1) },
      },
    );
    expect(invoke).toHaveBeenCalledWith('initFlow', undefined, expect.anything());
    expect(f.data()).toMatchObject({ owner: 'Ada' });
    const status = screen.getByLabelText('Status');
    fireEvent.change(status, { target: { value: 'Open' } });
    expect(screen.getByLabelText(/Due/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Code').hasAttribute('readonly')).toBe(true);
    let res: { messages: string[] } | undefined;
    act(() => {
      res = f.ref.current?.submit();
    });
    expect(res?.messages).toContain('Due is missing required fields');
    fireEvent.change(status, { target: { value: 'Closed' } });
    expect(screen.queryByLabelText('Note')).toBeNull();
    expect(f.data()).toMatchObject({ status: 'Closed', due: '2024-01-03' });
    expect(f.data()).not.toHaveProperty('note');
    expect(invoke).toHaveBeenCalledWith('notify', undefined, expect.anything());
    f.ref.current?.afterSave();
    expect(navigate).toHaveBeenCalledWith('/done');
  });
  it('JSON Forms rules (SHOW with a schema condition) work too', () => {
    renderForm(schema, {
      type: 'VerticalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/status' },
        {
          type: 'Control',
          scope: '#/properties/note',
          rule: { effect: 'SHOW', condition: { scope: '#/properties/status', schema: { const: 'x' } } },
        },
      ],
    });
    expect(screen.queryByLabelText('Note')).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'x' } });
    expect(screen.getByLabelText('Note')).toBeTruthy();
  });
  it('formula hyperlink and image rules on a label', () => {
    renderForm(
      schema,
      {
        type: 'VerticalLayout',
        elements: [
          { type: 'Control', scope: '#/properties/code' },
          {
            type: 'label',
            text: 'Record',
            rules: [{ type: 'formula hyperlink', formula: 'https://org.test/{code}', label: 'Open record' }],
          },
        ],
      },
      { code: '001' },
    );
    expect(screen.getByText('Open record').getAttribute('href')).toBe('https://org.test/001');
  });
});
