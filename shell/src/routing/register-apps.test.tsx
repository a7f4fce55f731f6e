// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { start } from 'single-spa';
import { REMOTE_UNAVAILABLE, type HostServices, type RemotesConfig } from 'shared-contracts';
import { Signal } from '../host/signal';
import { registerShellApps } from './register-apps';

describe('registerShellApps', () => {
  it("offline with no remotes config on the device: the route's area says so with no button, and asks again when the network returns", async () => {
    document.body.innerHTML = '<div id="remote-outlet"></div>';
    window.history.replaceState(null, '', '/');
    const online = new Signal(false);
    const host = { online } as unknown as HostServices;
    const config = vi
      .fn<() => Promise<RemotesConfig>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ remotes: [] });

    registerShellApps(config, host);
    start({ urlRerouteOnly: true });

    const area = () => document.getElementById('area-mfe-home');
    await waitFor(() => expect(area()?.dataset.state).toBe('fallback'), { timeout: 10_000 });
    const notice = () => area()?.querySelector('[data-testid="remote-unavailable"]');
    await waitFor(() => expect(notice()?.getAttribute('data-kind')).toBe('offline'), { timeout: 15_000 });
    expect(notice()?.textContent).toContain(REMOTE_UNAVAILABLE.offline);
    expect(notice()?.querySelector('button')).toBeNull();
    expect(config).toHaveBeenCalledTimes(1);

    // The network returns: the area loads again by itself, and asks for the config again.
    online.set(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(config).toHaveBeenCalledTimes(2), { timeout: 10_000 });
  });
});
