import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { ACCESS_TEXTS } from 'shared-contracts';
import { USER, callsOf, fakeHost } from 'test-kit';
import { AccessGate } from './AccessGate';

afterEach(cleanup);

function setup(allowed: boolean | Error, userId: string) {
  const host = fakeHost({ session: { ...USER, userId } });
  host.routes.set('GET /api/formBuilderAccess', () => {
    if (allowed instanceof Error) throw allowed;
    return { allowed, reason: allowed ? null : 'insufficient access rights on object id' };
  });
  render(
    <ChakraProvider>
      <AccessGate host={host}>
        <p>builder screen</p>
      </AccessGate>
    </ChakraProvider>,
  );
  return host;
}

describe('the builder is for those the org lets edit forms', () => {
  it('allowed by the org: the screen', async () => {
    const host = setup(true, '005000000000101AAA');
    expect(await screen.findByText('builder screen')).toBeTruthy();
    expect(callsOf(host, 'api.GET').map((c) => c[1])).toEqual(['/api/formBuilderAccess']);
  });

  it('refused by the org: the no-access page in the app’s words, a way home, no screen', async () => {
    const host = setup(false, '005000000000102AAA');
    const page = await screen.findByTestId('builder-no-access');
    expect(page.textContent).toContain(ACCESS_TEXTS.noBuilderAccess);
    expect(screen.queryByText('builder screen')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to your forms' }));
    expect(callsOf(host, 'navigate').at(-1)?.[1]).toBe('/');
  });

  it('the BFF cannot be asked (offline): the screen opens and its own calls say why', async () => {
    setup(new Error('offline'), '005000000000103AAA');
    expect(await screen.findByText('builder screen')).toBeTruthy();
  });
});
