// The org client over real HTTP against a minimal org on a free port (token endpoint, a query answered
// in two pages, sObject insert), recording what it was asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrgClient, ORG_API_VERSION, orgPasswordGrant } from './org-client';

interface Seen {
  method: string;
  path: string;
  auth: string;
  body: string;
}

let server: http.Server;
let url: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, auth: req.headers.authorization ?? '', body });
      const json = (status: number, value: unknown): void => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path === '/services/oauth2/token') {
        const form = new URLSearchParams(body);
        return form.get('password') === 'demo1234'
          ? json(200, { access_token: `tok-${form.get('username')}`, instance_url: url })
          : json(400, { error: 'invalid_grant' });
      }
      if (req.headers.authorization?.startsWith('Bearer tok-') !== true)
        return json(401, [{ errorCode: 'INVALID_SESSION_ID' }]);
      if (path.startsWith(`/services/data/${ORG_API_VERSION}/query?q=`)) {
        const soql = new URL(path, url).searchParams.get('q');
        if (soql === 'SELECT bad') return json(400, [{ errorCode: 'MALFORMED_QUERY' }]);
        return json(200, { records: [{ n: 1 }, { n: 2 }], nextRecordsUrl: '/next-page' });
      }
      if (path === '/next-page') return json(200, { records: [{ n: 3 }] });
      if (path === `/services/data/${ORG_API_VERSION}/sobjects/Account`) {
        const fields = JSON.parse(body) as { Name?: string };
        return fields.Name
          ? json(201, { id: '001000000000001AAA' })
          : json(400, [{ errorCode: 'REQUIRED_FIELD_MISSING' }]);
      }
      json(404, []);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

describe('org client', () => {
  it('password grant: the demo connected app and field user unless told otherwise', async () => {
    expect(await orgPasswordGrant(url)).toEqual({ accessToken: 'tok-field.user@demo.org', instanceUrl: url });
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({
      grant_type: 'password',
      client_id: 'demo-client-id',
      client_secret: 'demo-client-secret',
      username: 'field.user@demo.org',
      password: 'demo1234',
    });
    await expect(orgPasswordGrant(url, { password: 'wrong' })).rejects.toThrow('org token: 400');
  });

  it('a query follows every page, with the token asked for once', async () => {
    const org = new OrgClient(url, { username: 'admin@demo.org' });
    expect(await org.query<{ n: number }>('SELECT n FROM X')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await org.query<{ n: number }>('SELECT n FROM X')).toHaveLength(3);
    expect(seen.filter((s) => s.path === '/services/oauth2/token')).toHaveLength(1);
    expect(seen.filter((s) => s.path !== '/services/oauth2/token').map((s) => s.auth)).toEqual(
      Array(4).fill('Bearer tok-admin@demo.org'),
    );
  });

  it('a refused query throws with the status and the org’s answer', async () => {
    await expect(new OrgClient(url).query('SELECT bad')).rejects.toThrow(
      'query failed: 400 [{"errorCode":"MALFORMED_QUERY"}]',
    );
  });

  it('a token already held is used as is; a failed grant is asked again next time', async () => {
    expect(await new OrgClient(url, { token: 'tok-given' }).query('SELECT n FROM X')).toHaveLength(3);
    expect(seen.some((s) => s.path === '/services/oauth2/token')).toBe(false);
    const wrong = new OrgClient(url, { password: 'wrong' });
    await expect(wrong.query('SELECT n FROM X')).rejects.toThrow('org token: 400');
    await expect(wrong.accessToken()).rejects.toThrow('org token: 400');
    expect(seen.filter((s) => s.path === '/services/oauth2/token')).toHaveLength(2);
  });

  it('insert answers the new Id, or throws with the org’s answer', async () => {
    const org = new OrgClient(url);
    expect(await org.insert('Account', { Name: 'Acme' })).toBe('001000000000001AAA');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"Name":"Acme"}' });
    await expect(org.insert('Account', {})).rejects.toThrow(
      'Account not inserted: 400 [{"errorCode":"REQUIRED_FIELD_MISSING"}]',
    );
  });
});
