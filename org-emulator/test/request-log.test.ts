import { describe, expect, it } from 'vitest';
import { http, orgForFile } from './helpers.js';

const sf = orgForFile();

interface Logged {
  method: string;
  path: string;
  headers: Record<string, string>;
}

describe('request log and latency range (test control)', () => {
  it('records each request’s method, path and headers, the bearer token reduced to its scheme', async () => {
    await http(sf.emu, '/__emulator/requests', { method: 'DELETE' });
    await sf.conn.query('SELECT Id FROM Account LIMIT 1');
    await fetch(`${sf.emu.url}/services/data/v60.0/limits?secret=1`, {
      headers: { Authorization: `Bearer ${sf.conn.accessToken}`, Cookie: 'browser=1' },
    });
    const { requests } = (await http(sf.emu, '/__emulator/requests')).body as { requests: Logged[] };
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      expect.stringMatching(/^GET \/services\/data\/v\d+\.0\/query$/),
      'GET /services/data/v60.0/limits',
    ]);
    expect(requests[1]?.headers.cookie).toBe('browser=1');
    expect(requests[1]?.headers.authorization).toBe('Bearer');
    expect(JSON.stringify(requests)).not.toContain(sf.conn.accessToken ?? 'x');
    // test-control calls are not logged; reset and DELETE clear it
    await http(sf.emu, '/__emulator/requests', { method: 'DELETE' });
    expect(((await http(sf.emu, '/__emulator/requests')).body as { requests: Logged[] }).requests).toEqual(
      [],
    );
  });

  it('latencyMs..latencyMaxMs spreads the delay over the range', async () => {
    await http(sf.emu, '/__emulator/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 50, latencyMaxMs: 150, pathPattern: '/limits$' }),
    });
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t0 = performance.now();
      await fetch(`${sf.emu.url}/services/data/v60.0/limits`, {
        headers: { Authorization: `Bearer ${sf.conn.accessToken}` },
      });
      delays.push(performance.now() - t0);
    }
    await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
    // every request waited at least the minimum; they did not all wait the same
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(49);
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(5);
  });
});
