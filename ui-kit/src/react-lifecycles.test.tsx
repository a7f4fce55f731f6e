// @vitest-environment jsdom
import { useState } from 'react';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HostServices, RemoteAppProps } from 'shared-contracts';
import { reactLifecycles } from './react-lifecycles';

const props = (): RemoteAppProps => ({
  name: 'mfe-auth',
  host: {} as HostServices,
  domElement: document.body.appendChild(document.createElement('div')),
});

describe('reactLifecycles', () => {
  it('mounts the root into the area element, settling once it is rendered, and unmounts it', async () => {
    const app = reactLifecycles(({ name }) => <p>hello {name}</p>, vi.fn());
    const p = props();
    await app.bootstrap(p);
    await app.mount(p);
    expect(p.domElement.textContent).toBe('hello mfe-auth');
    await app.unmount(p);
    expect(p.domElement.textContent).toBe('');
  });

  it('settles the mount on the first render with content, not on an empty first commit (a language loading)', async () => {
    let ready: () => void = () => undefined;
    function Gate() {
      const [shown, setShown] = useState(false);
      ready = () => setShown(true);
      return shown ? <p>hola</p> : null;
    }
    const app = reactLifecycles(Gate, vi.fn());
    const p = props();
    let settled = false;
    const mounting = app.mount(p).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    act(() => ready());
    await mounting;
    expect(p.domElement.textContent).toBe('hola');
    await app.unmount(p);
  });

  it('reports a crash after mount and renders nothing in its place', async () => {
    const onCrash = vi.fn();
    let crash: () => void = () => undefined;
    function Crashes() {
      const [broken, setBroken] = useState(false);
      crash = () => setBroken(true);
      if (broken) throw new Error('boom');
      return <p>fine</p>;
    }
    const app = reactLifecycles(Crashes, onCrash);
    const p = props();
    await app.mount(p);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    crash();
    await waitFor(() =>
      expect(onCrash).toHaveBeenCalledWith(p, expect.objectContaining({ message: 'boom' })),
    );
    quiet.mockRestore();
    expect(p.domElement.textContent).toBe('');
    await app.unmount(p);
  });
});
