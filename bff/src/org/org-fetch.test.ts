// orgFetch over real HTTP: the bearer token and the route's call option go out, the allowance the
// answer reports is recorded for the org.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgFetch } from './org-fetch';

let server: http.Server;
let base = '';
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('Sforce-Limit-Info', 'api-usage=90/100');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('orgFetch', () => {
  it("sends the token and the route's client call option, and records the org's allowance", async () => {
    const readings: unknown[][] = [];
    const res = await orgFetch(
      `${base}/services/oauth2/userinfo`,
      'tok',
      {},
      {
        routeId: 'authCallback',
        organizationId: '00D000000000001AAA',
        apiUsage: { record: (...args) => void readings.push(args) },
      },
    );
    expect(res.status).toBe(200);
    expect(seen.at(-1)?.authorization).toBe('Bearer tok');
    expect(seen.at(-1)?.['sforce-call-options']).toBe('client=CqOfflineForms/authCallback');
    expect(readings).toEqual([['00D000000000001AAA', 90, 100]]);
  });

  it('keeps a call option the caller set', async () => {
    await orgFetch(
      `${base}/x`,
      'tok',
      { headers: { 'Sforce-Call-Options': 'client=Report' } },
      { routeId: 'r' },
    );
    expect(seen.at(-1)?.['sforce-call-options']).toBe('client=Report');
  });
});
