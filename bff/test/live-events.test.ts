// The live home stream over HTTP against the running emulator: a change made in the org by another
// client (jsforce as the admin) reaches the owner's /api/events stream as a "changed" hint, and never
// the stream of a user whose home it does not concern; one org subscription serves every user.
// On an emulator of its own: it renames the demo users' tasks and drops the org's streaming clients,
// which the other suites (running at the same time on the shared one) would see.
import type { ChildProcess } from 'node:child_process';
import { Connection } from 'jsforce';
import { SESSION_COOKIE } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, stop } from './global-setup';
import { DEMO, go, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';
import { readEvents, type SseEvent } from './sse';

let emulator: { url: string; child: ChildProcess };
let emulatorUrl = '';
const FIELD_ID = '0055g0000000002AAA';
const PARTNER_ID = '0055g0000000003AAA';

let bff: RunningBff;
let field: Client;
let partner: Client;
let admin: Connection;

/** The user's home stream on this suite's BFF. */
const openStream = (c: Client) => readEvents(c.jar, `${bff.base}/api/events`);

/** The stream's heartbeats (`event: current`). */
const currents = (s: { events: SseEvent[] }) =>
  s.events
    .filter((e) => e.event === 'current')
    .map((e) => JSON.parse(e.data) as { current: boolean; at: string });

async function taskOf(ownerId: string): Promise<string> {
  const r = await admin.query<{ Id: string }>(
    `SELECT Id FROM Task WHERE OwnerId = '${ownerId}' AND Status = 'Not Started' LIMIT 1`,
  );
  const id = r.records[0]?.Id;
  if (!id) throw new Error(`no task of ${ownerId}`);
  return id;
}

beforeAll(async () => {
  emulator = await startEmulator();
  emulatorUrl = emulator.url;
  bff = await startBff(emulatorUrl, { EVENTS_HEARTBEAT_MS: '300', EVENTS_RETRY_MS: '2000' });
  field = await signedIn(bff.base, DEMO.field);
  partner = await signedIn(bff.base, DEMO.partner);
  admin = new Connection({
    instanceUrl: emulatorUrl,
    accessToken: await passwordToken(emulatorUrl, DEMO.admin),
    version: '62.0',
  });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  if (emulator) await stop(emulator.child);
});

describe('GET /api/events', () => {
  it('needs a signed-in session', async () => {
    const r = await fetch(`${bff.base}/api/events`);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { success: boolean }).success).toBe(false);
  });

  it("sends a task changed in the org by another client to its owner's stream only, as a hint without the record", async () => {
    const f = await openStream(field);
    const p = await openStream(partner);
    expect(f.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await f.until(() => f.events.some((e) => e.event === 'ready'));
    await p.until(() => p.events.some((e) => e.event === 'ready'));
    expect(f.retry()).toBe(2000);
    // Both users of the org share one subscription of this BFF instance.
    await new Promise((r) => setTimeout(r, 300));
    const fieldAuth = (await bff.bff.deps.store.get(field.jar.get(bff.base, SESSION_COOKIE) ?? ''))?.main;
    if (!fieldAuth) throw new Error('no session');
    expect(bff.bff.changeStreams.size).toBe(1);
    expect(bff.bff.changeStreams.status(fieldAuth)).toMatchObject({
      members: 2,
      subscribed: true,
      starts: 1,
    });

    const id = await taskOf(FIELD_ID);
    await admin.sobject('Task').update({ Id: id, Subject: 'Changed by the office' });
    await f.until(() => f.changed().length > 0);
    expect(f.changed()).toEqual([{ topics: ['tasks'] }]);
    const raw = JSON.stringify(f.events);
    expect(raw).not.toContain(id);
    expect(raw).not.toContain('Changed by the office');

    // The partner's own task reaches the partner, and the field user's change never did.
    await admin.sobject('Task').update({ Id: await taskOf(PARTNER_ID), Subject: 'Partner task changed' });
    await p.until(() => p.changed().length > 0);
    expect(p.changed()).toEqual([{ topics: ['tasks'] }]);
    expect(f.changed()).toHaveLength(1);

    // Reassigning a task concerns both homes: it leaves one list and joins the other.
    await admin.sobject('Task').update({ Id: id, OwnerId: PARTNER_ID });
    await p.until(() => p.changed().length === 2);
    await f.until(() => f.changed().length === 2);

    // The heartbeat says the home is current: the org's changes reach it (issue 40.7).
    await f.until(() => currents(f).length > 0);
    expect(currents(f).at(-1)).toMatchObject({ current: true, at: expect.stringMatching(/^\d{4}-.*Z$/) });
    f.close();
    p.close();
  });

  it('tells every user of the org that the forms changed, without naming the form', async () => {
    const f = await openStream(field);
    const p = await openStream(partner);
    await f.until(() => f.events.some((e) => e.event === 'ready'));
    await p.until(() => p.events.some((e) => e.event === 'ready'));
    await new Promise((r) => setTimeout(r, 300));
    const form = await admin.query<{ Id: string }>(
      `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0006'`,
    );
    await admin
      .sobject('cqext__SQX_Form_Definition__c')
      .update({ Id: form.records[0]?.Id ?? '', cqext__Title__c: 'Vehicle check' });
    await f.until(() => f.changed().some((h) => JSON.stringify(h) === '{"topics":["forms"]}'));
    await p.until(() => p.changed().some((h) => JSON.stringify(h) === '{"topics":["forms"]}'));
    f.close();
    p.close();
  });

  it('keeps receiving after the org drops its CometD client: the subscription re-handshakes and replays', async () => {
    const f = await openStream(field);
    await f.until(() => f.events.some((e) => e.event === 'ready'));
    await new Promise((r) => setTimeout(r, 300));
    // An event seen first gives the subscription a replay id to resume from.
    await admin.sobject('Task').update({ Id: await taskOf(FIELD_ID), Subject: 'Before the drop' });
    await f.until(() => f.changed().length === 1);
    // The org forgets the client and its Streaming API is unreachable for a while: the change below
    // is made while this BFF has no CometD client, so only a replay from the last id delivers it.
    const faults = (init: RequestInit) => fetch(`${emulatorUrl}/__emulator/faults`, init);
    await faults({
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropRate: 1, pathPattern: '^/cometd' }),
    });
    await fetch(`${emulatorUrl}/__emulator/streaming/drop-clients`, { method: 'POST' });
    await admin
      .sobject('Task')
      .update({ Id: await taskOf(FIELD_ID), Subject: 'While the stream was dropped' });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(f.changed()).toHaveLength(1);
    // Meanwhile the heartbeat no longer says current: a change could be missed (home re-reads itself).
    const beats = currents(f).length;
    await f.until(() => currents(f).length > beats && currents(f).at(-1)?.current === false, 20_000);
    await faults({ method: 'DELETE' });
    await f.until(() => f.changed().length === 2, 20_000);
    await f.until(() => currents(f).at(-1)?.current === true, 20_000);
    // The replayed event itself, not a resynchronisation of everything.
    expect(f.changed()[1]).toEqual({ topics: ['tasks'] });
    f.close();
  });

  it("moves the subscription to another open home's session when the user it runs as leaves", async () => {
    // The partner's home opens first, so the subscription runs as the partner; then the field user's.
    const p = await openStream(partner);
    await p.until(() => p.events.some((e) => e.event === 'ready'));
    await new Promise((r) => setTimeout(r, 300));
    const f = await openStream(field);
    await f.until(() => f.events.some((e) => e.event === 'ready'));
    const partnerAuth = (await bff.bff.deps.store.get(partner.jar.get(bff.base, SESSION_COOKIE) ?? ''))?.main;
    if (!partnerAuth) throw new Error('no session');
    await new Promise((r) => setTimeout(r, 300));
    // Running as the partner (a community user, whose API is the site's): the partner hears their task.
    await admin.sobject('Task').update({ Id: await taskOf(PARTNER_ID), Subject: 'As the partner' });
    await p.until(() => p.changed().length > 0);
    const startsBefore = bff.bff.changeStreams.status(partnerAuth)?.starts ?? 0;
    // The partner closes home: the subscription moves to the field user's session.
    p.close();
    await f.until(() => (bff.bff.changeStreams.status(partnerAuth)?.starts ?? 0) > startsBefore);
    await new Promise((r) => setTimeout(r, 300));
    const before = f.changed().length;
    await admin.sobject('Task').update({ Id: await taskOf(FIELD_ID), Subject: 'After the handover' });
    await f.until(() => f.changed().length > before);
    f.close();
  });

  it('ends the stream when the session is signed out', async () => {
    const c = await signedIn(bff.base, DEMO.field);
    const s = await openStream(c);
    await s.until(() => s.events.some((e) => e.event === 'ready'));
    await bff.bff.deps.store.destroy(c.jar.get(bff.base, SESSION_COOKIE) ?? '');
    // The next heartbeat (300 ms here) finds the session gone and ends the stream.
    await s.until(() => s.ended(), 5_000);
    const r = await go(c.jar, `${bff.base}/api/events`);
    expect(r.status).toBe(401);
    s.close();
  });

  it('stops asking the org once its daily delivery allocation is spent, and says the stream is not current', async () => {
    const streaming = (body: unknown) =>
      fetch(`${emulatorUrl}/__emulator/streaming`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const f = await openStream(field);
    await f.until(() => currents(f).at(-1)?.current === true, 20_000);
    const fieldAuth = (await bff.bff.deps.store.get(field.jar.get(bff.base, SESSION_COOKIE) ?? ''))?.main;
    if (!fieldAuth) throw new Error('no session');
    try {
      await streaming({ deliveredToday: 25_000 });
      // The org forgets the client: the re-handshake's subscription is refused for the day.
      await fetch(`${emulatorUrl}/__emulator/streaming/drop-clients`, { method: 'POST' });
      await f.until(() => currents(f).at(-1)?.current === false, 20_000);
      const starts = bff.bff.changeStreams.status(fieldAuth)?.starts ?? 0;
      await new Promise((r) => setTimeout(r, 2_000));
      // No retry loop against a refusal a retry cannot cure.
      expect(bff.bff.changeStreams.status(fieldAuth)).toMatchObject({
        subscribed: false,
        current: false,
        starts,
      });
      expect(currents(f).at(-1)?.current).toBe(false);
    } finally {
      await fetch(`${emulatorUrl}/__emulator/streaming`, { method: 'DELETE' });
      f.close();
    }
  });
});
