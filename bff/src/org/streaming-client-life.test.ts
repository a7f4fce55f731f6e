import { describe, expect, it } from 'vitest';
import { StreamingClientLife } from './streaming-client-life';

/** faye's side as the life sees it: messages through the extension, and disconnect() (says goodbye only once connected). */
function client(life: StreamingClientLife) {
  const sent: unknown[] = [];
  let connected = false;
  let disconnects = 0;
  const out = (m: { channel: string }) => life.extension.outgoing(m, (x) => x && sent.push(x));
  const answer = (m: Record<string, unknown>) =>
    life.extension.incoming(m, () => {
      if (m.channel === '/meta/handshake' && m.successful) connected = true;
    });
  const faye = {
    disconnect: () => {
      if (!connected) return undefined;
      connected = false;
      disconnects += 1;
      out({ channel: '/meta/disconnect' });
      return {};
    },
  };
  life.attach(faye);
  return { sent, out, answer, disconnects: () => disconnects };
}

const settled = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('StreamingClientLife', () => {
  it('stopped mid-handshake: waits for the answer, says goodbye, and is gone once the org answers that', async () => {
    const life = new StreamingClientLife();
    const c = client(life);
    c.out({ channel: '/meta/handshake' });
    const gone = life.stop();
    expect(await settled(gone)).toBe(false);
    c.answer({ channel: '/meta/handshake', successful: true, clientId: 'a' });
    // faye subscribes right after the handshake: a stopped client sends nothing but its goodbye.
    c.out({ channel: '/meta/subscribe' });
    c.out({ channel: '/meta/connect' });
    expect(c.disconnects()).toBe(1);
    expect(c.sent.map((m) => (m as { channel: string }).channel)).toEqual([
      '/meta/handshake',
      '/meta/disconnect',
    ]);
    expect(await settled(gone)).toBe(false);
    c.answer({ channel: '/meta/disconnect', successful: true });
    expect(await settled(gone)).toBe(true);
  });

  it('stopped mid-handshake that the org refuses: gone with the answer, no retry sent', async () => {
    const life = new StreamingClientLife();
    const c = client(life);
    c.out({ channel: '/meta/handshake' });
    const gone = life.stop();
    c.answer({ channel: '/meta/handshake', successful: false, advice: { reconnect: 'none' } });
    expect(await settled(gone)).toBe(true);
    c.out({ channel: '/meta/handshake' });
    expect(c.sent).toHaveLength(1);
    expect(c.disconnects()).toBe(0);
  });

  it('stopped while connected: says goodbye at once; before any handshake: gone at once', async () => {
    const life = new StreamingClientLife();
    const c = client(life);
    c.out({ channel: '/meta/handshake' });
    c.answer({ channel: '/meta/handshake', successful: true, clientId: 'a' });
    const gone = life.stop();
    expect(c.disconnects()).toBe(1);
    c.answer({ channel: '/meta/disconnect', successful: true });
    expect(await settled(gone)).toBe(true);
    expect(await settled(new StreamingClientLife().stop())).toBe(true);
  });

  it('the org forgot the client (advice: handshake): stopped, it is gone without a new handshake', async () => {
    const life = new StreamingClientLife();
    const c = client(life);
    c.out({ channel: '/meta/handshake' });
    c.answer({ channel: '/meta/handshake', successful: true, clientId: 'a' });
    c.answer({ channel: '/meta/connect', successful: false, advice: { reconnect: 'handshake' } });
    expect(await settled(life.stop())).toBe(true);
    c.out({ channel: '/meta/handshake' });
    expect(c.sent).toHaveLength(1);
  });

  it('an org that never answers the handshake: gone after the give-up time', async () => {
    const life = new StreamingClientLife(20);
    const c = client(life);
    c.out({ channel: '/meta/handshake' });
    const gone = life.stop();
    expect(await settled(gone)).toBe(false);
    await gone;
  });
});
