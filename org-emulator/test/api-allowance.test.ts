import { Connection } from 'jsforce';
import { describe, expect, it } from 'vitest';
import { allocationFor } from '../src/index.js';
import { ADMIN, FIELD_USER, http, login, oauth2, orgForFile, PASSWORD, start } from './helpers.js';

type Rec = Record<string, unknown>;

// the admin: /limits asks for View Setup and Configuration
const sf = orgForFile({}, ADMIN);

const put = (body: unknown): RequestInit => ({
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const post = (body: unknown): RequestInit => ({ ...put(body), method: 'POST' });

const usage = async (): Promise<Rec> => (await http(sf.emu, '/__emulator/api-usage')).body as Rec;

describe('the daily API allowance', () => {
  it("follows Salesforce's allocation per edition and licence", () => {
    expect(allocationFor('Developer', 50)).toBe(15_000);
    expect(allocationFor('Enterprise', 1_000)).toBe(1_100_000);
    expect(allocationFor('Professional', 5)).toBe(105_000);
    expect(allocationFor('Unlimited', 10)).toBe(150_000);
  });

  it('counts REST, composite and Tooling calls one each, and reports them in Sforce-Limit-Info', async () => {
    await http(sf.emu, '/__emulator/api-usage', put({ edition: 'Enterprise', licenses: 1000, used: 0 }));
    await sf.conn.query('SELECT Id FROM Account LIMIT 1');
    // a Collections create of 3 records is one call
    await sf.conn.request({
      method: 'POST',
      url: '/services/data/v60.0/composite/sobjects',
      body: JSON.stringify({
        allOrNone: false,
        records: [1, 2, 3].map((i) => ({ attributes: { type: 'Account' }, Name: `Pooled ${i}` })),
      }),
      headers: { 'content-type': 'application/json' },
    });
    await sf.conn
      .request('/services/data/v60.0/tooling/query?q=SELECT+Id+FROM+ApexClass+LIMIT+1')
      .catch(() => {});
    expect((await usage()).used).toBe(3);
    // jsforce reads the header as a real org's
    expect(sf.conn.limitInfo.apiUsage).toEqual({ used: 3, limit: 1_100_000 });
    const limits = await http(sf.emu, '/services/data/v60.0/limits', { token: sf.token });
    expect((limits.body as Rec).DailyApiRequests).toEqual({ Max: 1_100_000, Remaining: 1_100_000 - 4 });
    expect(limits.headers.get('sforce-limit-info')).toBe('api-usage=4/1100000');
  });

  it('does not count OAuth, the identity URL, the version list or refused sessions', async () => {
    await http(sf.emu, '/__emulator/api-usage', put({ used: 0 }));
    const conn = new Connection({ oauth2: oauth2(sf.emu), loginUrl: sf.emu.url, version: '60.0' });
    const info = await conn.login(FIELD_USER, PASSWORD);
    await http(sf.emu, `/id/${info.organizationId}/${info.id}`, { token: conn.accessToken ?? '' });
    await http(sf.emu, '/services/oauth2/userinfo', { token: conn.accessToken ?? '' });
    await http(sf.emu, '/services/data');
    const refused = await http(sf.emu, '/services/data/v60.0/limits', { token: 'not-a-token' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('sforce-limit-info')).toBeNull();
    expect((await usage()).used).toBe(0);
  });

  it('refuses every counted call with REQUEST_LIMIT_EXCEEDED once spent, and recovers as calls leave the 24 hours', async () => {
    await http(sf.emu, '/__emulator/api-usage', put({ max: 5, used: 4 }));
    const last = await http(sf.emu, '/services/data/v60.0/query?q=SELECT+Id+FROM+Account', {
      token: sf.token,
    });
    expect(last.status).toBe(200);
    expect(last.headers.get('sforce-limit-info')).toBe('api-usage=5/5');
    const refused = await http(sf.emu, '/services/data/v60.0/query?q=SELECT+Id+FROM+Account', {
      token: sf.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual([
      { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
    ]);
    expect(refused.headers.get('sforce-limit-info')).toBe('api-usage=5/5');
    // jsforce surfaces the org's code
    await expect(sf.conn.query('SELECT Id FROM Account')).rejects.toMatchObject({
      errorCode: 'REQUEST_LIMIT_EXCEEDED',
    });
    // a refused call is not counted; OAuth still works (a user can still sign in)
    expect((await usage()).used).toBe(5);
    await login(sf.emu);
    // 23 hours later the calls are still in the window, a little over 24 hours later they are not
    await http(sf.emu, '/__emulator/api-usage/time-passes', post({ hours: 23 }));
    expect((await http(sf.emu, '/services/data/v60.0/limits', { token: sf.token })).status).toBe(403);
    await http(sf.emu, '/__emulator/api-usage/time-passes', post({ hours: 1.1 }));
    expect((await usage()).used).toBe(0);
    const back = await http(sf.emu, '/services/data/v60.0/limits', { token: sf.token });
    expect(back.status).toBe(200);
    expect((back.body as Rec).DailyApiRequests).toEqual({ Max: 5, Remaining: 4 });
    await http(sf.emu, '/__emulator/api-usage', put({ edition: 'Enterprise', licenses: 10, used: 0 }));
    expect((await usage()).max).toBe(110_000);
  });

  it('answers SOAP Metadata API calls past the allowance with the SOAP fault', async () => {
    await http(sf.emu, '/__emulator/api-usage', put({ max: 1, used: 1 }));
    const r = await fetch(`${sf.emu.url}/services/Soap/m/60.0`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml', SOAPAction: '""' },
      body: '<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body/></soapenv:Envelope>',
    });
    expect(r.status).toBe(500);
    expect(await r.text()).toContain(
      '<faultcode>sf:REQUEST_LIMIT_EXCEEDED</faultcode><faultstring>REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.</faultstring>',
    );
    await http(sf.emu, '/__emulator/api-usage', put({ max: 110_000, used: 0 }));
  });

  it('rejects bad test-control input with a 400', async () => {
    expect((await http(sf.emu, '/__emulator/api-usage', put({ edition: 'Galactic' }))).status).toBe(400);
    expect((await http(sf.emu, '/__emulator/api-usage', put({ used: -1 }))).status).toBe(400);
    expect((await http(sf.emu, '/__emulator/api-usage/time-passes', post({ hours: 0 }))).status).toBe(400);
  });

  it('takes its allowance from the start options', async () => {
    const dev = await start({ apiAllowance: { edition: 'Developer' } });
    try {
      const conn = await login(dev);
      await conn.query('SELECT Id FROM Account LIMIT 1');
      expect(conn.limitInfo.apiUsage).toEqual({ used: 1, limit: 15_000 });
    } finally {
      await dev.close();
    }
  });

  it('counts a composite call once whatever it carries, its subrequests answered in order with references resolved', async () => {
    await http(sf.emu, '/__emulator/api-usage', put({ edition: 'Enterprise', licenses: 10, used: 0 }));
    const r = (await sf.conn.request({
      method: 'POST',
      url: '/services/data/v60.0/composite',
      body: JSON.stringify({
        allOrNone: false,
        compositeRequest: [
          {
            method: 'POST',
            url: '/services/data/v60.0/sobjects/Account',
            referenceId: 'acct',
            body: { Name: 'Composite Co' },
          },
          { method: 'GET', url: '/services/data/v60.0/sobjects/Account/@{acct.id}', referenceId: 'back' },
          {
            method: 'GET',
            url: "/services/data/v60.0/query?q=SELECT+Name+FROM+Account+WHERE+Name+=+'Composite+Co'",
            referenceId: 'q',
          },
          { method: 'GET', url: '/services/data/v60.0/sobjects/Account/@{nope.id}', referenceId: 'bad' },
          { method: 'POST', url: '/services/data/v60.0/../../__emulator/reset', referenceId: 'escape' },
        ],
      }),
      headers: { 'content-type': 'application/json' },
    })) as { compositeResponse: { referenceId: string; httpStatusCode: number; body: Rec }[] };
    const [acct, back, q, bad, escape] = r.compositeResponse;
    expect(escape?.httpStatusCode).toBe(400);
    expect(acct).toMatchObject({ referenceId: 'acct', httpStatusCode: 201, body: { success: true } });
    expect(back).toMatchObject({ httpStatusCode: 200, body: { Name: 'Composite Co' } });
    expect(q).toMatchObject({ httpStatusCode: 200, body: { totalSize: 1 } });
    expect(bad?.httpStatusCode).toBe(400);
    expect((await usage()).used).toBe(1);
  });
});
