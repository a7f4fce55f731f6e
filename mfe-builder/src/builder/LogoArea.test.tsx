import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { BUILDER, MESSAGES, logoTooLarge } from 'shared-contracts';
import { emptyForm } from '../model/reader';
import { LogoArea } from './LogoArea';
import { BuilderStore } from './store';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

function setup() {
  const store = new BuilderStore(emptyForm(), '');
  render(
    <ChakraProvider>
      <LogoArea store={store} />
    </ChakraProvider>,
  );
  return store;
}

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('logo-input'), { target: { files: [file] } });
const message = () => screen.queryByTestId('logo-message');

describe('LogoArea', () => {
  it('refuses a gif with the spec text, shown for 5 s; the form keeps no logo', async () => {
    const store = setup();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    pick(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await waitFor(() => expect(message()?.textContent).toBe(MESSAGES.logoType));
    // The clock also runs in real time (waitFor polls on it): a 1 s margin keeps a busy machine from
    // passing the 5 s early; the exact 5 s is checked on Playwright's clock in builder-canvas.spec.ts.
    await act(async () => vi.advanceTimersByTime(BUILDER.logoMessageMs - 1000));
    expect(message()).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1100));
    await waitFor(() => expect(message()).toBeNull());
    expect(store.getForm().meta.logo).toBeFalsy();
  });

  it('refuses a png over 200 KB with its size; a good png is then set', async () => {
    const store = setup();
    pick(new File([new Uint8Array(250 * 1024)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(message()?.textContent).toBe(logoTooLarge(250)));
    expect(store.getForm().meta.logo).toBeFalsy();
    pick(new File([new Uint8Array(1024)], 'ok.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Form logo' })).toBeTruthy());
    expect(store.getForm().meta.logo).toMatch(/^data:image\/png;base64,/);
    expect(message()).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Logo' })).toBeTruthy();
  });
});
