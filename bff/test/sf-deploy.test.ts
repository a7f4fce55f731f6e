// A new user's path to a real org, proven on a bare emulated org (`--seed none`: standard objects only):
// `sf project deploy start --source-dir force-app` of the repository's salesforce/ project creates the
// package's schema, then the product (this BFF) signs a field user in and submits a form against it,
// and the org's submit processing refuses data that breaks the main object's rule.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CALLBACK_PATHS } from 'shared-contracts';
import { CONNECTED_APP_CREATION_REFUSED } from 'org-emulator';
import { sfCli, type SfCli } from 'org-emulator/testing/sf-cli';
import { startEmulator } from './global-setup';
import { freePort } from 'test-kit/system';
import { expectScoreRuleOnUnprefixedSubmit, okData } from './unprefixed-submit';
import { Client, DEMO, Jar, go, passwordToken, signedIn, startBff, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../salesforce');

/** The README's step 5 for a project deployed with `sf`: no namespace prefix. */
const UNPREFIXED = { SF_NAMESPACE: '' };
let emulator: { url: string; child: ChildProcess };
let bff: RunningBff;
let sf: SfCli;

beforeAll(async () => {
  // A customer's org has no namespace: the project deploys unprefixed and the BFF runs with SF_NAMESPACE=''.
  emulator = await startEmulator(['--seed', 'none', '--namespace', '', '--deploy-ms', '100']);
  bff = await startBff(emulator.url, UNPREFIXED);
  sf = sfCli();
  await sf.login(emulator.url, await passwordToken(emulator.url, DEMO.admin));
}, 120_000);
afterAll(async () => {
  await sf?.dispose();
  await bff?.close();
  emulator?.child.kill('SIGTERM');
});

describe('deploy salesforce/ to a bare org, then use the product against it', () => {
  it('before the deploy the org has none of the package: the product cannot list forms', async () => {
    const c = await signedIn(bff.base);
    const r = await c.get('/api/forms');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('sf project deploy start --source-dir force-app succeeds', async () => {
    const result = await sf.ok<{ status: string; success: boolean }>(
      ['project', 'deploy', 'start', '--source-dir', 'force-app', '--wait', '2'],
      { cwd: PROJECT },
    );
    expect(result).toMatchObject({ status: 'Succeeded', success: true });
  }, 120_000);

  it('sf org assign permset gives the field user CQ_Field_User (README step 3); without it the org hides the package', async () => {
    const c = await signedIn(bff.base);
    expect((await c.get('/api/forms')).status).toBe(400);
    const result = await sf.ok<{ successes: { name: string; value: string }[] }>([
      'org',
      'assign',
      'permset',
      '--name',
      'CQ_Field_User',
      '--on-behalf-of',
      DEMO.field,
    ]);
    expect(result.successes).toEqual([{ name: DEMO.field, value: 'CQ_Field_User' }]);
  });

  it('a field user signs in, sees the form an admin made and submits it; the org holds the data to its rules', async () => {
    const token = await passwordToken(emulator.url, DEMO.admin);
    const created = await fetch(`${emulator.url}/services/data/v62.0/sobjects/SQX_Form_Definition__c`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Name: 'FORM-0001',
        Title__c: 'Site Inspection',
        Object_Type__c: 'SQX_Inspection__c',
        Status__c: 'Active',
        Supports_Offline__c: true,
      }),
    });
    expect(created.status).toBe(201);
    const formId = String(((await created.json()) as Rec).id);
    const c: Client = await signedIn(bff.base);
    const forms = (await okData(c.get('/api/forms'))) as Rec[];
    expect(forms.map((f) => f.Id)).toContain(formId);
    await expectScoreRuleOnUnprefixedSubmit(c, formId, 'FORM-0001 - Site Inspection');
  });

  it('a template downloaded as src.zip deploys with sf project deploy start --metadata-dir', async () => {
    const admin = await signedIn(bff.base, DEMO.admin);
    const r = await fetch(`${bff.base}/api/templates/download/cqSiteForm/cqFormTemplate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'cq',
        origin: bff.base,
        cookie: admin.jar.header(bff.base) ?? '',
      },
      body: JSON.stringify({
        template: 'cqFormTemplate',
        payload: {
          form: {
            cqFormType: 'SQX_Inspection__c',
            schema: {
              properties: {
                General: { type: 'object', properties: { CQ_Weather: { type: 'string', title: 'Weather' } } },
              },
            },
            ui: {
              type: 'VerticalLayout',
              elements: [
                {
                  type: 'Section',
                  label: 'Site',
                  elements: [{ type: 'Control', scope: '#/properties/General/properties/CQ_Weather' }],
                },
              ],
            },
          },
          options: { formId: 'a0F5g0000000001AAA', formName: 'FORM-0001', label: 'Site Inspection' },
        },
      }),
    });
    expect(r.status).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'src-zip-'));
    try {
      writeFileSync(path.join(dir, 'src.zip'), Buffer.from(await r.arrayBuffer()));
      const result = await sf.ok<{ status: string; files: Rec[] }>(
        ['project', 'deploy', 'start', '--metadata-dir', 'src.zip', '--single-package', '--wait', '2'],
        { cwd: dir },
      );
      expect(result.status).toBe('Succeeded');
      const token = await passwordToken(emulator.url, DEMO.admin);
      const q = await fetch(
        `${emulator.url}/services/data/v62.0/tooling/query?q=${encodeURIComponent(
          'SELECT DeveloperName FROM LightningComponentBundle ORDER BY DeveloperName',
        )}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const names = (((await q.json()) as Rec).records as Rec[]).map((b) => b.DeveloperName);
      expect(names).toEqual(expect.arrayContaining(['cqFormBase', 'cqSiteForm']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

// Step 4 of salesforce/README.md: the OAuth client is an External Client App (a 2026 org refuses to create a
// connected app). The admin edits its callback URLs, canvas URL and contact email, deploys it, reads the
// consumer key the org generated back with a retrieve, and gives it to the BFF as SF_CLIENT_ID. The BFF is
// a PKCE public client: no secret. The canvas plugin makes the org's record pages host the BFF, whose
// signed request the BFF checks with the app's consumer secret (SF_CANVAS_SECRET).
describe('the External Client App deploys with sf; the BFF signs users in and runs as its canvas app', () => {
  const ECA = 'external-client-app/main/default';
  const GLOBAL = `${ECA}/extlClntAppGlobalOauthSets/CQ_Offline_Forms_glbloauth.ecaGlblOauth-meta.xml`;
  const CANVAS = `${ECA}/extlClntAppCanvasSettings/CQ_Offline_Forms_canvas.ecaCanvas-meta.xml`;
  const HEADER = `${ECA}/externalClientApps/CQ_Offline_Forms.eca-meta.xml`;
  /** The consumer secret the admin reads in Setup; here set in the deployed copy (README, step 4). */
  const CANVAS_SECRET = 'canvas-secret-of-this-test-0123456789';
  let dir: string;
  let port: number;
  let base: string;
  let consumerKey: string;
  const running: RunningBff[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'external-client-app-'));
    cpSync(path.join(PROJECT, 'sfdx-project.json'), path.join(dir, 'sfdx-project.json'));
    cpSync(path.join(PROJECT, 'external-client-app'), path.join(dir, 'external-client-app'), {
      recursive: true,
    });
    mkdirSync(path.join(dir, 'force-app'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const b of running) await b.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const edit = (file: string, change: (text: string) => string): void =>
    writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));

  it('sf project deploy start --source-dir external-client-app, with the URLs edited, creates the app and its plugins', async () => {
    const source = readFileSync(path.join(dir, GLOBAL), 'utf8');
    // As shipped: the BFF's own callback paths on the default local port, one per line.
    const shipped = /<callbackUrl>([^<]*)<\/callbackUrl>/.exec(source)?.[1]?.split('\n');
    expect(shipped).toEqual(Object.values(AUTH_CALLBACK_PATHS).map((p) => `http://127.0.0.1:4000${p}`));
    edit(GLOBAL, (t) =>
      t
        .replaceAll('http://127.0.0.1:4000', base)
        .replace('</callbackUrl>', `</callbackUrl>\n    <consumerSecret>${CANVAS_SECRET}</consumerSecret>`),
    );
    edit(CANVAS, (t) => t.replace('http://127.0.0.1:4000', base));
    edit(HEADER, (t) => t.replace('admin@your.org', 'admin@demo.org'));
    const result = await sf.ok<{ status: string; files: Rec[] }>(
      ['project', 'deploy', 'start', '--source-dir', 'external-client-app', '--wait', '2'],
      { cwd: dir },
    );
    expect(result.status).toBe('Succeeded');
    const created = result.files
      .filter((f) => f.state === 'Created')
      .map((f) => `${String(f.type)}:${String(f.fullName)}`);
    expect(created.sort()).toEqual([
      'ExternalClientApplication:CQ_Offline_Forms',
      'ExtlClntAppCanvasSettings:CQ_Offline_Forms_canvas',
      'ExtlClntAppGlobalOauthSettings:CQ_Offline_Forms_glbloauth',
      'ExtlClntAppOauthConfigurablePolicies:CQ_Offline_Forms_oauthPlcy',
      'ExtlClntAppOauthSettings:CQ_Offline_Forms_oauth',
    ]);
  }, 120_000);

  it('sf project retrieve start --metadata ExtlClntAppGlobalOauthSettings:CQ_Offline_Forms_glbloauth brings back the consumer key, never a secret', async () => {
    await sf.ok(
      [
        'project',
        'retrieve',
        'start',
        '--metadata',
        'ExtlClntAppGlobalOauthSettings:CQ_Offline_Forms_glbloauth',
      ],
      { cwd: dir },
    );
    const retrieved = readFileSync(path.join(dir, GLOBAL), 'utf8');
    consumerKey = /<consumerKey>([^<]+)<\/consumerKey>/.exec(retrieved)?.[1] ?? '';
    expect(consumerKey).toMatch(/^3MVG9\w{20,}$/);
    expect(retrieved).not.toContain('consumerSecret');
    expect(retrieved).not.toContain(CANVAS_SECRET);
    expect(retrieved).toContain(`<callbackUrl>${base}/authSuccessCallback\n`);
  }, 120_000);

  it('the BFF with SF_CLIENT_ID=<consumer key> and no secret signs a field user in and lists forms', async () => {
    const bffOfApp = await startBff(
      emulator.url,
      { ...UNPREFIXED, SF_CLIENT_ID: consumerKey, SF_CLIENT_SECRET: '', SF_CANVAS_SECRET: CANVAS_SECRET },
      undefined,
      port,
    );
    running.push(bffOfApp);
    const c = await signedIn(bffOfApp.base);
    const forms = (await okData(c.get('/api/forms'))) as Rec[];
    expect(forms.map((f) => f.Name)).toContain('FORM-0001');
  });

  it('a BFF at a URL the app does not list is refused by the org: redirect_uri_mismatch', async () => {
    const elsewhere = await startBff(emulator.url, {
      ...UNPREFIXED,
      SF_CLIENT_ID: consumerKey,
      SF_CLIENT_SECRET: '',
    });
    running.push(elsewhere);
    const jar = new Jar();
    const start = await go(jar, `${elsewhere.base}/api/auth/login?loginUrl=production`);
    expect(start.status).toBe(302);
    const authorize = await go(jar, start.headers.get('location') ?? '');
    expect(authorize.status).toBe(400);
    expect(await authorize.text()).toContain('error=redirect_uri_mismatch');
  });

  it("the org's record page hosts the BFF through the canvas plugin: its signed request starts a session there", async () => {
    // The field user, signed in to the org in a browser, opens a form definition's record page.
    const org = new Jar();
    const login = await go(org, `${emulator.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: DEMO.field, password: DEMO.password, startURL: '/' }).toString(),
    });
    expect(login.status).toBe(302);
    const token = await passwordToken(emulator.url, DEMO.admin);
    const q = await fetch(
      `${emulator.url}/services/data/v62.0/query?q=${encodeURIComponent("SELECT Id FROM SQX_Form_Definition__c WHERE Name = 'FORM-0001'")}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const formId = String((((await q.json()) as Rec).records as Rec[])[0]?.Id);
    const page = await go(org, `${emulator.url}/lightning/r/SQX_Form_Definition__c/${formId}/view`);
    const html = await page.text();
    expect(html).toContain(`action="${base}/canvas"`);
    const signed = /name="signed_request" value="([^"]+)"/.exec(html)?.[1] ?? '';
    // What the page's form POSTs into the frame, to the BFF the canvas settings name.
    const jar = new Jar();
    const res = await go(jar, `${base}/canvas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emulator.url },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    expect(res.status).toBe(303);
    const embedded = new Client(base, jar);
    const forms = (await okData(embedded.get('/api/forms'))) as Rec[];
    expect(forms.map((f) => f.Name)).toContain('FORM-0001');
  });
});

// The same org refuses what the guide used to do: deploy a new ConnectedApp. Where Salesforce Support has
// enabled creation (modelled by the emulator's test control, as `--allow-connected-app-creation` at start),
// the same deploy succeeds.
describe('a new ConnectedApp: refused by a 2026 org, accepted once Support enabled creation', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'connected-app-'));
    cpSync(path.join(PROJECT, 'sfdx-project.json'), path.join(dir, 'sfdx-project.json'));
    mkdirSync(path.join(dir, 'external-client-app'));
    const apps = path.join(dir, 'force-app/main/default/connectedApps');
    mkdirSync(apps, { recursive: true });
    writeFileSync(
      path.join(apps, 'CQ_Legacy_Forms.connectedApp-meta.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<ConnectedApp xmlns="http://soap.sforce.com/2006/04/metadata">
    <contactEmail>admin@demo.org</contactEmail>
    <label>CQ Legacy Forms</label>
    <oauthConfig>
        <callbackUrl>http://127.0.0.1:4000/authSuccessCallback</callbackUrl>
        <isConsumerSecretOptional>true</isConsumerSecretOptional>
        <isPkceRequired>true</isPkceRequired>
        <scopes>Api</scopes>
    </oauthConfig>
</ConnectedApp>
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const deploy = () =>
    sf.run<{ status: string; files: Rec[] }>(
      ['project', 'deploy', 'start', '--source-dir', 'force-app', '--wait', '2'],
      {
        cwd: dir,
      },
    );

  it('sf project deploy start fails with the refusal', async () => {
    const run = await deploy();
    expect(run.json.status).not.toBe(0);
    expect(JSON.stringify(run.json)).toContain(JSON.stringify(CONNECTED_APP_CREATION_REFUSED).slice(1, -1));
  }, 120_000);

  it('with creation enabled by Support the same deploy succeeds', async () => {
    const on = await fetch(`${emulator.url}/__emulator/connected-app-creation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ allowed: true }),
    });
    expect(on.status).toBe(200);
    const run = await deploy();
    expect(run.json.status).toBe(0);
    expect(run.json.result?.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'ConnectedApp', fullName: 'CQ_Legacy_Forms', state: 'Created' }),
      ]),
    );
  }, 120_000);
});
