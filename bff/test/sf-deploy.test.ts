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
import { sfCli, type SfCli } from 'org-emulator/testing/sf-cli';
import { startEmulator } from './global-setup';
import { expectScoreRuleOnUnprefixedSubmit, okData } from './unprefixed-submit';
import {
  DEMO,
  Jar,
  freePort,
  go,
  passwordToken,
  signedIn,
  startBff,
  type Client,
  type RunningBff,
} from './helpers';

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

// Step 4 of salesforce/README.md: the connected app is metadata too. The admin edits its callback URLs
// and contact email, deploys it, reads the consumer key the org generated back with a retrieve, and
// gives it to the BFF as SF_CLIENT_ID. The BFF is a PKCE public client: no secret.
describe('the connected app deploys with sf; the BFF signs users in through it', () => {
  const APP = 'connected-app/main/default/connectedApps/CQ_Offline_Forms.connectedApp-meta.xml';
  let dir: string;
  let port: number;
  let consumerKey: string;
  const running: RunningBff[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'connected-app-'));
    cpSync(path.join(PROJECT, 'sfdx-project.json'), path.join(dir, 'sfdx-project.json'));
    cpSync(path.join(PROJECT, 'connected-app'), path.join(dir, 'connected-app'), { recursive: true });
    mkdirSync(path.join(dir, 'force-app'));
    port = await freePort();
  });
  afterAll(async () => {
    for (const b of running) await b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sf project deploy start --source-dir connected-app, with the callback URLs edited, succeeds', async () => {
    const file = path.join(dir, APP);
    const base = `http://127.0.0.1:${port}`;
    const source = readFileSync(file, 'utf8');
    // As shipped: the BFF's own callback paths on the default local port, one per line.
    const shipped = /<callbackUrl>([^<]*)<\/callbackUrl>/.exec(source)?.[1]?.split('\n');
    expect(shipped).toEqual(Object.values(AUTH_CALLBACK_PATHS).map((p) => `http://127.0.0.1:4000${p}`));
    writeFileSync(
      file,
      source
        .replaceAll('http://127.0.0.1:4000', base)
        .replace(
          '<contactEmail>admin@your.org</contactEmail>',
          '<contactEmail>admin@demo.org</contactEmail>',
        ),
    );
    const result = await sf.ok<{ status: string; files: Rec[] }>(
      ['project', 'deploy', 'start', '--source-dir', 'connected-app', '--wait', '2'],
      { cwd: dir },
    );
    expect(result.status).toBe('Succeeded');
    expect(result.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'ConnectedApp', fullName: 'CQ_Offline_Forms', state: 'Created' }),
      ]),
    );
  }, 120_000);

  it('sf project retrieve start --metadata ConnectedApp:CQ_Offline_Forms brings back the consumer key, never a secret', async () => {
    await sf.ok(['project', 'retrieve', 'start', '--metadata', 'ConnectedApp:CQ_Offline_Forms'], {
      cwd: dir,
    });
    const retrieved = readFileSync(path.join(dir, APP), 'utf8');
    consumerKey = /<consumerKey>([^<]+)<\/consumerKey>/.exec(retrieved)?.[1] ?? '';
    expect(consumerKey).toMatch(/^3MVG9\w{20,}$/);
    expect(retrieved).not.toContain('consumerSecret');
    expect(retrieved).toContain(`<callbackUrl>http://127.0.0.1:${port}/authSuccessCallback\n`);
  }, 120_000);

  it('the BFF with SF_CLIENT_ID=<consumer key> and no secret signs a field user in and lists forms', async () => {
    const bffOfApp = await startBff(
      emulator.url,
      { ...UNPREFIXED, SF_CLIENT_ID: consumerKey, SF_CLIENT_SECRET: '' },
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
});
