// The Streaming API (CometD) and Change Data Capture, driven by jsforce's own streaming client (faye)
// and by raw HTTP for the protocol's errors.
import net from 'node:net';
import type { Connection } from 'jsforce';
import { StreamingExtension } from 'jsforce/lib/api/streaming.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, http, login, start } from './helpers.js';

const FIELD_USER_ID = '0055g0000000002AAA';
const PE = '/event/cqext__SQX_Record_Change__e';

let emu: RunningEmulator;
let admin: Connection;
let field: Connection;
const clients: { disconnect(): void }[] = [];

beforeAll(async () => {
  emu = await start({ streaming: { connectTimeoutMs: 2_000, clientExpiryMs: 5_000 } });
  admin = await login(emu, ADMIN);
  field = await login(emu, FIELD_USER);
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await emu.close();
});

/** What faye hands a subscriber: the message's data. */
type Event = { schema: string; payload: Record<string, unknown>; event: { replayId: number } };
type Header = {
  entityName: string;
  recordIds: string[];
  changeType: string;
  changedFields: string[];
  commitUser: string;
  commitTimestamp: number;
};
const header = (e: Event): Header => e.payload.ChangeEventHeader as Header;

/** Collects what a subscription receives; `until` waits for a matching event (or fails after 10 s). */
function collector() {
  const got: Event[] = [];
  const waiters: { test: (e: Event) => boolean; resolve: (e: Event) => void }[] = [];
  return {
    got,
    listener: (e: unknown) => {
      got.push(e as Event);
      for (const w of [...waiters]) if (w.test(e as Event)) w.resolve(e as Event);
    },
    until(test: (e: Event) => boolean, ms = 10_000): Promise<Event> {
      const hit = got.find(test);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no matching event in ${ms} ms: ${JSON.stringify(got)}`)),
          ms,
        );
        waiters.push({ test, resolve: (e) => (clearTimeout(t), resolve(e)) });
      });
    },
  };
}

async function subscribed(conn: Connection, channel: string, replay?: number) {
  const c = collector();
  const client = conn.streaming.createClient(
    replay === undefined ? [] : [new StreamingExtension.Replay(channel, replay)],
  );
  clients.push(client as unknown as { disconnect(): void });
  await client.subscribe(channel, c.listener);
  return { ...c, client };
}

async function someTask(conn: Connection = field): Promise<string> {
  const r = await conn.query<{ Id: string }>(
    `SELECT Id FROM Task WHERE OwnerId = '${FIELD_USER_ID}' LIMIT 1`,
  );
  const id = r.records[0]?.Id;
  if (!id) throw new Error('no task');
  return id;
}

describe('Change Data Capture over CometD (jsforce streaming client)', () => {
  it('delivers a task update made by another client, with the ChangeEventHeader', async () => {
    const sub = await subscribed(admin, '/data/TaskChangeEvent');
    const id = await someTask();
    await field.sobject('Task').update({ Id: id, Subject: 'Check the ladder' });
    const e = await sub.until((x) => header(x).recordIds.includes(id));
    const h = header(e);
    expect(h.entityName).toBe('Task');
    expect(h.changeType).toBe('UPDATE');
    expect(h.changedFields).toContain('Subject');
    expect(h.commitUser).toBe(FIELD_USER_ID);
    expect(typeof h.commitTimestamp).toBe('number');
    expect(e.payload.Subject).toBe('Check the ladder');
    expect(e.event.replayId).toBeGreaterThan(0);
  });

  it("works through jsforce's topic API (conn.streaming.topic(...).subscribe)", async () => {
    const c = collector();
    const topic = admin.streaming.topic('/data/TaskChangeEvent');
    const subscription = topic.subscribe(c.listener);
    await subscription;
    const id = await someTask();
    await field.sobject('Task').update({ Id: id, Status: 'In Progress' });
    const e = await c.until((x) => header(x).recordIds.includes(id) && x.payload.Status === 'In Progress');
    expect(header(e).changedFields).toEqual(expect.arrayContaining(['Status', 'LastModifiedDate']));
    topic.unsubscribe(subscription);
    await field.sobject('Task').update({ Id: id, Status: 'Not Started' });
  });

  it('carries creates and deletes of the submission object on its own channel and on /data/ChangeEvents', async () => {
    const own = await subscribed(admin, '/data/cqext__SQX_Form_Submission__ChangeEvent');
    const all = await subscribed(admin, '/data/ChangeEvents');
    const created = await field.sobject('cqext__SQX_Form_Submission__c').create({
      cqext__Status__c: 'In Progress',
      cqext__Uniqueness_Constraint__c: `cdc#${Date.now()}`,
    });
    const id = created.id ?? '';
    const e = await own.until((x) => header(x).recordIds.includes(id));
    expect(header(e).changeType).toBe('CREATE');
    expect(header(e).entityName).toBe('cqext__SQX_Form_Submission__c');
    expect(e.payload.cqext__Status__c).toBe('In Progress');
    await all.until((x) => header(x).recordIds.includes(id) && header(x).changeType === 'CREATE');
    await field.sobject('cqext__SQX_Form_Submission__c').destroy(id);
    const d = await own.until((x) => header(x).recordIds.includes(id) && header(x).changeType === 'DELETE');
    expect(header(d).commitUser).toBe(FIELD_USER_ID);
  });

  it('replays retained events: -2 from the oldest, a replay id from just after it', async () => {
    const id = await someTask();
    await field.sobject('Task').update({ Id: id, Subject: 'Replay one' });
    await field.sobject('Task').update({ Id: id, Subject: 'Replay two' });
    const everything = await subscribed(admin, '/data/TaskChangeEvent', -2);
    const one = await everything.until((x) => x.payload.Subject === 'Replay one');
    await everything.until((x) => x.payload.Subject === 'Replay two');
    const after = await subscribed(admin, '/data/TaskChangeEvent', one.event.replayId);
    await after.until((x) => x.payload.Subject === 'Replay two');
    expect(after.got.some((x) => x.event.replayId <= one.event.replayId)).toBe(false);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const sub = await subscribed(admin, '/data/TaskChangeEvent');
    const id = await someTask();
    // All or none: the second record fails, so the first update is rolled back.
    const res = await field.requestPatch<unknown[]>(`/services/data/v60.0/composite/sobjects`, {
      allOrNone: true,
      records: [
        { attributes: { type: 'Task' }, id, Subject: 'Rolled back' },
        { attributes: { type: 'Task' }, id: '00T000000000000AAA', Subject: 'Missing' },
      ],
    });
    expect(Array.isArray(res)).toBe(true);
    await field.sobject('Task').update({ Id: id, Subject: 'After the rollback' });
    await sub.until((x) => x.payload.Subject === 'After the rollback');
    expect(sub.got.some((x) => x.payload.Subject === 'Rolled back')).toBe(false);
  });

  it('enforces permissions on delivery: a field user gets no task change events, but the package event', async () => {
    const cdc = await subscribed(field, '/data/ChangeEvents');
    const pe = await subscribed(field, PE);
    const id = await someTask();
    await admin.sobject('Task').update({ Id: id, Subject: 'Admin changed it' });
    const e = await pe.until((x) => x.payload.cqext__Record_Id__c === id);
    expect(e.payload).toMatchObject({
      cqext__Object_Name__c: 'Task',
      cqext__Change_Type__c: 'UPDATE',
      cqext__Owner_Id__c: FIELD_USER_ID,
    });
    expect(cdc.got).toEqual([]);
  });

  it('re-handshakes after the org forgets the client and resumes from the last replay id', async () => {
    const sub = await subscribed(admin, '/data/TaskChangeEvent', -1);
    const id = await someTask();
    await field.sobject('Task').update({ Id: id, Subject: 'Before the drop' });
    await sub.until((x) => x.payload.Subject === 'Before the drop');
    // The org forgets the client and refuses CometD for a while: the update happens with no client.
    await http(emu, '/__emulator/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropRate: 1, pathPattern: '^/cometd' }),
    });
    await http(emu, '/__emulator/streaming/drop-clients', { method: 'POST' });
    await field.sobject('Task').update({ Id: id, Subject: 'While dropped' });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sub.got.some((x) => x.payload.Subject === 'While dropped')).toBe(false);
    await http(emu, '/__emulator/faults', { method: 'DELETE' });
    await sub.until((x) => x.payload.Subject === 'While dropped', 15_000);
  });
});

