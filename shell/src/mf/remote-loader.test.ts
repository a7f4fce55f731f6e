import { describe, expect, it } from 'vitest';
import { loadRemoteApp, remoteModules, type RemoteRuntime } from './remote-loader';

const entry = { name: 'mfe-home' as const, manifestUrl: 'http://127.0.0.1:4002/mf-manifest.json' };
const lifecycles = {
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
};

function runtime(load: (id: string) => Promise<unknown>) {
  const registered: { name: string; entry: string; force: boolean }[] = [];
  const rt: RemoteRuntime = {
    register: (e, force) => registered.push({ ...e, force }),
    load,
  };
  return { rt, registered };
}

describe('loadRemoteApp', () => {
  it('registers the remote by scope and loads its ./app module', async () => {
    const ids: string[] = [];
    const { rt, registered } = runtime(async (id) => {
      ids.push(id);
      return { ...lifecycles, contractVersion: '1.0.0' };
    });
    const result = await loadRemoteApp(rt, entry, { force: true });
    expect(result.ok).toBe(true);
    expect(ids).toEqual(['mfe_home/app']);
    expect(registered).toEqual([{ name: 'mfe_home', entry: entry.manifestUrl, force: true }]);
  });

  it('turns a load failure into an unreachable result', async () => {
    const { rt } = runtime(async () => {
      throw new Error('Failed to fetch');
    });
    expect(await loadRemoteApp(rt, entry)).toEqual({
      ok: false,
      kind: 'unreachable',
      message: 'mfe-home could not be loaded: Failed to fetch',
    });
  });

  it('refuses a remote built against another contract major', async () => {
    const { rt } = runtime(async () => ({ ...lifecycles, contractVersion: '2.0.0' }));
    const result = await loadRemoteApp(rt, entry, { hostVersion: '1.3.0' });
    expect(result).toMatchObject({ ok: false, kind: 'incompatible' });
  });

  it('refuses a module without single-spa lifecycles', async () => {
    const { rt } = runtime(async () => ({ contractVersion: '1.0.0', mount: 'nope' }));
    expect(await loadRemoteApp(rt, entry)).toMatchObject({ ok: false, kind: 'invalid' });
    const { rt: rtNull } = runtime(async () => null);
    expect(await loadRemoteApp(rtNull, entry)).toMatchObject({ ok: false, kind: 'invalid' });
  });
});

describe('remoteModules (host.remotes)', () => {
  const form = { name: 'mfe-form' as const, manifestUrl: 'http://127.0.0.1:4003/mf-manifest.json' };
  const config = async () => ({ remotes: [form] });

  it("loads another remote's exposed module at the configured entry; after a failure it registers again by force", async () => {
    let up = false;
    const ids: string[] = [];
    const { rt, registered } = runtime(async (id) => {
      ids.push(id);
      if (!up) throw new Error('Failed to fetch');
      return { FormRenderer: 'component' };
    });
    const remotes = remoteModules(rt, config);
    await expect(remotes.load('mfe-form', './FormRenderer')).rejects.toThrow('Failed to fetch');
    up = true;
    expect(await remotes.load('mfe-form', './FormRenderer')).toEqual({ FormRenderer: 'component' });
    expect(ids).toEqual(['mfe_form/FormRenderer', 'mfe_form/FormRenderer']);
    expect(registered.map((r) => r.force)).toEqual([false, true]);
    expect(registered[0]).toMatchObject({ name: 'mfe_form', entry: form.manifestUrl });
  });

  it('a remote the config does not name is an error', async () => {
    const { rt } = runtime(async () => ({}));
    await expect(remoteModules(rt, config).load('mfe-home', './app')).rejects.toThrow(
      'mfe-home is not configured',
    );
  });
});
