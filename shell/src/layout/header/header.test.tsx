// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import {
  API_ALLOWANCE_TEXTS,
  MESSAGES,
  logoutPendingText,
  type HostServices,
  type OutboxItem,
  type SessionState,
  type SignedIn,
} from 'shared-contracts';
import { ShellHeader } from '../ShellHeader';
import { Signal } from '../../host/signal';

const settable = <T,>(v: T): Signal<T> => new Signal(v);
import { offlineReadiness } from '../../sw/offline-copy-client';

// jsdom has no scrollTo, which Chakra's menu calls when it opens.
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;

const USER: SignedIn = {
  status: 'signedIn',
  userId: '005000000000001AAA',
  organizationId: '00D000000000001AAA',
  instanceUrl: 'https://demo.example.com',
  userDetails: {
    Name: 'Frank Fielding',
    Username: 'field.user@demo.org',
    SmallPhotoUrl: 'https://demo.example.com/photo.png',
    TimeZoneSidKey: 'America/New_York',
  },
  userDetailsSF: { timeZone: 'America/New_York', userType: 'STANDARD', networkId: null, siteUrl: null },
  embedded: false,
};

function setup(
  session: SessionState = USER,
  logout: () => Promise<void> = async () => undefined,
  /** The org's answer to GET /api/formBuilderAccess for this user. */
  builder = false,
  /** The BFF's answer to GET /api/orgApiUsage (admins only). */
  apiUsage: unknown = null,
) {
  const calls: unknown[][] = [];
  const state = settable<SessionState>(session);
  const online = settable(true);
  const outbox = settable<OutboxItem[]>([]);
  const language = settable('en');
  const host = {
    contractVersion: '1.1.0',
    navigate: (to: string) => calls.push(['navigate', to]),
    online,
    reportCrash: () => undefined,
    session: {
      state,
      env: async () => ({
        clientId: 'x',
        loginEnabled: true,
        loginOptions: [],
        namespace: 'cqext',
        embedded: false,
      }),
      loginHref: () => '',
      completeSignIn: async () => undefined,
      logout: async () => {
        calls.push(['logout']);
        await logout();
        state.set({ status: 'signedOut', expired: false });
      },
      refresh: async () => state.get(),
    },
    offline: {
      outbox,
      retryNow: async (id: string) => {
        calls.push(['retryNow', id]);
        outbox.set(outbox.get().filter((item) => item.id !== id));
      },
    },
    api: {
      get: async (path: string) => {
        calls.push(['get', path]);
        if (path === '/api/formBuilderAccess') return { allowed: builder, reason: null };
        if (path === '/api/orgApiUsage') return apiUsage;
        throw new Error(`unexpected GET ${path}`);
      },
    },
    i18n: {
      language,
      displayLocale: settable({ locale: 'en' }),
      setLanguage: (choice: string | null) => {
        calls.push(['setLanguage', choice]);
        language.set(choice ?? 'en');
      },
    },
  } as unknown as HostServices;
  render(
    <ChakraProvider>
      <ShellHeader host={host} />
    </ChakraProvider>,
  );
  return { calls, state, online, outbox, user: userEvent.setup() };
}

afterEach(cleanup);

