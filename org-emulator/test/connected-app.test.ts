// A ConnectedApp deployed through the Metadata API (REST deployRequest, the engine the SOAP deploy shares)
// becomes an OAuth client of the org: its consumer key is a client id, its callback URLs match exactly,
// PKCE, scopes and the secret rule are enforced as declared. The built-in demo app stays. The org is one
// where Salesforce Support enabled connected app creation (a 2026 org refuses it: external-client-app.test.ts).
import { createHmac } from 'node:crypto';
import { OAuth2 } from 'jsforce';
import { deployMetadata } from 'test-kit/metadata-deploy';
import { describe, expect, it } from 'vitest';
import { ADMIN, FIELD_USER, PASSWORD, http, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;
const sf = orgForFile({ deployMs: 50, connectedAppCreation: true }, ADMIN);
const CALLBACK = 'https://forms.example.com/authSuccessCallback';
const KEY = 'CQ_Test_Consumer_Key_0001';
const SECRET = 'test-consumer-secret';

const PACKAGE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Package xmlns="http://soap.sforce.com/2006/04/metadata"><types><members>*</members><name>ConnectedApp</name></types><version>62.0</version></Package>`;

const appXml = (oauth: string, head = '<contactEmail>admin@demo.org</contactEmail><label>CQ Test</label>') =>
  `<?xml version="1.0" encoding="UTF-8"?><ConnectedApp xmlns="http://soap.sforce.com/2006/04/metadata">${head}<oauthConfig>${oauth}</oauthConfig></ConnectedApp>`;

const deploy = async (name: string, xml: string): Promise<Rec> =>
  (await deployMetadata(
    sf.emu.url,
    sf.token,
    { 'package.xml': PACKAGE_XML, [`connectedApps/${name}.connectedApp`]: xml },
    { apiVersion: '62.0', pollMs: 20 },
  )) as Rec;

/** The login form posted as the browser would; returns the redirect back to the app. */
async function authorize(
  params: Record<string, string>,
): Promise<{ status: number; location: string; text: string }> {
  const res = await http(sf.emu, '/services/oauth2/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, username: FIELD_USER, password: PASSWORD }).toString(),
  });
  return { status: res.status, location: res.headers.get('location') ?? '', text: res.text };
}

const client = (secret?: string) =>
  new OAuth2({
    clientId: KEY,
    ...(secret ? { clientSecret: secret } : {}),
    loginUrl: sf.emu.url,
    redirectUri: CALLBACK,
    useVerifier: true,
  });
const paramsOf = (o: OAuth2, scope = 'api refresh_token id'): Record<string, string> =>
  Object.fromEntries(new URL(o.getAuthorizationUrl({ scope, state: 's1' })).searchParams);

describe('a deployed ConnectedApp is an OAuth client of the org', () => {
  it('a ConnectedApp without a callback URL fails the deploy, naming what is missing', async () => {
    const result = await deploy('CQ_Broken', appXml('<scopes>Api</scopes>'));
    expect(result.status).toBe('Failed');
    expect(result.errorMessage).toBe('Required field is missing: callbackUrl');
    const unknown = await deploy(
      'CQ_Broken',
      appXml(`<callbackUrl>${CALLBACK}</callbackUrl><scopes>Everything</scopes>`),
    );
    expect(unknown.errorMessage).toBe(
      "'Everything' is not a valid value for the enum 'ConnectedAppOauthAccessScope'",
    );
  });

  it('deploys; its consumer key is then a client id the authorize endpoint knows', async () => {
    const before = await http(
      sf.emu,
      `/services/oauth2/authorize?${new URLSearchParams(paramsOf(client()))}`,
    );
    expect(before.status).toBe(400);
    expect(before.text).toContain('error=invalid_client_id');
    const result = await deploy(
      'CQ_Test',
      appXml(
        `<callbackUrl>${CALLBACK}\nhttps://forms.example.com/authOtherOrgSuccessCallback</callbackUrl><consumerKey>${KEY}</consumerKey><consumerSecret>${SECRET}</consumerSecret><isConsumerSecretOptional>false</isConsumerSecretOptional><isPkceRequired>true</isPkceRequired><scopes>Api</scopes><scopes>Basic</scopes><scopes>RefreshToken</scopes>`,
      ),
    );
    expect(result.status).toBe('Succeeded');
    const page = await http(sf.emu, `/services/oauth2/authorize?${new URLSearchParams(paramsOf(client()))}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="client_id" value="CQ_Test_Consumer_Key_0001"');
  });

  it('refuses a callback URL the app does not list (exact match), a missing PKCE challenge and an undeclared scope', async () => {
    const params = paramsOf(client());
    const wrong = await authorize({
      ...params,
      redirect_uri: 'https://forms.example.com/authSuccessCallback/',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('error=redirect_uri_mismatch');
    const noPkce = await authorize({ ...params, code_challenge: '' });
    expect(new URL(noPkce.location).searchParams.get('error')).toBe('invalid_request');
    expect(new URL(noPkce.location).searchParams.get('error_description')).toBe(
      'missing required code challenge',
    );
    const full = await authorize(paramsOf(client(), 'api full'));
    expect(new URL(full.location).searchParams.get('error')).toBe('invalid_scope');
  });

  it('issues tokens for the code with the verifier and the secret; without the secret it refuses (secret not optional)', async () => {
    const noSecret = client();
    const first = await authorize(paramsOf(noSecret));
    const code1 = new URL(first.location).searchParams.get('code') ?? '';
    await expect(noSecret.requestToken(code1)).rejects.toThrow(/invalid client credentials/);

    const withSecret = client(SECRET);
    const second = await authorize(paramsOf(withSecret));
    const code2 = new URL(second.location).searchParams.get('code') ?? '';
    const tokens = await withSecret.requestToken(code2);
    expect(tokens.scope).toBe('api refresh_token id');
    // No scope asked: the token carries every scope the app declares.
    const third = await authorize({ ...paramsOf(withSecret), scope: '' });
    const all = await withSecret.requestToken(new URL(third.location).searchParams.get('code') ?? '');
    expect(all.scope).toBe('api refresh_token id');
    const me = await http(sf.emu, '/services/oauth2/userinfo', { token: tokens.access_token });
    expect((me.body as Rec).preferred_username).toBe(FIELD_USER);
    // The demo app's id cannot redeem this app's refresh token.
    const demo = new OAuth2({
      clientId: 'demo-client-id',
      clientSecret: 'demo-client-secret',
      loginUrl: sf.emu.url,
    });
    await expect(demo.refreshToken(tokens.refresh_token ?? '')).rejects.toThrow(
      /expired access\/refresh token/,
    );
    expect((await withSecret.refreshToken(tokens.refresh_token ?? '')).access_token).toBeTruthy();
  });
});

// Where an org cannot carry canvas on an External Client App, the documented other path is a connected app
// with a canvasConfig (a managed package's, or one created once Support enabled creation, as here): the
// record page then hosts that app, signing with its secret.
describe('a connected app with a canvasConfig is the canvas app of an org without an ECA canvas', () => {
  it('the record page POSTs a signed request to its canvasUrl, signed with its consumer secret', async () => {
    const result = await deploy(
      'CQ_Canvas',
      appXml(
        `<callbackUrl>${CALLBACK}</callbackUrl><consumerKey>CQ_Canvas_Key_0001</consumerKey><consumerSecret>canvas-app-secret</consumerSecret><scopes>Api</scopes>`,
        '<canvasConfig><accessMethod>Post</accessMethod><canvasUrl>https://forms.example.com/canvas</canvasUrl><locations>Visualforce</locations></canvasConfig><contactEmail>admin@demo.org</contactEmail><label>CQ Canvas</label>',
      ),
    );
    expect(result.status).toBe('Succeeded');
    const login = await http(sf.emu, '/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: FIELD_USER, password: PASSWORD, startURL: '/' }).toString(),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const accounts = await sf.conn.query<{ Id: string }>('SELECT Id FROM Account LIMIT 1');
    const page = await http(sf.emu, `/lightning/r/Account/${accounts.records[0]?.Id ?? ''}/view`, {
      headers: { cookie },
    });
    expect(page.text).toContain('action="https://forms.example.com/canvas"');
    const [sig, encoded = ''] = (/name="signed_request" value="([^"]+)"/.exec(page.text)?.[1] ?? '').split(
      '.',
    );
    expect(sig).toBe(createHmac('sha256', 'canvas-app-secret').update(encoded).digest('base64'));
    const env = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as {
      context: { application: Rec };
    };
    expect(env.context.application).toMatchObject({ developerName: 'CQ_Canvas', name: 'CQ Canvas' });
  });
});
