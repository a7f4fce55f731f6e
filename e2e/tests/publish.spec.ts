import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import fs from 'node:fs';
import {
  baseClassNameConfirm,
  componentEqualsBaseClass,
  componentExistsConfirm,
  PUBLISH_MESSAGES,
} from 'shared-contracts';
import * as launcher from '../../scripts/system.mjs';
import { DEMO_PASSWORD, signInAtOrg } from '../support/auth';
import { freePort, freeSystemPorts, startSystem, type Proc, type RunningSystem } from '../support/system';

// Issue 10, publishing templates, in Chromium against two running emulated orgs: the system's org and a
// second org (own process, port and org id). Publish to the first, sign in to the second and publish
// there, download src.zip, and each publish error path through the emulator's fault injection.

const startEmulator = (
  launcher as unknown as {
    startEmulator(port: number, o: { quiet?: boolean; extraArgs?: string[] }): Promise<Proc>;
  }
).startEmulator;

let system: RunningSystem;
let org2: Proc;
let org2Url = '';
const org1Url = () => `http://127.0.0.1:${system.ports.emulator}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port2 = await freePort();
  org2Url = `http://127.0.0.1:${port2}`;
  [system, org2] = await Promise.all([
    startSystem({
      ports: await freeSystemPorts(),
      quiet: true,
      emulatorArgs: ['--test-control', '--deploy-ms', '300'],
    }),
    startEmulator(port2, {
      quiet: true,
      extraArgs: [
        '--test-control',
        '--deploy-ms',
        '300',
        '--org-id',
        '00D5g0000000002EAA',
        '--org-name',
        'CQ Second Org',
      ],
    }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([system?.stop(), org2?.stop()]);
});

async function faults(config: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(`${org1Url()}/__emulator/faults`, {
    method: config ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    ...(config ? { body: JSON.stringify(config) } : {}),
  });
  expect(res.status).toBe(200);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('[data-remote="mfe-builder"]').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signed in as the admin, on /templateConfiguration for FORM-0001 and the form template. */
async function openConfiguration(page: Page, axe = false): Promise<void> {
  await signInAtOrg(page, system.url, 'admin@demo.org');
  const forms = await page.evaluate(async () => {
    const r = await fetch('/api/forms', { credentials: 'same-origin' });
    return ((await r.json()) as { data: { Id: string; Name: string }[] }).data;
  });
  const form = forms.find((f) => f.Name === 'FORM-0001');
  expect(form).toBeDefined();
  await page.goto(`${system.url}/templates?recordId=${form?.Id ?? ''}`);
  const card = page.getByRole('article', { name: 'Form on a record page' });
  await expect(card).toBeVisible();
  await expect(card.getByText('<name>.js-meta.xml')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Launch button' })).toBeVisible();
  if (axe) expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Configure Form on a record page' }).click();
  await expect(page).toHaveURL(/\/templateConfiguration\?template=cqFormTemplate&recordId=/);
  await expect(page.getByRole('heading', { name: 'Template configuration' })).toBeVisible();
  await expect(page.getByLabel('Developer name')).toHaveValue('cqui');
  await expect(page.getByLabel('Object', { exact: true })).toHaveValue('cqext__SQX_Inspection__c');
  if (axe) {
    await expect(page.getByTestId('base-class')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
}

const outcome = (page: Page) => page.getByTestId('publish-outcome');
const publishButton = (page: Page) => page.getByRole('button', { name: 'Publish to this org' });

test('publish to this org, confirm the overwrite, download src.zip, then publish to a second org', async ({
  page,
}) => {
  await openConfiguration(page, true);
  // Options come from the org: flows with the CQ prefix, dynamic-filter classes, the base class state.
  await expect(page.getByLabel('Auto-launched flow after save').locator('option')).toHaveText([
    'None',
    'CQ Create Follow-ups',
    'CQ Submit Inspection',
  ]);
  await page.getByLabel('Auto-launched flow after save').selectOption('CQ_Submit_Inspection');
  await page.getByLabel('Dynamic filter class').selectOption('CQ_AccountSiteFilter');
  await page.getByRole('radio', { name: 'Edit' }).check({ force: true });
  await expect(page.getByTestId('base-class')).toContainText('Deployed with the component');

  await publishButton(page).click();
  await expect(outcome(page)).toContainText('cqui was published to CQ Demo Org.');
  await expect(page.getByTestId('base-class')).toContainText('In the org');

  await publishButton(page).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(componentExistsConfirm('cqui'));
  await dialog.getByRole('button', { name: 'Overwrite' }).click();
  await expect(outcome(page)).toContainText('cqui was published to CQ Demo Org.');

  // The org now holds the bundle the deploy created (Tooling API, through the BFF).
  const pkg = await page.evaluate(async (instanceUrl) => {
    const r = await fetch('/api/sf/retrievePackage', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'cq' },
      body: JSON.stringify({ instanceUrl, developerName: 'cqui' }),
    });
    return (
      (await r.json()) as { data: { exists: boolean; resources: { FilePath: string; Source: string }[] } }
    ).data;
  }, org1Url());
  expect(pkg.exists).toBe(true);
  const meta = pkg.resources.find((r) => r.FilePath === 'lwc/cqui/cqui.js-meta.xml');
  expect(meta?.Source).toContain('<target>lightning__RecordAction</target>');

  await page.getByRole('radio', { name: 'Download (src.zip)' }).check({ force: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download src.zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('src.zip');
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path()) ?? '')));
  expect(Object.keys(files).sort()).toEqual([
    'lwc/cqFormBase/cqFormBase.js',
    'lwc/cqFormBase/cqFormBase.js-meta.xml',
    'lwc/cqui/cqui.css',
    'lwc/cqui/cqui.html',
    'lwc/cqui/cqui.js',
    'lwc/cqui/cqui.js-meta.xml',
    'lwc/cqui/formDefinition.js',
    'package.xml',
  ]);
  const definition = strFromU8(files['lwc/cqui/formDefinition.js'] ?? new Uint8Array());
  expect(definition).toContain('"CQ_Submit_Inspection"');
  // The form's own sections and fields are in the component (not an empty shell).
  expect(definition).toMatch(/"sections": \[\s*\{/);
  expect(definition).toContain('"objectField": true');

  // Another org: sign in through /authOtherOrgSuccessCallback (custom domain = the second org), come back
  // to the same configuration, publish there.
  await page.getByRole('radio', { name: 'Another org' }).check({ force: true });
  await expect(page.getByTestId('other-org')).toContainText('Not signed in to another org yet.');
  await page.getByLabel('Login URL').selectOption('custom');
  await page.getByLabel('Custom domain', { exact: true }).fill(org2Url);
  await page.getByRole('button', { name: 'Sign in to the other org' }).click();
  await page.waitForURL(new RegExp(`^${org2Url}/`));
  await page.getByLabel('Username').fill('admin@demo.org');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  const allow = page.getByRole('button', { name: 'Allow' });
  await page.waitForURL(/authOtherOrgSuccessCallback|consent|authorize/);
  if (await allow.isVisible().catch(() => false)) await allow.click();
  await page.waitForURL(`${system.url}/templateConfiguration`);
  await expect(page.getByTestId('other-org')).toContainText(`Signed in to ${org2Url} as admin@demo.org`);
  await expect(page.getByRole('radio', { name: 'Another org' })).toBeChecked();
  await expect(page.getByLabel('Dynamic filter class')).toHaveValue('CQ_AccountSiteFilter');
  await page.getByRole('button', { name: 'Publish to the other org' }).click();
  await expect(outcome(page)).toContainText('cqui was published to CQ Second Org.');
  // The main session is untouched: this org still works.
  await page.getByRole('radio', { name: 'This org' }).check({ force: true });
  await publishButton(page).click();
  await expect(page.getByRole('alertdialog')).toContainText(componentExistsConfirm('cqui'));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
});

test('every publish error path, by its exact text', async ({ page }) => {
  await openConfiguration(page);
  const name = page.getByLabel('Developer name');

  await name.fill('cqFormBase');
  await publishButton(page).click();
  await expect(outcome(page)).toContainText(componentEqualsBaseClass('cqFormBase'));

  await name.fill('cqformbase');
  await publishButton(page).click();
  await expect(page.getByRole('alertdialog')).toContainText(baseClassNameConfirm('cqformbase'));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await name.fill('cqFailing');
  await faults({ deployProblem: 'Injected: the LWC compiler is unavailable' });
  await publishButton(page).click();
  await expect(outcome(page)).toContainText('Package deployment failed');
  await expect(outcome(page)).toContainText('Injected: the LWC compiler is unavailable');

  await name.fill('cqStatus');
  await faults({ errorRate: 1, errorStatus: 500, pathPattern: 'deployRequest/0Af', methods: ['GET'] });
  await publishButton(page).click();
  await expect(outcome(page)).toContainText(PUBLISH_MESSAGES.deployStatusUnknown);

  await name.fill('cqOdd');
  await faults({
    errorRate: 1,
    errorStatus: 400,
    errorCode: 'FIELD_INTEGRITY_EXCEPTION',
    errorMessage: 'Metadata API is disabled',
    pathPattern: 'deployRequest$',
    methods: ['POST'],
  });
  await publishButton(page).click();
  await expect(outcome(page)).toContainText(
    `${PUBLISH_MESSAGES.unknownPublishErrorPrefix}Metadata API is disabled`,
  );
  await faults(null);
});