/**
 * An org of the test's own: the counts below are the org's totals, and a client an earlier test left
 * reconnecting (a busy machine finishes its handshake after the disconnect) would be counted too.
 */
function ownOrg() {
  const org = {} as { emu: RunningEmulator; admin: Connection; field: Connection };
  beforeAll(async () => {
    org.emu = await start({ streaming: { connectTimeoutMs: 2_000, clientExpiryMs: 5_000 } });
    org.admin = await login(org.emu, ADMIN);
    org.field = await login(org.emu, FIELD_USER);
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await org.emu.close();
  });
  return org;
}

describe("the org's count of its streaming usage", () => {
  const org = ownOrg();
  it('counts each event once per client it reached, in /limits and test control', async () => {
    const { emu, admin, field } = org;
    const limits = async () =>
      (await admin.request<Record<string, { Max: number; Remaining: number }>>('/limits'))
        .DailyDeliveredPlatformEvents;
    const before = await limits();
    expect(before?.Max).toBe(25_000); // the default edition, Enterprise
    const one = await subscribed(field, PE);
    const two = await subscribed(admin, PE);
    const id = await someTask(field);
    await admin.sobject('Task').update({ Id: id, Subject: 'Counted twice' });
    await one.until((e) => e.payload.cqext__Record_Id__c === id);
    await two.until((e) => e.payload.cqext__Record_Id__c === id);
    const usage = (await (await fetch(`${emu.url}/__emulator/streaming`)).json()) as {
      delivered: number;
      clients: number;
    };
    expect(usage.delivered).toBe(2);
    expect(usage.clients).toBeGreaterThanOrEqual(2);
    expect((before?.Remaining ?? 0) - ((await limits())?.Remaining ?? 0)).toBe(2);
  });
});

