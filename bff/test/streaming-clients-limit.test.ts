// The org's concurrent streaming clients spent (issue 47): a Developer Edition org takes 20 CometD
// clients at once, and other integrations already hold them. The BFF's handshake is refused with
// '403::Organization concurrent user limit exceeded': it stops asking for a while rather than retry a
// refusal a retry cannot cure, and the home's heartbeat says the stream is not current (home then
// re-reads on its own). On an emulator of its own: it fills the org's streaming clients.
import type { ChildProcess } from 'node:child_process';
import { SESSION_COOKIE } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, startBff, type RunningBff } from './helpers';
import { readEvents } from './sse';

let emulator: { url: string; child: ChildProcess };
let bff: RunningBff;

beforeAll(async () => {
  emulator = await startEmulator(['--edition', 'Developer']);
  bff = await startBff(emulator.url, { EVENTS_HEARTBEAT_MS: '300' });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  if (emulator) await stop(emulator.child);
});

describe("the org's concurrent streaming clients spent", () => {
  it('the change stream stops asking and the home hears it is not current', async () => {
    // Other integrations hold every client the edition allows.
    const token = await passwordToken(emulator.url, DEMO.admin);
    const handshake = async () =>
      (
        (await (
          await fetch(`${emulator.url}/cometd/60.0`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify([
              {
                channel: '/meta/handshake',
                version: '1.0',
                supportedConnectionTypes: ['long-polling'],
                id: '1',
              },
            ]),
          })
        ).json()) as { successful: boolean; error?: string }[]
      )[0];
    for (let i = 0; i < 20; i++) expect(await handshake()).toMatchObject({ successful: true });
    expect(await handshake()).toMatchObject({
      successful: false,
      error: '403::Organization concurrent user limit exceeded',
    });

    const field = await signedIn(bff.base, DEMO.field);
    const auth = (await bff.bff.deps.store.get(field.jar.get(bff.base, SESSION_COOKIE) ?? ''))?.main;
    if (!auth) throw new Error('no session');
    const home = await readEvents(field.jar, `${bff.base}/api/events`);
    const beats = () => home.events.filter((e) => e.event === 'current').map((e) => e.data);
    await home.until(() => (bff.bff.changeStreams.status(auth)?.starts ?? 0) > 0 && beats().length > 2);
    // Give a retry loop time to show itself.
    await new Promise((r) => setTimeout(r, 2_500));
    const starts = bff.bff.changeStreams.status(auth)?.starts ?? 0;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(bff.bff.changeStreams.status(auth)).toMatchObject({ subscribed: false, current: false, starts });
    expect(starts).toBe(1);
    expect(beats().every((b) => (JSON.parse(b) as { current: boolean }).current === false)).toBe(true);
    home.close();
  }, 60_000);
});
