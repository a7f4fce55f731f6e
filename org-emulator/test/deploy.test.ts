import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ADMIN, http, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;
type DeployBody = { id: string; deployResult: Rec & { details: Rec | null } };

const sf = orgForFile({ deployMs: 100, orgId: '00D5g0000000002EAA', orgName: 'CQ Second Org' }, ADMIN);

const PACKAGE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Package xmlns="http://soap.sforce.com/2006/04/metadata"><types><members>*</members><name>LightningComponentBundle</name></types><version>62.0</version></Package>`;

function bundle(
  name: string,
  js = `import { LightningElement } from 'lwc';\nexport default class X extends LightningElement {}\n`,
) {
  return {
    [`lwc/${name}/${name}.js`]: strToU8(js),
    [`lwc/${name}/${name}.html`]: strToU8('<template><p>hi</p></template>'),
    [`lwc/${name}/${name}.js-meta.xml`]: strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><LightningComponentBundle xmlns="http://soap.sforce.com/2006/04/metadata"><apiVersion>62.0</apiVersion><isExposed>true</isExposed><masterLabel>${name}</masterLabel></LightningComponentBundle>`,
    ),
  };
}

async function deploy(files: Record<string, Uint8Array>): Promise<DeployBody> {
  const form = new FormData();
  form.append('json', JSON.stringify({ deployOptions: { rollbackOnError: true, singlePackage: true } }));
  form.append('file', new Blob([Buffer.from(zipSync(files))], { type: 'application/zip' }), 'deploy.zip');
  const res = await http(sf.emu, '/services/data/v62.0/metadata/deployRequest', {
    method: 'POST',
    body: form,
    token: sf.token,
  });
  expect(res.status).toBe(201);
  return res.body as DeployBody;
}

async function poll(id: string): Promise<DeployBody> {
  for (let i = 0; i < 100; i++) {
    const res = await http(sf.emu, `/services/data/v62.0/metadata/deployRequest/${id}?includeDetails=true`, {
      token: sf.token,
    });
    expect(res.status).toBe(200);
    const body = res.body as DeployBody;
    if (body.deployResult.done === true) return body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('deploy never finished');
}

describe('metadata deployRequest', () => {
  it('runs a deploy asynchronously and creates the bundle and its resources in the Tooling API', async () => {
    const started = await deploy({ 'package.xml': strToU8(PACKAGE_XML), ...bundle('cqDeployOne') });
    expect(started.deployResult.status).toBe('Pending');
    expect(started.deployResult.done).toBe(false);
    const done = await poll(started.id);
    expect(done.deployResult).toMatchObject({
      status: 'Succeeded',
      success: true,
      numberComponentsDeployed: 1,
    });
    const bundles = await sf.conn.tooling.query<Rec>(
      "SELECT Id, DeveloperName, ApiVersion, IsExposed FROM LightningComponentBundle WHERE DeveloperName = 'cqDeployOne'",
    );
    expect(bundles.records[0]).toMatchObject({
      DeveloperName: 'cqDeployOne',
      ApiVersion: 62,
      IsExposed: true,
    });
    const resources = await sf.conn.tooling.query<Rec>(
      `SELECT FilePath, Format FROM LightningComponentResource WHERE LightningComponentBundleId = '${String(bundles.records[0]?.Id)}'`,
    );
    expect(resources.records.map((r) => r.FilePath).sort()).toEqual([
      'lwc/cqDeployOne/cqDeployOne.html',
      'lwc/cqDeployOne/cqDeployOne.js',
      'lwc/cqDeployOne/cqDeployOne.js-meta.xml',
    ]);
    // A second deploy replaces the file set and reports a change, not a creation.
    const again = await poll(
      (await deploy({ 'package.xml': strToU8(PACKAGE_XML), ...bundle('cqDeployOne') })).id,
    );
    const successes = (again.deployResult.details?.componentSuccesses ?? []) as Rec[];
    expect(successes[0]).toMatchObject({ fullName: 'cqDeployOne', created: false, changed: true });
  });

  it('fails a bundle whose name or references do not compile, all or nothing', async () => {
    const files = {
      'package.xml': strToU8(PACKAGE_XML),
      ...bundle('cqGood'),
      ...bundle('cqBroken', `import Base from 'c/cqMissingBase';\nexport default class B extends Base {}\n`),
    };
    const done = await poll((await deploy(files)).id);
    expect(done.deployResult).toMatchObject({ status: 'Failed', success: false });
    const failures = (done.deployResult.details?.componentFailures ?? []) as Rec[];
    expect(failures[0]?.problem).toBe('Invalid reference c/cqMissingBase of type module in file cqBroken.js');
    const bundles = await sf.conn.tooling.query<Rec>(
      "SELECT Id FROM LightningComponentBundle WHERE DeveloperName = 'cqGood'",
    );
    expect(bundles.totalSize).toBe(0);
    const badName = await poll(
      (await deploy({ 'package.xml': strToU8(PACKAGE_XML), ...bundle('Bad__Name') })).id,
    );
    expect(String(badName.deployResult.errorMessage)).toMatch(/must begin with a lowercase letter/);
  });

  it('fails deploys with an injected problem and answers an injected error code', async () => {
    await http(sf.emu, '/__emulator/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deployProblem: 'Injected: compiler unavailable', times: 1 }),
    });
    const failed = await poll((await deploy({ 'package.xml': strToU8(PACKAGE_XML), ...bundle('cqX') })).id);
    expect(failed.deployResult.errorMessage).toBe('Injected: compiler unavailable');
    const ok = await poll((await deploy({ 'package.xml': strToU8(PACKAGE_XML), ...bundle('cqX') })).id);
    expect(ok.deployResult.status).toBe('Succeeded');
    await http(sf.emu, '/__emulator/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        errorRate: 1,
        errorStatus: 400,
        errorCode: 'FIELD_INTEGRITY_EXCEPTION',
        errorMessage: 'Odd failure',
        pathPattern: 'deployRequest$',
      }),
    });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(zipSync(bundle('cqY')))]), 'deploy.zip');
    const res = await http(sf.emu, '/services/data/v62.0/metadata/deployRequest', {
      method: 'POST',
      body: form,
      token: sf.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: 'Odd failure', errorCode: 'FIELD_INTEGRITY_EXCEPTION' }]);
    await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
  });

  it('refuses a body that is not a zip with a 4xx', async () => {
    const form = new FormData();
    form.append('file', new Blob(['not a zip']), 'deploy.zip');
    const res = await http(sf.emu, '/services/data/v62.0/metadata/deployRequest', {
      method: 'POST',
      body: form,
      token: sf.token,
    });
    expect(res.status).toBe(400);
    const missing = await http(sf.emu, '/services/data/v62.0/metadata/deployRequest/0Af000000000000AAA', {
      token: sf.token,
    });
    expect(missing.status).toBe(404);
  });

  it('runs as another org when given an org id and name', async () => {
    const org = await sf.conn.query<Rec>('SELECT Id, Name FROM Organization');
    expect(org.records[0]).toMatchObject({ Id: '00D5g0000000002EAA', Name: 'CQ Second Org' });
    const impl = await sf.conn.tooling.query<Rec>(
      "SELECT ClassName FROM ApexTypeImplementor WHERE InterfaceName = 'SQX_DynamicFilter' ORDER BY ClassName",
    );
    expect(impl.records.map((r) => r.ClassName)).toEqual(['CQ_AccountSiteFilter', 'CQ_OpenTaskFilter']);
  });
});
