// jsforce's plain `conn.login(username, password)` (no OAuth client): the partner API's SOAP login,
// then the REST calls a script makes next, against the running emulator over HTTP.
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, http, PASSWORD, start } from './helpers.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(async () => {
  await emu.close();
});

const soapConnection = (version = '60.0') => new Connection({ loginUrl: emu.url, version });

describe('SOAP login (partner API)', () => {
  it('logs in without an OAuth client and the session works for REST, identity and limits', async () => {
    const conn = soapConnection();
    const info = await conn.login(ADMIN, PASSWORD);
    expect(info.id).toMatch(/^005/);
    expect(info.organizationId).toMatch(/^00D/);
    expect(conn.instanceUrl).toBe(emu.url);
    expect(conn.accessToken).toBeTruthy();
    const id = await conn.identity();
    expect(id.username).toBe(ADMIN);
    expect(id.organization_id).toBe(info.organizationId);
    const r = await conn.query<{ Username: string }>(`SELECT Username FROM User WHERE Id = '${info.id}'`);
    expect(r.records[0]?.Username).toBe(ADMIN);
    const limits = (await conn.limits()) as unknown as Record<string, { Max: number }>;
    expect(limits.DailyApiRequests?.Max).toBeGreaterThan(0);
  });

  it("answers the partner WSDL's loginResponse: server URLs, session, user info", async () => {
    const res = await fetch(`${emu.url}/services/Soap/u/60.0`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml', SOAPAction: '""' },
      body:
        '<se:Envelope xmlns:se="http://schemas.xmlsoap.org/soap/envelope/"><se:Body>' +
        `<login xmlns="urn:partner.soap.sforce.com"><username>${FIELD_USER}</username>` +
        `<password>${PASSWORD}</password></login></se:Body></se:Envelope>`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const text = await res.text();
    expect(text).toContain('<loginResponse><result>');
    expect(text).toMatch(
      /<serverUrl>http:\/\/127\.0\.0\.1:\d+\/services\/Soap\/u\/60\.0\/00D\w{12}<\/serverUrl>/,
    );
    expect(text).toMatch(
      /<metadataServerUrl>[^<]+\/services\/Soap\/m\/60\.0\/00D\w{12}<\/metadataServerUrl>/,
    );
    expect(text).toContain('<passwordExpired>false</passwordExpired>');
    expect(text).toContain(`<userName>${FIELD_USER}</userName>`);
    const session = /<sessionId>([^<]+)<\/sessionId>/.exec(text)?.[1] ?? '';
    const me = await http(emu, '/services/oauth2/userinfo', { token: session });
    expect((me.body as { preferred_username?: string }).preferred_username).toBe(FIELD_USER);
  });

  it('wrong credentials are the org’s INVALID_LOGIN fault (jsforce throws its faultstring)', async () => {
    await expect(soapConnection().login(ADMIN, 'wrong-password')).rejects.toThrow(
      'INVALID_LOGIN: Invalid username, password, security token; or user locked out.',
    );
    const res = await fetch(`${emu.url}/services/Soap/u/60.0`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: '<Envelope><Body><login><username>nobody@x.org</username><password>x</password></login></Body></Envelope>',
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain('<faultcode>sf:INVALID_LOGIN</faultcode>');
    expect(text).toContain('<sf:exceptionCode>INVALID_LOGIN</sf:exceptionCode>');
  });

  it('from API 65.0 on, SOAP login is retired, as in the org; bad XML is a fault, not a crash', async () => {
    await expect(soapConnection('65.0').login(ADMIN, PASSWORD)).rejects.toThrow(/UNSUPPORTED_API_VERSION/);
    const res = await fetch(`${emu.url}/services/Soap/u/60.0`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: '<Envelope><Body><login><username>',
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/<faultcode>sf:[A-Z_]+<\/faultcode>/);
  });
});
