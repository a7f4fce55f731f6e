// A 2026 org: an External Client App (header + OAuth plugin files + canvas settings) deployed through the
// Metadata API becomes an OAuth client as a connected app did (exact callbacks, PKCE, scopes, the org's
// consumer key, the secret never retrieved) and the org's canvas app; a deploy checks the ECA files
// together and fails as a whole. A new ConnectedApp is refused unless Support enabled creation.
import { createHmac } from 'node:crypto';
import { OAuth2 } from 'jsforce';
import { unzipSync } from 'fflate';
import { deployMetadata } from 'test-kit/metadata-deploy';
import { describe, expect, it } from 'vitest';
import { ADMIN, FIELD_USER, PASSWORD, http, orgForFile } from './helpers.js';
import { CONNECTED_APP_CREATION_REFUSED } from '../src/oauth/connected-apps.js';

type Rec = Record<string, unknown>;
const sf = orgForFile({ deployMs: 20 }, ADMIN);
const CALLBACK = 'https://forms.example.com/authSuccessCallback';
const OTHER_CALLBACK = 'https://forms.example.com/authOtherOrgSuccessCallback';
const NS = 'xmlns="http://soap.sforce.com/2006/04/metadata"';

const PACKAGE_XML = `<?xml version="1.0" encoding="UTF-8"?><Package ${NS}><version>66.0</version></Package>`;
const header = (
  body = '<contactEmail>admin@demo.org</contactEmail><distributionState>Local</distributionState><label>CQ Test</label>',
) =>
  `<?xml version="1.0" encoding="UTF-8"?><ExternalClientApplication ${NS}>${body}</ExternalClientApplication>`;
const oauthSettings = (scopes = 'Api, Basic, RefreshToken', app = 'CQ_Test') =>
  `<ExtlClntAppOauthSettings ${NS}><commaSeparatedOauthScopes>${scopes}</commaSeparatedOauthScopes><externalClientApplication>${app}</externalClientApplication><label>x</label></ExtlClntAppOauthSettings>`;