describe('a connect whose caller is gone', () => {
  const org = ownOrg();
  it('is handed nothing: an event published after its caller closed the connection stays queued, uncounted, for the next connect', async () => {
    const { emu, admin } = org;
    const token = admin.accessToken ?? '';
    const url = new URL(emu.url);
    const cometd = async (messages: unknown[]): Promise<Record<string, unknown>[]> =>
      (await (
        await fetch(`${emu.url}/cometd/60.0`, {
          method: 'POST',
          headers: { Authorization: `OAuth ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(messages),
        })
      ).json()) as Record<string, unknown>[];
    const usage = async () =>
      (await (await fetch(`${emu.url}/__emulator/streaming`)).json()) as { delivered: number };
    const request = (method: string, path: string, body: string): string =>
      `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const task = await someTask(admin);
    // Several times: the process holding a client's connect dies (its end of the connection closes),
    // and the next change follows at once, as a killed BFF holder's next org change does. Node tells
    // the response's 'close' a turn or some milliseconds after the connection's end is read: an event
    // published in between was handed to nobody and counted (bff's cluster-events test: 8 for 7).
    const rounds = 5;
    const ids: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const [hs] = await cometd([
        { channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] },
      ]);
      const clientId = String(hs?.clientId);
      ids.push(clientId);
      await cometd([{ channel: '/meta/subscribe', clientId, subscription: PE }]);
      await cometd([{ channel: '/meta/connect', clientId, connectionType: 'long-polling' }]);
      await fetch(`${emu.url}/__emulator/streaming`, { method: 'DELETE' });
      const connect = JSON.stringify([
        { channel: '/meta/connect', clientId, connectionType: 'long-polling' },
      ]);
      const socket = net.connect(Number(url.port), url.hostname);
      // The change is asked for on a connection of its own, opened beforehand, so that the connect's
      // end and the change reach the org together (a busy org reads them in one turn).
      const changer = net.connect(Number(url.port), url.hostname);
      await Promise.all([socket, changer].map((s) => new Promise((r) => s.once('connect', r))));
      socket.write(request('POST', '/cometd/60.0', connect));
      await new Promise((r) => setTimeout(r, 200));
      socket.destroy();
      changer.write(
        request(
          'PATCH',
          `/services/data/v60.0/sobjects/Task/${task}`,
          JSON.stringify({ Subject: `Caller gone ${i}` }),
        ),
      );
      await new Promise((r) => changer.once('data', r));
      changer.destroy();
      await new Promise((r) => setTimeout(r, 100));
      // (each client's own event stays queued: an earlier client's queue holds this one too, uncounted)
      expect((await usage()).delivered).toBe(0);
    }
    // Each client's next connect gets what was queued for it meanwhile, counted once each.
    const last = await cometd([
      { channel: '/meta/connect', clientId: ids.at(-1), connectionType: 'long-polling' },
    ]);
    expect(last.filter((m) => m.channel === PE)).toHaveLength(1);
    expect((await usage()).delivered).toBe(1);
  });
});

describe("the edition's daily delivery allocation", () => {
  const org = ownOrg();
  it('past it, a client gets what is left, then 403::Organization total events daily limit exceeded; a new subscription is refused', async () => {
    const { emu, admin, field } = org;
    const set = (deliveredToday: number) =>
      http(emu, '/__emulator/streaming', {
        method: 'POST',
        body: JSON.stringify({ deliveredToday }),
        headers: { 'content-type': 'application/json' },
      });
    const bad = await set(-1);
    expect(bad.status).toBe(400);
    try {
      // Enterprise: 25,000 a day. One delivery left.
      await set(24_999);
      const sub = await subscribed(field, PE);
      const id = await someTask(field);
      await admin.sobject('Task').update({ Id: id, Subject: 'The last delivery of the day' });
      await sub.until((e) => e.payload.cqext__Record_Id__c === id);
      expect(sub.got).toHaveLength(1);
      const limits = await admin.request<Record<string, { Max: number; Remaining: number }>>('/limits');
      expect(limits.DailyDeliveredPlatformEvents).toEqual({ Max: 25_000, Remaining: 0 });
      // The next event is not delivered: the org refuses the connect that would carry it.
      await admin.sobject('Task').update({ Id: id, Subject: 'Over the allocation' });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(sub.got).toHaveLength(1);
      const usage = (await (await fetch(`${emu.url}/__emulator/streaming`)).json()) as {
        deliveredToday: number;
      };
      expect(usage.deliveredToday).toBe(25_000);
      // A raw subscribe says why.
      const post = (body: unknown) =>
        http(emu, '/cometd/60.0', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
          token: admin.accessToken ?? '',
        });
      const hs = await post([
        { channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], id: '1' },
      ]);
      const clientId = (hs.body as { clientId: string }[])[0]?.clientId ?? '';
      const r = await post([{ channel: '/meta/subscribe', subscription: PE, clientId, id: '2' }]);
      expect(r.body).toEqual([
        expect.objectContaining({
          successful: false,
          subscription: PE,
          error: '403::Organization total events daily limit exceeded',
        }),
      ]);
    } finally {
      await fetch(`${emu.url}/__emulator/streaming`, { method: 'DELETE' });
    }
  });
});

describe("the edition's concurrent streaming clients", () => {
  it('past the limit a handshake is refused with 403::Organization concurrent user limit exceeded; /limits shows it', async () => {
    // Developer Edition: 20 clients at once (Enterprise and up: 2,000).
    const dev = await start({ apiAllowance: { edition: 'Developer' } });
    try {
      const conn = await login(dev, ADMIN);
      const clientsLimit = async () =>
        (await conn.request<Record<string, { Max: number; Remaining: number }>>('/limits'))
          .DurableStreamingApiConcurrentClients;
      expect(await clientsLimit()).toEqual({ Max: 20, Remaining: 20 });
      const handshake = () =>
        http(dev, '/cometd/60.0', {
          method: 'POST',
          body: JSON.stringify([
            {
              channel: '/meta/handshake',
              version: '1.0',
              supportedConnectionTypes: ['long-polling'],
              id: '1',
            },
          ]),
          headers: { 'content-type': 'application/json' },
          token: conn.accessToken ?? '',
        });
      for (let i = 0; i < 20; i++)
        expect((await handshake()).body).toEqual([expect.objectContaining({ successful: true })]);
      expect(await clientsLimit()).toEqual({ Max: 20, Remaining: 0 });
      expect((await handshake()).body).toEqual([
        expect.objectContaining({
          channel: '/meta/handshake',
          successful: false,
          error: '403::Organization concurrent user limit exceeded',
          advice: { reconnect: 'none' },
        }),
      ]);
      expect(await clientsLimit()).toEqual({ Max: 20, Remaining: 0 });
    } finally {
      await dev.close();
    }
  });
});

describe('CometD protocol errors (raw HTTP)', () => {
  const post = (path: string, body: unknown, token?: string) =>
    http(emu, path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      ...(token ? { token } : {}),
    });
  const handshake = {
    channel: '/meta/handshake',
    version: '1.0',
    supportedConnectionTypes: ['long-polling'],
    id: '1',
  };
  const token = () => admin.accessToken ?? '';

  async function clientId(): Promise<string> {
    const r = await post('/cometd/60.0', [handshake], token());
    const [m] = r.body as { clientId: string; successful: boolean }[];
    expect(m?.successful).toBe(true);
    return m?.clientId ?? '';
  }

  it('handshakes with the replay extension and long-polling only', async () => {
    const r = await post('/cometd/60.0', [handshake], token());
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      expect.objectContaining({
        channel: '/meta/handshake',
        id: '1',
        successful: true,
        version: '1.0',
        supportedConnectionTypes: ['long-polling'],
        ext: { replay: true, 'payload.format': true },
        clientId: expect.any(String),
      }),
    ]);
  });

  it("answers under the Experience Cloud site's path too", async () => {
    const r = await post('/partners/cometd/60.0', [handshake], token());
    expect((r.body as { successful: boolean }[])[0]?.successful).toBe(true);
  });

  it('denies a handshake without a valid session', async () => {
    const none = await post('/cometd/60.0', [handshake]);
    expect(none.body).toEqual([
      expect.objectContaining({
        successful: false,
        error: '403::Handshake denied',
        ext: { sfdc: { failureReason: '401::Request requires authentication' } },
        advice: { reconnect: 'none' },
      }),
    ]);
    const bad = await post('/cometd/60.0', [handshake], 'not-a-token');
    expect((bad.body as { ext: unknown }[])[0]?.ext).toEqual({
      sfdc: { failureReason: '401::Authentication invalid' },
    });
  });

  it('answers an unknown client with 403::Unknown client and handshake advice', async () => {
    const r = await post(
      '/cometd/60.0',
      [{ channel: '/meta/connect', clientId: 'nope', connectionType: 'long-polling', id: '2' }],
      token(),
    );
    expect(r.body).toEqual([
      {
        channel: '/meta/connect',
        id: '2',
        clientId: 'nope',
        successful: false,
        error: '403::Unknown client',
        advice: { reconnect: 'handshake', interval: 0 },
      },
    ]);
  });

  it('refuses unknown channels, missing names and invalid replay ids with the org texts', async () => {
    const id = await clientId();
    const sub = (subscription: unknown, ext?: unknown) =>
      post(
        '/cometd/60.0',
        [{ channel: '/meta/subscribe', clientId: id, subscription, ...(ext ? { ext } : {}) }],
        token(),
      );
    const first = (r: { body: unknown }) => (r.body as { error?: string; successful: boolean }[])[0];
    expect(first(await sub('/data/NopeChangeEvent'))?.error).toBe(
      '400::The channel you requested to subscribe to does not exist {/data/NopeChangeEvent}',
    );
    expect(first(await sub(''))?.error).toBe('400::Channel name not specified');
    expect(first(await sub('data/ChangeEvents'))?.error).toBe(
      "400::Channel subscriptions must start with a leading '/'",
    );
    expect(first(await sub('/data/ChangeEvents', { replay: { '/data/ChangeEvents': 999_999 } }))?.error).toBe(
      '400::The replayId {999999} you provided was invalid.  Please provide a valid ID, -2 to replay all events, or -1 to replay only new events.',
    );
    expect(first(await sub('/data/ChangeEvents', { replay: { '/data/ChangeEvents': -1 } }))?.successful).toBe(
      true,
    );
  });

  it('holds a connect until an event arrives, then answers with the event and the connect reply', async () => {
    const id = await clientId();
    await post(
      '/cometd/60.0',
      [{ channel: '/meta/subscribe', clientId: id, subscription: '/data/TaskChangeEvent' }],
      token(),
    );
    await post(
      '/cometd/60.0',
      [{ channel: '/meta/connect', clientId: id, connectionType: 'long-polling' }],
      token(),
    );
    const held = post(
      '/cometd/60.0',
      [{ channel: '/meta/connect', clientId: id, connectionType: 'long-polling', id: '9' }],
      token(),
    );
    await new Promise((r) => setTimeout(r, 200));
    const taskId = await someTask();
    await field.sobject('Task').update({ Id: taskId, Subject: 'Held connect' });
    const r = await held;
    const msgs = r.body as { channel: string; data?: { payload: { Subject?: string } } }[];
    expect(msgs.at(-1)).toMatchObject({
      channel: '/meta/connect',
      id: '9',
      successful: true,
      advice: { reconnect: 'retry', interval: 0 },
    });
    expect(
      msgs.some((m) => m.channel === '/data/TaskChangeEvent' && m.data?.payload.Subject === 'Held connect'),
    ).toBe(true);
    // With nothing queued the connect is answered after the advised timeout, empty.
    const t0 = Date.now();
    const idle = await post(
      '/cometd/60.0',
      [{ channel: '/meta/connect', clientId: id, connectionType: 'long-polling' }],
      token(),
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_500);
    expect((idle.body as unknown[]).length).toBe(1);
    const bye = await post('/cometd/60.0', [{ channel: '/meta/disconnect', clientId: id }], token());
    expect((bye.body as { successful: boolean }[])[0]?.successful).toBe(true);
  });

  it('needs the API version in the URI (37.0 or later)', async () => {
    const none = await post('/cometd', [handshake], token());
    expect(none.status).toBe(400);
    expect((none.body as { error: string }[])[0]?.error).toBe(
      "400::API version in the URI is mandatory. URI format: '/cometd/66.0'",
    );
    const old = await post('/cometd/36.0', [handshake], token());
    expect((old.body as { error: string }[])[0]?.error).toMatch(
      /^400::Unsupported API version. Only API versions '37.0' and later/,
    );
  });
});
