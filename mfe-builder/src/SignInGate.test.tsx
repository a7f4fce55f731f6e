import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MESSAGES } from 'shared-contracts';
import { USER, callsOf, fakeHost } from 'test-kit';
import { SIGN_IN_TEXTS, SignInGate } from './SignInGate';

afterEach(cleanup);

function setup(host: ReturnType<typeof fakeHost>) {
  render(
    <ChakraProvider>
      <SignInGate host={host}>
        <p>builder screen</p>
      </SignInGate>
    </ChakraProvider>,
  );
}

describe('the builder needs a signed-in user', () => {
  it('signed in: the screen', () => {
    setup(fakeHost());
    expect(screen.getByText('builder screen')).toBeTruthy();
  });

  it('never signed in: says so and offers sign-in, without the screen (no org call, no "session expired")', () => {
    const host = fakeHost({ session: { status: 'signedOut', expired: false } });
    setup(host);
    expect(screen.queryByText('builder screen')).toBeNull();
    expect(screen.getByTestId('builder-signed-out').textContent).toContain(SIGN_IN_TEXTS.notSignedIn);
    expect(screen.queryByText(MESSAGES.sessionExpired, { exact: false })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: SIGN_IN_TEXTS.signIn }));
    expect(callsOf(host, 'navigate').at(-1)?.[1]).toBe('/login');
  });

  it('an ended session: the spec message; signing in again shows the screen', () => {
    const host = fakeHost({ session: { status: 'signedOut', expired: true } });
    setup(host);
    expect(screen.getByTestId('builder-signed-out').textContent).toContain(MESSAGES.sessionExpired);
    act(() => host.sessionState.set(USER));
    expect(screen.getByText('builder screen')).toBeTruthy();
  });
});