const globalOauth = (extra = '', callbacks = `${CALLBACK}\n${OTHER_CALLBACK}`) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ExtlClntAppGlobalOauthSettings ${NS}>\n    <callbackUrl>${callbacks}</callbackUrl>\n    <externalClientApplication>CQ_Test</externalClientApplication>\n    <isConsumerSecretOptional>true</isConsumerSecretOptional>\n    <isPkceRequired>true</isPkceRequired>${extra}\n    <label>x</label>\n</ExtlClntAppGlobalOauthSettings>`;
const policies = (permitted = 'AllSelfAuthorized') =>
  `<ExtlClntAppOauthConfigurablePolicies ${NS}><externalClientApplication>CQ_Test</externalClientApplication><ipRelaxationPolicyType>Enforce</ipRelaxationPolicyType><label>x</label><permittedUsersPolicyType>${permitted}</permittedUsersPolicyType></ExtlClntAppOauthConfigurablePolicies>`;
const canvas = (url = 'https://forms.example.com/canvas', method = 'Post') =>
  `<ExtlClntAppCanvasSettings ${NS}><accessMethod>${method}</accessMethod><canvasLocationOptions>Visualforce</canvasLocationOptions><canvasUrl>${url}</canvasUrl><externalClientApplication>CQ_Test</externalClientApplication><label>x</label></ExtlClntAppCanvasSettings>`;

const fullApp = (overrides: Record<string, string> = {}): Record<string, string> => ({
  'externalClientApps/CQ_Test.eca': header(),
  'extlClntAppOauthSettings/CQ_Test_oauth.ecaOauth': oauthSettings(),
  'extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth': globalOauth(),
  'extlClntAppOauthPolicies/CQ_Test_oauthPlcy.ecaOauthPlcy': policies(),
  ...overrides,
});

const deploy = async (files: Record<string, string>): Promise<Rec> =>
  (await deployMetadata(
    sf.emu.url,
    sf.token,
    { 'package.xml': PACKAGE_XML, ...files },
    { pollMs: 20 },
  )) as Rec;

/** jsforce's Metadata API retrieve (SOAP, as sf uses it): file path → text. */
async function retrieve(types: { name: string; members: string[] }[]): Promise<Record<string, string>> {
  // jsforce's Package type wants every field of a package; a retrieve request names only types.
  const request = { apiVersion: 66, singlePackage: true, unpackaged: { types, version: '66.0' } };
  const result = await sf.conn.metadata
    .retrieve(request as unknown as Parameters<typeof sf.conn.metadata.retrieve>[0])
    .complete();
  const files = unzipSync(new Uint8Array(Buffer.from(String(result.zipFile), 'base64')));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new TextDecoder().decode(v)]));
}

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
const client = (clientId: string, redirectUri = CALLBACK) =>
  new OAuth2({ clientId, loginUrl: sf.emu.url, redirectUri, useVerifier: true });
const paramsOf = (o: OAuth2, scope = 'api refresh_token id'): Record<string, string> =>
  Object.fromEntries(new URL(o.getAuthorizationUrl({ scope, state: 's1' })).searchParams);
const problems = (result: Rec): string[] =>
  ([] as Rec[])
    .concat(((result.details as Rec | undefined)?.componentFailures as Rec[] | Rec | undefined) ?? [])
    .map((f) => `${String(f.componentType)} ${String(f.fullName)}: ${String(f.problem)}`);

let consumerKey = '';

describe('External Client App deploys: checked together, all or nothing', () => {
  it('a plugin naming an ECA the org does not have fails, and nothing of the deploy is kept', async () => {
    const result = await deploy({
      'extlClntAppOauthSettings/CQ_Test_oauth.ecaOauth': oauthSettings(),
      'extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth': globalOauth(),
    });
    expect(result.status).toBe('Failed');
    expect(problems(result)).toContain(
      'ExtlClntAppOauthSettings CQ_Test_oauth: In field: externalClientApplication - no ExternalClientApplication named CQ_Test found',
    );
    const files = await retrieve([{ name: 'ExtlClntAppOauthSettings', members: ['*'] }]);
    expect(Object.keys(files)).toEqual(['package.xml']);
  });

  it('one bad file (an unknown scope, no callback URL, an unknown policy) fails the whole deploy', async () => {
    for (const [overrides, problem] of [
      [
        { 'extlClntAppOauthSettings/CQ_Test_oauth.ecaOauth': oauthSettings('Api, Everything') },
        "'Everything' is not a valid value for the enum 'ConnectedAppOauthAccessScope'",
      ],
      [
        { 'extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth': globalOauth('', '') },
        'Required field is missing: callbackUrl',
      ],
      [
        { 'extlClntAppOauthPolicies/CQ_Test_oauthPlcy.ecaOauthPlcy': policies('Everyone') },
        "'Everyone' is not a valid value for the enum 'PermittedUsersPolicyType'",
      ],
      [
        { 'externalClientApps/CQ_Test.eca': header('<label>CQ Test</label>') },
        'Required field is missing: contactEmail',
      ],
      [
        { 'extlClntAppCanvasSettings/CQ_Test_canvas.ecaCanvas': canvas('forms.example.com/canvas') },
        'Invalid canvas app URL: forms.example.com/canvas',
      ],
    ] as const) {
      const result = await deploy(fullApp(overrides));
      expect(result.status).toBe('Failed');
      expect(result.errorMessage).toBe(problem);
    }
    const files = await retrieve([{ name: 'ExternalClientApplication', members: ['*'] }]);
    expect(Object.keys(files)).toEqual(['package.xml']);
    const page = await http(
      sf.emu,
      `/services/oauth2/authorize?${new URLSearchParams(paramsOf(client('anything')))}`,
    );
    expect(page.text).toContain('error=invalid_client_id');
  });

  it('canvas settings on an app without the OAuth plugin fail: the signed request needs its consumer secret', async () => {
    const result = await deploy({
      'externalClientApps/CQ_Test.eca': header(),
      'extlClntAppCanvasSettings/CQ_Test_canvas.ecaCanvas': canvas(),
    });
    expect(result.errorMessage).toBe(
      'ExternalClientApplication CQ_Test has no OAuth settings: a canvas app signs with its consumer secret',
    );
  });

  it('the whole app deploys; a retrieve shows the consumer key the org generated and never a secret', async () => {
    const result = await deploy(
      fullApp({
        'extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth': globalOauth(
          '\n    <consumerSecret>chosen-secret-1234</consumerSecret>',
        ),
      }),
    );
    expect(result.status).toBe('Succeeded');
    const files = await retrieve([
      { name: 'ExternalClientApplication', members: ['CQ_Test'] },
      { name: 'ExtlClntAppGlobalOauthSettings', members: ['CQ_Test_glbloauth'] },
      { name: 'ExtlClntAppOauthSettings', members: ['*'] },
      { name: 'ExtlClntAppOauthConfigurablePolicies', members: ['*'] },
    ]);
    expect(Object.keys(files).sort()).toEqual([
      'externalClientApps/CQ_Test.eca',
      'extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth',
      'extlClntAppOauthPolicies/CQ_Test_oauthPlcy.ecaOauthPlcy',
      'extlClntAppOauthSettings/CQ_Test_oauth.ecaOauth',
      'package.xml',
    ]);
    // The org gives the app its org-scoped name on the first deploy.
    expect(files['externalClientApps/CQ_Test.eca']).toMatch(
      /<orgScopedExternalApp>00D\w{15}:CQ_Test<\/orgScopedExternalApp>\s*<\/ExternalClientApplication>/,
    );
    const glbl = files['extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth'] ?? '';
    consumerKey = /<consumerKey>([^<]+)<\/consumerKey>/.exec(glbl)?.[1] ?? '';
    expect(consumerKey).toMatch(/^3MVG9\w{20,}$/);
    expect(glbl).not.toContain('consumerSecret');
    expect(glbl).not.toContain('chosen-secret-1234');
    // A redeploy of the retrieved files keeps the key.
    const again = await deploy(
      fullApp({ 'extlClntAppGlobalOauthSets/CQ_Test_glbloauth.ecaGlblOauth': glbl }),
    );
    expect(again.status).toBe('Succeeded');
  });
});

describe('a deployed External Client App is an OAuth client of the org', () => {
  it('refuses a callback URL the app does not list (exact match), a missing PKCE challenge and an undeclared scope', async () => {
    const wrong = await authorize({ ...paramsOf(client(consumerKey)), redirect_uri: `${CALLBACK}/` });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('error=redirect_uri_mismatch');
    const noPkce = await authorize({ ...paramsOf(client(consumerKey)), code_challenge: '' });
    expect(new URL(noPkce.location).searchParams.get('error_description')).toBe(
      'missing required code challenge',
    );
    const full = await authorize(paramsOf(client(consumerKey), 'api full'));
    expect(new URL(full.location).searchParams.get('error')).toBe('invalid_scope');
  });

  it('a PKCE public client with no secret signs a field user in at either callback', async () => {
    for (const callback of [CALLBACK, OTHER_CALLBACK]) {
      const c = client(consumerKey, callback);
      const r = await authorize(paramsOf(c));
      const tokens = await c.requestToken(new URL(r.location).searchParams.get('code') ?? '');
      expect(tokens.scope).toBe('api refresh_token id');
      const me = await http(sf.emu, '/services/oauth2/userinfo', { token: tokens.access_token });
      expect((me.body as Rec).preferred_username).toBe(FIELD_USER);
      expect((await c.refreshToken(tokens.refresh_token ?? '')).access_token).toBeTruthy();
    }
  });

  it('admin-approved: only users of a listed profile or permission set sign in; others get OAUTH_APP_ACCESS_DENIED', async () => {
    const adminOnly = `<ExtlClntAppOauthConfigurablePolicies ${NS}><commaSeparatedProfile>System Administrator</commaSeparatedProfile><externalClientApplication>CQ_Test</externalClientApplication><label>x</label><permittedUsersPolicyType>AdminApprovedPreAuthorized</permittedUsersPolicyType></ExtlClntAppOauthConfigurablePolicies>`;
    const file = 'extlClntAppOauthPolicies/CQ_Test_oauthPlcy.ecaOauthPlcy';
    expect((await deploy({ [file]: adminOnly })).status).toBe('Succeeded');
    const refused = await authorize(paramsOf(client(consumerKey)));
    expect(new URL(refused.location).searchParams.get('error')).toBe('OAUTH_APP_ACCESS_DENIED');
    expect(new URL(refused.location).searchParams.get('error_description')).toBe(
      'user is not admin approved to access this app',
    );
    // The field user's permission set, once listed and assigned, lets them in.
    const [ps] = (
      await sf.conn.query<{ Id: string }>("SELECT Id FROM PermissionSet WHERE Name = 'CQ_Field_User'")
    ).records;
    const [user] = (
      await sf.conn.query<{ Id: string }>(`SELECT Id FROM User WHERE Username = '${FIELD_USER}'`)
    ).records;
    await sf.conn
      .sobject('PermissionSetAssignment')
      .create({ AssigneeId: user?.Id, PermissionSetId: ps?.Id });
    const withPermSet = adminOnly.replace(
      '<commaSeparatedProfile>System Administrator</commaSeparatedProfile>',
      '<commaSeparatedPermissionSet>CQ_Field_User</commaSeparatedPermissionSet>',
    );
    expect((await deploy({ [file]: withPermSet })).status).toBe('Succeeded');
    const allowed = await authorize(paramsOf(client(consumerKey)));
    expect(new URL(allowed.location).searchParams.get('code')).toBeTruthy();
    expect((await deploy({ [file]: policies() })).status).toBe('Succeeded');
  });
});

describe('canvas: the ECA with canvas settings is what the record page hosts', () => {
  it('the record page POSTs a signed request, signed with the ECA secret, to the canvas settings URL', async () => {
    expect((await deploy({ 'extlClntAppCanvasSettings/CQ_Test_canvas.ecaCanvas': canvas() })).status).toBe(
      'Succeeded',
    );
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
    const signed = /name="signed_request" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const [sig, encoded] = signed.split('.');
    expect(sig).toBe(
      createHmac('sha256', 'chosen-secret-1234')
        .update(encoded ?? '')
        .digest('base64'),
    );
    const env = JSON.parse(Buffer.from(encoded ?? '', 'base64').toString('utf8')) as {
      context: { application: Rec };
      client: { oauthToken: string };
    };
    expect(env.context.application).toMatchObject({
      developerName: 'CQ_Test',
      name: 'CQ Test',
      authType: 'SIGNED_REQUEST',
    });
    // The token the signed request carries works against the org.
    const me = await http(sf.emu, '/services/oauth2/userinfo', { token: env.client.oauthToken });
    expect((me.body as Rec).preferred_username).toBe(FIELD_USER);
    // accessMethod Get: the page loads the app without a signed request; the app signs the user in itself.
    expect(
      (await deploy({ 'extlClntAppCanvasSettings/CQ_Test_canvas.ecaCanvas': canvas(undefined, 'Get') }))
        .status,
    ).toBe('Succeeded');
    const getPage = await http(sf.emu, `/lightning/r/Account/${accounts.records[0]?.Id ?? ''}/view`, {
      headers: { cookie },
    });
    expect(getPage.text).toContain(
      '<form id="canvas-form" method="get" action="https://forms.example.com/canvas"',
    );
    expect(getPage.text).not.toContain('signed_request');
    expect((await deploy({ 'extlClntAppCanvasSettings/CQ_Test_canvas.ecaCanvas': canvas() })).status).toBe(
      'Succeeded',
    );
  });
});

describe('new connected apps: refused in a 2026 org, allowed where Support enabled creation', () => {
  const APP = (label = 'CQ Legacy') =>
    `<?xml version="1.0" encoding="UTF-8"?><ConnectedApp ${NS}><contactEmail>admin@demo.org</contactEmail><label>${label}</label><oauthConfig><callbackUrl>${CALLBACK}</callbackUrl><isPkceRequired>true</isPkceRequired><isConsumerSecretOptional>true</isConsumerSecretOptional><scopes>Api</scopes></oauthConfig></ConnectedApp>`;

  it('a ConnectedApp deploy that would create one fails with the refusal; nothing is created', async () => {
    const result = await deploy({ 'connectedApps/CQ_Legacy.connectedApp': APP() });
    expect(result.status).toBe('Failed');
    expect(result.errorMessage).toBe(CONNECTED_APP_CREATION_REFUSED);
    const files = await retrieve([{ name: 'ConnectedApp', members: ['*'] }]);
    expect(Object.keys(files)).toEqual(['package.xml']);
  });

  it('with creation enabled it deploys; the existing app can then be edited after creation is off again', async () => {
    const on = await http(sf.emu, '/__emulator/connected-app-creation', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ allowed: true }),
    });
    expect(on.status).toBe(200);
    expect((await deploy({ 'connectedApps/CQ_Legacy.connectedApp': APP() })).status).toBe('Succeeded');
    await http(sf.emu, '/__emulator/connected-app-creation', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ allowed: false }),
    });
    // Existing connected apps keep working and can be edited; only creating one is refused.
    expect((await deploy({ 'connectedApps/CQ_Legacy.connectedApp': APP('CQ Legacy 2') })).status).toBe(
      'Succeeded',
    );
    expect((await deploy({ 'connectedApps/CQ_Other.connectedApp': APP() })).errorMessage).toBe(
      CONNECTED_APP_CREATION_REFUSED,
    );
    // The ECA and the built-in demo app still sign users in.
    const demo = await authorize({
      response_type: 'code',
      client_id: 'demo-client-id',
      redirect_uri: 'http://localhost:4000/callback',
    });
    expect(new URL(demo.location).searchParams.get('code')).toBeTruthy();
    const eca = await authorize(paramsOf(client(consumerKey)));
    expect(new URL(eca.location).searchParams.get('code')).toBeTruthy();
  });
});
