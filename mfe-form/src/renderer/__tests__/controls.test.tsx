import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from 'shared-contracts';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';

const schema: FormJsonSchema = {
  type: 'object',
  required: ['Name'],
  properties: {
    Name: { type: 'string', title: 'Name' },
    Zip: {
      type: 'string',
      title: 'ZIP',
      pattern: '^\\d{5}$',
      errorMessage: 'Field Validation : ZIP Code Only',
    },
    Notes: { type: 'string', title: 'Notes' },
    Qty: { type: 'number', title: 'Qty' },
    Due: { type: 'string', format: 'date', title: 'Due' },
    At: { type: 'string', format: 'date-time', title: 'At' },
    When: { type: 'string', format: 'time', title: 'When' },
    Ok: { type: 'boolean', title: 'Ok' },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [
    { type: 'Control', scope: '#/properties/Name' },
    { type: 'Control', scope: '#/properties/Zip' },
    { type: 'Control', scope: '#/properties/Notes', options: { multi: true } },
    { type: 'Control', scope: '#/properties/Qty' },
    { type: 'Control', scope: '#/properties/Due' },
    { type: 'Control', scope: '#/properties/At' },
    { type: 'time', scope: '#/properties/When' },
    { type: 'Control', scope: '#/properties/Ok' },
  ],
};

describe('text, number, date, time, boolean controls', () => {
  it('renders labels with the required asterisk and edits values', async () => {
    const user = userEvent.setup();
    const f = renderForm(schema, ui, {});
    const name = screen.getByLabelText(/Name/);
    expect(name.closest('[role="group"]') ?? document.body).toBeTruthy();
    expect(screen.getByText('*')).toBeTruthy();
    await user.type(name, 'Ada');
    expect(f.data()).toMatchObject({ Name: 'Ada' });
    fireEvent.change(screen.getByLabelText('Qty'), { target: { value: '1.234' } });
    expect(f.data()).toMatchObject({ Qty: 1.234 });
    expect(screen.getByLabelText('Qty').getAttribute('step')).toBe('0.001');
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: '2024-03-01' } });
    fireEvent.change(screen.getByLabelText('When'), { target: { value: '13:30' } });
    fireEvent.click(screen.getByLabelText('Ok'));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'line1\nline2' } });
    expect(f.data()).toMatchObject({
      Due: '2024-03-01',
      When: '13:30:00.000Z',
      Ok: true,
      Notes: 'line1\nline2',
    });
    expect(screen.getByTestId('textarea-print-copy').textContent).toBe('line1\nline2');
    fireEvent.change(screen.getByLabelText('At'), { target: { value: '2024-03-01T10:00' } });
    expect((f.data() as { At: string }).At).toBe(new Date('2024-03-01T10:00').toISOString());
  });

  it("date-time: shown and typed in the user's time zone, stored as UTC; the org's '+0000' is read", () => {
    const f = renderForm(
      schema,
      ui,
      { At: '2026-11-23T19:17:57.844+0000' },
      { services: { timeZone: 'Asia/Tokyo' } },
    );
    const at = screen.getByLabelText('At') as HTMLInputElement;
    expect(at.value).toBe('2026-11-24T04:17');
    fireEvent.change(at, { target: { value: '2026-11-24T09:05' } });
    expect((f.data() as { At: string }).At).toBe('2026-11-24T00:05:00.000Z');
    expect(at.value).toBe('2026-11-24T09:05');
  });

  it('whitespace-only text clears the value', () => {
    const f = renderForm(schema, ui, { Name: 'x' });
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: '   ' } });
    expect(f.data()).not.toHaveProperty('Name');
  });

  it('tests the pattern on every input: red border, warning icon, 3 s toast with errorMessage', async () => {
    renderForm(schema, ui, {});
    const zip = screen.getByLabelText('ZIP');
    fireEvent.change(zip, { target: { value: '12' } });
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    const icon = screen.getByTestId('pattern-warning');
    fireEvent.click(icon);
    await screen.findByRole('status').catch(() => undefined);
    const toasts = document.querySelectorAll('.chakra-alert__desc[data-status="warning"]');
    expect([...toasts].some((t) => t.textContent === 'Field Validation : ZIP Code Only')).toBe(true);
    fireEvent.change(zip, { target: { value: '12345' } });
    expect(screen.queryByTestId('pattern-warning')).toBeNull();
  });

  it('read-only mode makes inputs read-only', () => {
    renderForm(schema, ui, { Name: 'x' }, { readOnly: true });
    expect(screen.getByLabelText(/Name/).hasAttribute('readonly')).toBe(true);
    expect(screen.getByLabelText('Qty').hasAttribute('readonly')).toBe(true);
  });

  it('normalises ISO dates with offsets and applies default tokens at mount', () => {
    const s: FormJsonSchema = {
      type: 'object',
      properties: {
        At: { type: 'string', format: 'date-time' },
        D: { type: 'string', default: '$today+1' },
        U: { type: 'string', default: '$currentuser.Email' },
        N: { type: 'string', default: '$documentname' },
      },
    };
    const f = renderForm(
      s,
      undefined,
      { At: '2024-03-10T10:00:00+02:00' },
      {
        services: { now: () => new Date(2024, 0, 31), currentUser: { Name: 'Ada' }, documentName: 'Walk' },
      },
    );
    expect(f.data()).toEqual({ At: '2024-03-10T08:00:00.000Z', D: '2024-02-01', U: 'Ada', N: 'Walk' });
  });

  it('submit lists errors and shows the alert; the edited flag follows the original', () => {
    const f = renderForm(schema, ui, { Zip: '1' }, { originalData: { Zip: '1' } });
    let res: ReturnType<NonNullable<typeof f.ref.current>['submit']> | undefined;
    act(() => {
      res = f.ref.current?.submit();
    });
    expect(res?.ok).toBe(false);
    expect(res?.alert).toBe(MESSAGES.fixFieldValidation);
    expect(res?.messages).toContain('Name is missing required fields');
    expect(res?.messages).toContain('ZIP Field Validation : ZIP Code Only');
    const summary = screen.getByTestId('error-summary');
    expect(within(summary).getByText(MESSAGES.fixFieldValidation)).toBeTruthy();
    const zipField = document.querySelector('[data-path="Zip"]');
    expect(zipField?.getAttribute('data-edited')).toBeNull();
    fireEvent.change(screen.getByLabelText('ZIP'), { target: { value: '12345' } });
    expect(document.querySelector('[data-path="Zip"]')?.getAttribute('data-edited')).toBe('true');
    fireEvent.change(screen.getByLabelText('ZIP'), { target: { value: '1' } });
    expect(document.querySelector('[data-path="Zip"]')?.getAttribute('data-edited')).toBeNull();
  });

  it('maps server errors onto fields', () => {
    renderForm(schema, ui, {}, { serverErrors: [{ errorPath: 'Name', message: 'Duplicate name' }] });
    expect(screen.getByText('Duplicate name')).toBeTruthy();
  });
});
