// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { HostServices, OutboxItem, SessionState } from 'shared-contracts';
import { HeaderSlot, needsFullHeader } from './HeaderSlot';
import { Signal } from '../host/signal';
import { setAreaState } from '../routing/outlet';

const settable = <T,>(v: T): Signal<T> => new Signal(v);

function fakeHost(session: SessionState) {
  const calls: string[] = [];
  const host = {
    contractVersion: '1.1.0',
    navigate: (to: string) => calls.push(to),
    online: settable(true),
    api: { get: async () => ({ allowed: false }) },
    session: { state: settable<SessionState>(session) },
    offline: { outbox: settable<OutboxItem[]>([]) },
    i18n: {
      language: settable('en'),
      displayLocale: settable({ locale: 'en' }),
      setLanguage: () => undefined,
    },
  } as unknown as HostServices;
  return { host, calls };
}

const signedOut: SessionState = { status: 'signedOut', expired: false };

/**
 * Ctrl, cmd and shift clicks on `link`: whether every one was left to the browser (not prevented);
 * jsdom's own navigation is then stopped at the window, after the app's handlers ran.
 */
function modifiedClicksReachBrowser(link: HTMLElement): boolean {
  let reached = 0;
  const atWindow = (e: Event) => {
    if (!e.defaultPrevented) reached++;
    e.preventDefault();
  };
  window.addEventListener('click', atWindow);
  try {
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey'] as const)
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, [key]: true }));
  } finally {
    window.removeEventListener('click', atWindow);
  }
  return reached === 3;
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('needsFullHeader', () => {
  it('keeps the light header only on the sign-in screens while nobody is signed in', () => {
    expect(needsFullHeader('/login', 'signedOut')).toBe(false);
    expect(needsFullHeader('/authSuccessCallback', 'loading')).toBe(false);
    expect(needsFullHeader('/login', 'signedIn')).toBe(true);
    expect(needsFullHeader('/', 'signedOut')).toBe(true);
    expect(needsFullHeader('/templates', 'loading')).toBe(true);
    expect(needsFullHeader('/nowhere', 'signedOut')).toBe(true);
  });
});

describe('HeaderSlot', () => {
  it('on /login signed out: the title, the online state and the offline icon linking to /login, no menus', async () => {
    window.history.replaceState(null, '', '/login');
    const { host, calls } = fakeHost(signedOut);
    render(<HeaderSlot host={host} />);
    expect(screen.getByRole('link', { name: 'Checklists home' })).toHaveProperty('pathname', '/');
    expect(screen.getByTestId('online-status').textContent).toBe('Online');
    const offline = screen.getByRole('link', { name: 'Not signed in: sign in' });
    expect(offline.getAttribute('href')).toBe('/login');
    offline.click();
    expect(calls).toEqual(['/login']);
    // A ctrl/cmd or shift click opens a new tab or window: the browser's, not the router's.
    expect(modifiedClicksReachBrowser(offline)).toBe(true);
    expect(calls).toEqual(['/login']);
    act(() => (host.online as ReturnType<typeof settable<boolean>>).set(false));
    expect(screen.getByTestId('online-status').textContent).toBe('Offline');
    // Still light a moment later: nothing asked for the full header.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
  });

  it('swaps in the full header (menus) when the route leaves the sign-in screens', async () => {
    window.history.replaceState(null, '', '/login');
    const { host } = fakeHost(signedOut);
    render(<HeaderSlot host={host} />);
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    act(() => {
      window.history.pushState(null, '', '/nowhere');
      window.dispatchEvent(new Event('single-spa:routing-event'));
    });
    // the light header draws the menus' buttons at once; the full one (Chakra's menu buttons) follows
    // once the route's screen is up, not beside it
    expect(screen.getByRole('button', { name: 'Help' }).getAttribute('aria-controls')).toBeNull();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(screen.getByRole('button', { name: 'Help' }).getAttribute('aria-controls')).toBeNull();
    act(() => setAreaState(document.createElement('div'), 'mounted'));
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Help' }).getAttribute('aria-controls')).toBeTruthy(),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('link', { name: 'Not signed in: sign in' })).toBeTruthy();
  });

  it("signed in: the light bar draws the full one's buttons; a tap on Profile opens its menu once the full header is there", async () => {
    const user: SessionState = {
      status: 'signedIn',
      userId: '005000000000001AAA',
      organizationId: '00D000000000001AAA',
      instanceUrl: 'https://demo.example.com',
      userDetails: {
        Name: 'Frank Fielding',
        Username: 'field.user@demo.org',
        SmallPhotoUrl: '',
        TimeZoneSidKey: 'UTC',
      },
      userDetailsSF: { timeZone: 'UTC', userType: 'STANDARD', networkId: null, siteUrl: null },
      embedded: false,
    } as SessionState;
    const { host } = fakeHost(user);
    render(<HeaderSlot host={host} />);
    const profile = screen.getByRole('button', { name: 'Profile: Frank Fielding' });
    expect(profile.textContent).toBe('FF');
    expect(screen.getByRole('button', { name: 'Notifications (0)' })).toBeTruthy();
    expect(screen.getByTestId('sync-count').textContent).toBe('All synced');
    act(() => profile.click());
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy(), {
      timeout: 10_000,
    });
  });
});
