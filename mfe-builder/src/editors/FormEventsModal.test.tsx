import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { LayoutEvents } from 'shared-contracts';
import { FormEventsModal } from './FormEventsModal';

afterEach(cleanup);

const FIELDS = [{ path: 'General.CQ_Form_Inspector', label: 'Inspector' }];

function setup(value: LayoutEvents | undefined) {
  const onSave = vi.fn<(e: LayoutEvents | undefined) => void>();
  render(
    <ChakraProvider>
      <FormEventsModal value={value} fields={FIELDS} onSave={onSave} onClose={() => undefined} />
    </ChakraProvider>,
  );
  return { onSave, save: () => screen.getByRole('button', { name: 'Save' }) };
}

describe('FormEventsModal', () => {
  it('saves the events cleaned (trimmed redirect, no empty parts)', () => {
    const { onSave, save } = setup(undefined);
    fireEvent.change(screen.getByLabelText('After save: redirect to'), { target: { value: ' / ' } });
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith({ afterSave: { redirectTo: '/' } });
  });

  it('blocks Save while an on-init step has no action, and saves none left as undefined', () => {
    const { onSave, save } = setup({ onInit: [{ type: 'invoke', action: 'startFlow' }] });
    fireEvent.change(screen.getByLabelText('On init 1 action'), { target: { value: '' } });
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove on init 1' }));
    expect((save() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith(undefined);
  });
});
