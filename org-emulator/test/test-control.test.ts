import { describe, expect, it } from 'vitest';
import { http, login, orgForFile, start } from './helpers.js';

type Rec = Record<string, unknown>;

const sf = orgForFile();

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const CREATE_ROUTE = 'POST /services/data/:version/sobjects/:type';

describe('test control', () => {
  it('is off unless enabled', async () => {
    const plain = await start({ testControl: false });
    try {
      expect((await http(plain, '/__emulator/reset', { method: 'POST' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests per route so tests can prove exactly-once effects', async () => {
    await http(sf.emu, '/__emulator/counters', { method: 'DELETE' });
    await sf.conn.sobject('Account').create({ Name: 'Counted 1' });
    await sf.conn.sobject('Account').create({ Name: 'Counted 2' });
    const counters = (await http(sf.emu, '/__emulator/counters')).body as { routes: Record<string, number> };
    expect(counters.routes[CREATE_ROUTE]).toBe(2);
  });

  it('injects 500/503 responses, latency and dropped connections', async () => {
    await http(
      sf.emu,
      '/__emulator/faults',
      json({ errorRate: 1, errorStatus: 500, pathPattern: '/sobjects$' }),
    );
    const failed = await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token });
    expect(failed.status).toBe(500);
    expect((await http(sf.emu, '/services/data/v60.0', { token: sf.token })).status).toBe(200);
    await http(sf.emu, '/__emulator/faults', json({ errorRate: 1, errorStatus: 503, times: 1 }));
    expect((await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token })).status).toBe(503);
    expect((await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token })).status).toBe(200);
    await http(sf.emu, '/__emulator/faults', json({ latencyMs: 300 }));
    const t0 = Date.now();
    await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    await http(sf.emu, '/__emulator/faults', json({ dropRate: 1 }));
    await expect(
      fetch(`${sf.emu.url}/services/data/v60.0/sobjects`, {
        headers: { Authorization: `Bearer ${sf.token}` },
      }),
    ).rejects.toThrow();
    await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
    expect((await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token })).status).toBe(200);
  });

  it("a composite's subrequests run inside the org: the network's faults reach the composite call only", async () => {
    await http(sf.emu, '/__emulator/faults', json({ errorRate: 1, errorStatus: 503, pathPattern: '/query' }));
    const q = `/services/data/v60.0/query?q=${encodeURIComponent('SELECT Id FROM Account LIMIT 1')}`;
    try {
      expect((await http(sf.emu, q, { token: sf.token })).status).toBe(503);
      const together = await http(sf.emu, '/services/data/v60.0/composite', {
        ...json({
          compositeRequest: [
            { method: 'GET', url: q, referenceId: 'a' },
            { method: 'GET', url: q, referenceId: 'b' },
          ],
        }),
        token: sf.token,
      });
      expect(together.status).toBe(200);
      const answers = (together.body as { compositeResponse: { httpStatusCode: number }[] })
        .compositeResponse;
      expect(answers.map((a) => a.httpStatusCode)).toEqual([200, 200]);
    } finally {
      await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
    }
  });

  it('commits but loses the response when asked', async () => {
    await http(sf.emu, '/__emulator/counters', { method: 'DELETE' });
    await http(
      sf.emu,
      '/__emulator/faults',
      json({ lostResponseRate: 1, methods: ['POST'], pathPattern: '/sobjects/Account$' }),
    );
    const attempt = fetch(`${sf.emu.url}/services/data/v60.0/sobjects/Account`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sf.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Lost Response Co' }),
    });
    await expect(attempt).rejects.toThrow();
    await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
    const q = await sf.conn.query("SELECT Id FROM Account WHERE Name = 'Lost Response Co'");
    expect(q.totalSize).toBe(1);
    const counters = (await http(sf.emu, '/__emulator/counters')).body as { routes: Record<string, number> };
    expect(counters.routes[CREATE_ROUTE]).toBe(1);
  });

  it('delivers a request twice when asked: handled twice, the second answer sent, shown in the count', async () => {
    await http(sf.emu, '/__emulator/counters', { method: 'DELETE' });
    type Counts = { duplicatesDelivered: number; duplicateCandidates: number };
    const before = (await http(sf.emu, '/__emulator/faults')).body as Counts;
    await http(
      sf.emu,
      '/__emulator/faults',
      json({ duplicateRate: 1, methods: ['POST'], pathPattern: '/sobjects/Account$' }),
    );
    const res = await fetch(`${sf.emu.url}/services/data/v60.0/sobjects/Account`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sf.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Delivered Twice Co' }),
    });
    expect(res.status).toBe(201);
    const answered = (await res.json()) as { id: string };
    const faults = (await http(sf.emu, '/__emulator/faults')).body as Counts;
    await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
    expect(faults.duplicatesDelivered).toBe(before.duplicatesDelivered + 1);
    expect(faults.duplicateCandidates).toBe(before.duplicateCandidates + 1);
    // a plain create is not idempotent: two records, the answer is the second's
    const q = await sf.conn.query<{ Id: string }>(
      "SELECT Id FROM Account WHERE Name = 'Delivered Twice Co' ORDER BY CreatedDate",
    );
    expect(q.totalSize).toBe(2);
    expect(q.records.map((r) => r.Id)).toContain(answered.id);
    const counters = (await http(sf.emu, '/__emulator/counters')).body as { routes: Record<string, number> };
    expect(counters.routes[CREATE_ROUTE]).toBe(2);
  });

  it('resets and reseeds (tokens are dropped too)', async () => {
    await sf.conn.sobject('Account').create({ Name: 'Before Reset' });
    const res = await http(sf.emu, '/__emulator/reset', json({ seed: 'none' }));
    expect(res.body).toMatchObject({ ok: true, seed: 'none' });
    expect((await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token })).status).toBe(401);
    const admin = await login(sf.emu, 'admin@demo.org');
    expect((await admin.query('SELECT Id FROM Account')).totalSize).toBe(0);
    await http(sf.emu, '/__emulator/reset', json({ seed: 'demo' }));
    const again = await login(sf.emu);
    expect((await again.query('SELECT Id FROM Account')).totalSize).toBe(320);
    const users = await again.query<Rec>('SELECT Username FROM User ORDER BY Username');
    expect(users.records.map((u) => u.Username)).toEqual([
      'admin@demo.org',
      'field.user@demo.org',
      'partner.user@demo.org',
    ]);
  });
});
