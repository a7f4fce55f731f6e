// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Button, useToast } from '@chakra-ui/react';
import { ProductChakra } from './remote-app';

// Issue 44: a toast raised in one language does not stay up in it once the user switches language.

function Raise() {
  const toast = useToast();
  return <Button onClick={() => toast({ description: 'Cambios guardados', duration: null })}>raise</Button>;
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return check();
};

afterEach(() => document.documentElement.setAttribute('lang', 'en'));

it('closes open toasts when <html lang> changes, and only then', async () => {
  document.documentElement.setAttribute('lang', 'es');
  render(
    <ProductChakra theme={{}}>
      <Raise />
    </ProductChakra>,
  );
  await act(async () => screen.getByRole('button', { name: 'raise' }).click());
  expect(await waitFor(() => screen.queryByText('Cambios guardados') !== null)).toBe(true);
  // another attribute of the page, or the same language set again: the toast stays
  await act(async () => {
    document.documentElement.setAttribute('dir', 'ltr');
    document.documentElement.setAttribute('lang', 'es');
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.queryByText('Cambios guardados')).not.toBeNull();
  await act(async () => {
    document.documentElement.setAttribute('lang', 'fr');
    await Promise.resolve();
  });
  expect(await waitFor(() => screen.queryByText('Cambios guardados') === null)).toBe(true);
});
