import { describe, expect, it, vi } from 'vitest';
import type { RemotesConfig } from 'shared-contracts';
import { sharedRemotesConfig } from './remotes-config';

const config: RemotesConfig = {
  remotes: [{ name: 'mfe-home', manifestUrl: 'http://127.0.0.1:4002/mf-manifest.json' }],
};

describe('sharedRemotesConfig', () => {
  it('fetches the config once for every area that asks', async () => {
    const fetchConfig = vi.fn(async () => config);
    const get = sharedRemotesConfig(fetchConfig);
    expect(await Promise.all([get(), get()])).toEqual([config, config]);
    expect(await get()).toBe(config);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('after a failure (offline, no copy on the device), the next ask fetches it again', async () => {
    const fetchConfig = vi
      .fn<() => Promise<RemotesConfig>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(config);
    const get = sharedRemotesConfig(fetchConfig);
    await expect(get()).rejects.toThrow('Failed to fetch');
    expect(await get()).toBe(config);
    expect(await get()).toBe(config);
    expect(fetchConfig).toHaveBeenCalledTimes(2);
  });
});
