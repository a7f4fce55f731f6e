// The org subscription moves to another user's session when the user whose session carries it
// closes home (issue 47): the stopped client's last connect answer may still be on its way, with an
// event the org has counted. It is told, and the next client resumes after it; replayed, the org
// would hand it over, and count it, a second time.
import type { ChildProcess } from 'node:child_process';
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, type BffProcess } from './bff-process';
import { startEmulator, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, until } from './helpers';
import { readEvents } from './sse';

/** How long the org takes to answer each CometD request meanwhile: the stopped client's goodbye waits. */
const SLOW_MS = 1_500;

let emulator: { url: string; child: ChildProcess };
let bff: BffProcess;

const emu = (path: string, init?: RequestInit) => fetch(`${emulator.url}/__emulator${path}`, init);
const usage = async () =>
  (await (await emu('/streaming')).json()) as {
    clients: number;
    delivered: number;
    redelivered: number;
  };

beforeAll(async () => {
  emulator = await startEmulator();
  bff = await spawnBff(emulator.url, { EVENTS_HEARTBEAT_MS: '1000' });
}, 120_000);

afterAll(async () => {
  await emu('/faults', { method: 'DELETE' }).catch(() => undefined);
  if (bff) await stop(bff.child);
  if (emulator) await stop(emulator.child);
});

describe('the subscription moves to another session while the org answers', () => {
  it("tells the stopped client's last event once, and the org delivers it once", async () => {
    const field = await signedIn(bff.base, DEMO.field);
    const partner = await signedIn(bff.base, DEMO.partner);
    // The field user's home opens first: the subscription runs on their session.
    const fieldHome = await readEvents(field.jar, `${bff.base}/api/events`);
    await fieldHome.until(() => fieldHome.events.some((e) => e.event === 'ready'));
    await until(async () => (await usage()).clients === 1, 10_000, 'a streaming client');
    const partnerHome = await readEvents(partner.jar, `${bff.base}/api/events`);
    await partnerHome.until(() => partnerHome.events.some((e) => e.event === 'ready'));
    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const form = await admin.query<{ Id: string }>(
      `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0006'`,
    );
    // A first change: the subscription is up and has a replay id to resume from.
    await admin
      .sobject('cqext__SQX_Form_Definition__c')
      .update({ Id: form.records[0]?.Id ?? '', cqext__Title__c: 'Vehicle check' });
    await partnerHome.until(() => partnerHome.changed().length === 1);
    await emu('/streaming', { method: 'DELETE' });

    // The org slow to take CometD requests: the stopped client's goodbye waits there, while its
    // connect, already at the org, is answered with the next change.
    await emu('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: SLOW_MS, pathPattern: '^/cometd/' }),
    });
    fieldHome.close();
    await new Promise((r) => setTimeout(r, 200));
    await admin
      .sobject('cqext__SQX_Form_Definition__c')
      .update({ Id: form.records[0]?.Id ?? '', cqext__Title__c: 'Vehicle check (moved)' });
    await partnerHome.until(() => partnerHome.changed().length === 2, 15_000);
    await emu('/faults', { method: 'DELETE' });
    // The next client on the partner's session is subscribed (resuming after the stopped one's event).
    await until(async () => (await usage()).clients === 1, 15_000, 'one streaming client again');
    await new Promise((r) => setTimeout(r, SLOW_MS + 1_000));
    expect({ hints: partnerHome.changed(), usage: await usage() }).toMatchObject({
      hints: [{ topics: ['forms'] }, { topics: ['forms'] }],
      usage: { clients: 1, delivered: 1, redelivered: 0 },
    });
    partnerHome.close();
  }, 90_000);
});
