// @vitest-environment jsdom
import { useState } from 'react';
import { waitFor } from '@testing-library/react';
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
