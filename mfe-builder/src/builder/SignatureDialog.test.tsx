import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { SignatureDialog } from './SignatureDialog';
import { TEXTS } from './texts';

afterEach(cleanup);

function setup() {
  const onAdd = vi.fn();
  const onClose = vi.fn();
  render(
    <ChakraProvider>
      <SignatureDialog isOpen onClose={onClose} onAdd={onAdd} />
    </ChakraProvider>,
  );
  return { onAdd, onClose, user: userEvent.setup() };
}

const add = () => screen.getByRole('button', { name: 'Add' });

describe('SignatureDialog', () => {
  it('a purpose of only spaces is refused with its message and Add stays off', async () => {
    const { onAdd, user } = setup();
    expect(add()).toHaveProperty('disabled', true);
    const purpose = screen.getByLabelText(/^Purpose/);
    await user.type(purpose, '   ');
    await user.tab();
    expect(await screen.findByText(TEXTS.signaturePurposeRequired)).toBeTruthy();
    expect(add()).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByRole('dialog'));
    await waitFor(() => expect(screen.getByText(TEXTS.signaturePurposeRequired)).toBeTruthy());
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds the trimmed purpose and closes', async () => {
    const { onAdd, onClose, user } = setup();
    const purpose = screen.getByLabelText(/^Purpose/);
    expect(purpose.getAttribute('maxlength')).toBe('255');
    await user.type(purpose, ' Inspector ');
    await waitFor(() => expect(add()).toHaveProperty('disabled', false));
    await user.click(add());
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('Inspector'));
    expect(onClose).toHaveBeenCalled();
  });

  it('Enter submits a good purpose', async () => {
    const { onAdd, user } = setup();
    await user.type(screen.getByLabelText(/^Purpose/), 'Supervisor{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('Supervisor'));
  });
});