// Menus and dialogs driven by user-event: several seconds each on a loaded 2-core machine.
describe('shell header', { timeout: 20_000 }, () => {
  it('shows help, notifications with count 0 and the profile with name, username and photo', async () => {
    // The avatar loads the photo through the BFF (same origin), not from the org's SmallPhotoUrl.
    const requested: string[] = [];
    const setSrc = vi
      .spyOn(HTMLImageElement.prototype, 'src', 'set')
      .mockImplementation((v: string) => void requested.push(v));
    const { user } = setup();
    await waitFor(() => expect(requested).toContain('/api/userPhoto'));
    expect(requested.some((u) => u.includes('demo.example.com'))).toBe(false);
    setSrc.mockRestore();
    expect(screen.getByRole('button', { name: 'Help' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications (0)' })).toBeTruthy();
    expect(screen.getByTestId('notifications-count').textContent).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Profile: Frank Fielding' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Frank Fielding')).toBeTruthy();
    expect(within(menu).getByText('field.user@demo.org')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByTestId('offline-login')).toBeNull();
  });

  it('the profile menu offers every language in its own words and keeps the choice through the host (issue 44)', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Profile: Frank Fielding' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '✓ English' }).getAttribute('aria-current')).toBe(
      'true',
    );
    for (const name of ['Español', 'Français', 'Deutsch', 'Português (Brasil)', '日本語', 'العربية'])
      expect(within(menu).getByRole('menuitem', { name }).getAttribute('aria-current')).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Español' }));
    expect(calls).toContainEqual(['setLanguage', 'es']);
  });

  it('the help menu leads an admin to the form builder and templates (/templates)', async () => {
    const { user, calls } = setup({ ...USER, userId: '005000000000009AAA' }, undefined, true);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Form builder and templates' }));
    // (an admin's page also asks where the org's API allowance stands: issue 33)
    expect(calls.filter((c) => c[1] !== '/api/orgApiUsage')).toEqual([
      ['get', '/api/formBuilderAccess'],
      ['navigate', '/templates'],
    ]);
  });

  it('offers no builder entry to a user the org does not let edit forms (it asks the org)', async () => {
    const { user, calls } = setup({ ...USER, userId: '005000000000008AAA' }, undefined, false);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Sign in again' });
    expect(calls).toContainEqual(['get', '/api/formBuilderAccess']);
    expect(within(menu).queryByRole('menuitem', { name: 'Form builder and templates' })).toBeNull();
  });

  it('log out asks the spec’s question, signs out and goes to /login', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Profile: Frank Fielding' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.logoutConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Profile: Frank Fielding' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(calls).toEqual([['logout'], ['navigate', '/login']]));
    expect(await screen.findByTestId('offline-login')).toBeTruthy();
  });

  it('still goes to /login when the org cannot be reached on log out', async () => {
    const { user, calls } = setup(USER, async () => {
      throw new Error('Network Error');
    });
    await user.click(screen.getByRole('button', { name: 'Profile: Frank Fielding' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(calls.at(-1)).toEqual(['navigate', '/login']));
  });

  it('log out says how many items are not yet in the org, kept for this user; online: Sync now first', async () => {
    const { user, calls, outbox, online } = setup();
    const item = (id: string): OutboxItem => ({
      id,
      kind: 'submission',
      submissionId: id,
      title: 'Audit',
      state: 'queued',
      lastError: null,
      attempts: 0,
      nextRetryAt: null,
    });
    outbox.set([item('s1'), item('s2')]);
    online.set(false);
    await user.click(screen.getByRole('button', { name: 'Profile: Frank Fielding' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.logoutConfirm)).toBeTruthy();
    expect(within(dialog).getByText(logoutPendingText(2))).toBeTruthy();
    expect(logoutPendingText(2)).toBe(
      '2 items are not yet in the org. They stay on this device and will be sent when you sign in again.',
    );
    expect(logoutPendingText(1)).toBe(
      '1 item is not yet in the org. It stays on this device and will be sent when you sign in again.',
    );
    // offline there is nothing to sync now
    expect(within(dialog).queryByRole('button', { name: 'Sync now first' })).toBeNull();
    act(() => online.set(true));
    await user.click(await within(dialog).findByRole('button', { name: 'Sync now first' }));
    await waitFor(() =>
      expect(calls).toEqual([
        ['retryNow', 's1'],
        ['retryNow', 's2'],
      ]),
    );
    expect(await within(dialog).findByText('Everything is in the org.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(calls.slice(2)).toEqual([['logout'], ['navigate', '/login']]));
  });

  it('without a stored user: an offline icon linking to /login', async () => {
    const { user, calls } = setup({ status: 'signedOut', expired: false });
    const link = screen.getByRole('link', { name: 'Not signed in: sign in' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('profile-menu')).toBeNull();
    await user.click(link);
    expect(calls).toEqual([['navigate', '/login']]);
  });

  it('shows the quiet ready-to-work-offline sign, with the space used, only once the copy is complete', () => {
    setup();
    expect(screen.queryByTestId('offline-ready')).toBeNull();
    act(() => offlineReadiness.set({ status: 'taking' }));
    expect(screen.queryByTestId('offline-ready')).toBeNull();
    act(() => offlineReadiness.set({ status: 'ready', at: 1, usageBytes: 5.25 * 1024 * 1024 }));
    expect(screen.getByRole('img', { name: 'Ready to work offline (5.3 MB on this device)' })).toBeTruthy();
    act(() => offlineReadiness.set({ status: 'ready', at: 2, usageBytes: null }));
    expect(screen.getByTestId('offline-ready').getAttribute('aria-label')).toBe('Ready to work offline');
    act(() => offlineReadiness.set({ status: 'unknown' }));
  });

  it('shows online/offline and the count of items waiting to sync, live', async () => {
    const { online, outbox, user, calls } = setup();
    expect(screen.getByTestId('online-status').textContent).toBe('Online');
    expect(screen.getByTestId('sync-count').textContent).toBe('All synced');
    act(() => {
      online.set(false);
      outbox.set([
        {
          id: 'a',
          kind: 'submission',
          submissionId: 'a',
          title: 'A',
          state: 'queued',
          lastError: null,
          attempts: 0,
          nextRetryAt: null,
        },
        {
          id: 'b',
          kind: 'file',
          submissionId: 'a',
          title: 'B',
          state: 'queued',
          lastError: null,
          attempts: 0,
          nextRetryAt: null,
        },
      ]);
    });
    expect(screen.getByTestId('online-status').textContent).toBe('Offline');
    expect(screen.getByTestId('sync-count').textContent).toBe('2 waiting to sync');
    await user.click(screen.getByTestId('sync-count'));
    expect(calls).toEqual([['navigate', '/?outbox=1']]);
  });

  it("tells admins when the org's daily API allowance is past 80% or spent, and field users nothing", async () => {
    const high = { level: 'high', percent: 85, used: 935_000, max: 1_100_000, at: '2026-11-27T10:00:00Z' };
    setup({ ...USER, userId: '005000000000007AAA' }, undefined, true, high);
    expect((await screen.findByTestId('api-usage-notice')).textContent).toBe(
      API_ALLOWANCE_TEXTS.high(85, 935_000, 1_100_000),
    );
    expect(screen.getByTestId('api-usage-notice').textContent).toContain('(935,000 of 1,100,000 calls)');
    cleanup();
    setup({ ...USER, userId: '005000000000006AAA' }, undefined, true, {
      ...high,
      level: 'spent',
      percent: 100,
      used: 1_100_000,
    });
    expect((await screen.findByTestId('api-usage-notice')).textContent).toBe(API_ALLOWANCE_TEXTS.spentAdmin);
    cleanup();
    const field = setup({ ...USER, userId: '005000000000005AAA' }, undefined, false, high);
    await waitFor(() => expect(field.calls).toContainEqual(['get', '/api/formBuilderAccess']));
    expect(field.calls).not.toContainEqual(['get', '/api/orgApiUsage']);
    expect(screen.queryByTestId('api-usage-notice')).toBeNull();
  });
});
