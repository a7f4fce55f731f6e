import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type HostServices } from 'shared-contracts';
import { AuthScreens } from './Root';
import { browser } from './browser';
import { callsOf, fakeHost, type FakeHost } from 'test-kit';

function renderAt(path: string, host: HostServices) {
  window.history.replaceState(null, '', path);
  return render(<AuthScreens host={host} />);
}

let assigned: string[];
beforeEach(() => {
  assigned = [];
  vi.spyOn(browser, 'assign').mockImplementation((url) => {
    assigned.push(url);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const signedOut = { session: { status: 'signedOut' as const, expired: false } };

describe('login screen', () => {
  it('shows the logo, the title and the three sign-in choices, and keeps the remote marker', async () => {
    renderAt('/login', fakeHost(signedOut));
    expect(screen.getByRole('img', { name: 'Checklists logo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Checklists' })).toBeTruthy();
    const marker = document.querySelector('[data-testid="remote-screen"]');
    expect(marker?.getAttribute('data-remote')).toBe('mfe-auth');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Production login' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('button', { name: 'Sandbox login' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Custom domain login' })).toHaveProperty('disabled', true);
  });

  it('production and sandbox go through the BFF login start (full-page navigation)', async () => {
    const user = userEvent.setup();
    renderAt('/login', fakeHost(signedOut));
    await user.click(await screen.findByRole('button', { name: 'Production login' }));
    await user.click(screen.getByRole('button', { name: 'Sandbox login' }));
    expect(assigned).toEqual([
      '/api/auth/login?loginUrl=production&target=main',
      '/api/auth/login?loginUrl=sandbox&target=main',
    ]);
  });

  it('enables the custom-domain button only for a valid URL', async () => {
    const user = userEvent.setup();
    renderAt('/login', fakeHost(signedOut));
    const input = screen.getByLabelText('Custom domain');
    const button = screen.getByRole('button', { name: 'Custom domain login' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Production login' })).toHaveProperty('disabled', false),
    );
    await user.type(input, 'not a url');
    expect(button).toHaveProperty('disabled', true);
    await user.clear(input);
    await user.type(input, 'https://acme.my.salesforce.com/');
    expect(button).toHaveProperty('disabled', false);
    await user.click(button);
    expect(assigned).toEqual([
      `/api/auth/login?loginUrl=${encodeURIComponent('https://acme.my.salesforce.com')}&target=main`,
    ]);
  });

  it('disables every sign-in when the environment carries no client id', async () => {
    const user = userEvent.setup();
    renderAt('/login', fakeHost({ ...signedOut, env: { clientId: null } }));
    expect(await screen.findByText('Sign-in is not configured for this environment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Production login' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Sandbox login' })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Custom domain'), 'https://acme.my.salesforce.com');
    expect(screen.getByRole('button', { name: 'Custom domain login' })).toHaveProperty('disabled', true);
  });

  it('offers a retry when the environment cannot be read', async () => {
    const host = fakeHost(signedOut);
    let fail = true;
    host.session.env = async () => {
      if (fail) throw new Error('offline');
      return host.envValue;
    };
    const user = userEvent.setup();
    renderAt('/login', host);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Production login' })).toHaveProperty('disabled', true);
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Production login' })).toHaveProperty('disabled', false),
    );
  });

  it("shows the spec's session-expired message when the session ended on its own", async () => {
    renderAt('/login', fakeHost({ session: { status: 'signedOut', expired: true } }));
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeTruthy();
  });

  it('shows the session-expired message when home says the session expired (?expired=1)', async () => {
    renderAt('/login?expired=1', fakeHost(signedOut));
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeTruthy();
  });

  it('does not show the session-expired message after a plain logout', async () => {
    renderAt('/login', fakeHost(signedOut));
    await screen.findByRole('button', { name: 'Production login' });
    expect(screen.queryByText(MESSAGES.sessionExpired)).toBeNull();
  });
});

describe('sign-in callbacks', () => {
  it('finishes sign-in with the query string and lands on home', async () => {
    const host: FakeHost = fakeHost(signedOut);
    renderAt('/authSuccessCallback?status=ok', host);
    expect(screen.getByText('Signing you in…')).toBeTruthy();
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/', { replace: true }]]));
    expect(callsOf(host, 'session.completeSignIn')).toEqual([
      ['session.completeSignIn', '?status=ok', 'main'],
    ]);
    expect(host.sessionState.get().status).toBe('signedIn');
  });

  it("a failed connect shows the spec's message and a way back to sign in", async () => {
    const host = fakeHost(signedOut);
    host.completeSignInResult = new Error(MESSAGES.unableToConnect);
    const user = userEvent.setup();
    renderAt('/authSuccessCallback?status=error&error=access_denied', host);
    expect(await screen.findByText(MESSAGES.unableToConnect)).toBeTruthy();
    expect(callsOf(host, 'navigate')).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(callsOf(host, 'navigate')).toEqual([['navigate', '/login', { replace: true }]]);
  });

  it('the other-org callback completes the other-org sign-in', async () => {
    const host = fakeHost();
    renderAt('/authOtherOrgSuccessCallback?status=ok', host);
    await waitFor(() => expect(callsOf(host, 'navigate').length).toBe(1));
    expect(callsOf(host, 'session.completeSignIn')[0]?.[2]).toBe('otherOrg');
    expect(callsOf(host, 'navigate')[0]?.[1]).toBe('/templateConfiguration');
  });
});
