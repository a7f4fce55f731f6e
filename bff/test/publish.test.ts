// Publishing over HTTP against two emulated orgs (separate processes, own org ids): the main org and the
// other org signed in beside it. Faults are injected into these private emulators only.
import type { ChildProcess } from 'node:child_process';
import { strFromU8, unzipSync } from 'fflate';
import {
  baseClassNameConfirm,
  componentEqualsBaseClass,
  componentExistsConfirm,
  PUBLISH_MESSAGES,
} from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, stop } from './global-setup';
import { DEMO, login, signedIn, startBff, type Client, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
let org1: { url: string; child: ChildProcess };
let org2: { url: string; child: ChildProcess };
let bff: RunningBff;
let admin: Client;

const FORM = {
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    properties: {
      General: { type: 'object', properties: { CQ_Form_Weather: { type: 'string', title: 'Weather' } } },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        label: 'Site',
        elements: [{ type: 'Control', scope: '#/properties/General/properties/CQ_Form_Weather' }],
      },
    ],
  },
};
const body = (extra: Rec = {}) => ({
  template: 'cqFormTemplate',
  payload: {
    form: FORM,
    options: {
      formId: 'a0F5g0000000001AAA',
      formName: 'FORM-0001',
      label: 'Site Inspection',
      actionOverride: 'Edit',
      afterSaveFlow: 'CQ_Submit_Inspection',
    },
  },
  ...extra,
});

async function faults(url: string, config: Rec | null): Promise<void> {
  const res = await fetch(`${url}/__emulator/faults`, {
    method: config ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    ...(config ? { body: JSON.stringify(config) } : {}),
  });
  expect(res.status).toBe(200);
}

const failure = (r: { status: number; json: unknown }) =>
  r.json as { success: false; messages: string[]; errorType: string; errorCode: string; details?: Rec };

beforeAll(async () => {
  [org1, org2] = await Promise.all([
    startEmulator(['--deploy-ms', '150']),
    startEmulator(['--deploy-ms', '150', '--org-id', '00D5g0000000002EAA', '--org-name', 'CQ Second Org']),
  ]);
  bff = await startBff(org1.url);
  admin = await signedIn(bff.base, DEMO.admin);
});
afterAll(async () => {
  await bff?.close();
  await Promise.all([org1 && stop(org1.child), org2 && stop(org2.child)]);
});

describe('template lists and options', () => {
  it('lists templates with what they generate, dynamic-filter classes and the base class state', async () => {
    const templates = admin.data<Rec[]>(await admin.get('/api/templates/getTemplates/all'));
    expect(templates.map((t) => t.name)).toEqual(['cqFormTemplate', 'cqLauncherTemplate']);
    expect(templates[0]?.generates).toContain('<name>.js-meta.xml');
    expect(admin.data<Rec[]>(await admin.get('/api/templates/getTemplates/launcher')).length).toBe(1);
    const classes = admin.data<Rec[]>(
      await admin.post('/api/sf/getComponent', {
        instanceUrl: org1.url,
        interfaceName: 'cqext.SQX_DynamicFilter',
      }),
    );
    expect(classes.map((c) => c.Name)).toEqual(['CQ_AccountSiteFilter', 'CQ_OpenTaskFilter']);
    const base = admin.data<Rec>(
      await admin.post('/api/sf/getDefaultBaseClassJSON', { instanceUrl: org1.url }),
    );
    expect(base).toMatchObject({ name: 'cqFormBase', inOrg: false });
  });
});

describe('publish to this org', () => {
  it('deploys the component and its base class, then asks before overwriting', async () => {
    const r = await admin.post('/api/templates/publish/cqui/cqFormTemplate', body());
    expect(r.status, r.text).toBe(200);
    expect(admin.data<Rec>(r)).toMatchObject({
      developerName: 'cqui',
      created: true,
      status: 'Succeeded',
      warning: null,
      orgName: 'CQ Demo Org',
      components: ['cqui', 'cqFormBase'],
    });
    const pkg = admin.data<{ exists: boolean; resources: Rec[] }>(
      await admin.post('/api/sf/retrievePackage', { instanceUrl: org1.url }),
    );
    expect(pkg.exists).toBe(true);
    expect(pkg.resources.map((x) => x.FilePath).sort()).toEqual([
      'lwc/cqui/cqui.css',
      'lwc/cqui/cqui.html',
      'lwc/cqui/cqui.js',
      'lwc/cqui/cqui.js-meta.xml',
      'lwc/cqui/formDefinition.js',
    ]);
    expect(
      admin.data<Rec>(await admin.post('/api/sf/getDefaultBaseClassJSON', { instanceUrl: org1.url })).inOrg,
    ).toBe(true);

    const again = await admin.post('/api/templates/publish/cqui/cqFormTemplate', body());
    expect(again.status).toBe(409);
    expect(failure(again)).toMatchObject({
      errorType: 'component exists',
      messages: [componentExistsConfirm('cqui')],
      // the name apart, so the screen words the question in its user's language (issue 44)
      errorCode: 'COMPONENT_EXISTS',
      params: { name: 'cqui' },
    });
    const over = await admin.post('/api/templates/publish/cqui/cqFormTemplate', body({ overwrite: true }));
    expect(admin.data<Rec>(over)).toMatchObject({
      created: false,
      status: 'Succeeded',
      components: ['cqui'],
    });
  });

  it('refuses the base class name and confirms a name matching it', async () => {
    const equal = await admin.post('/api/templates/publish/cqFormBase/cqFormTemplate', body());
    expect(equal.status).toBe(400);
    expect(failure(equal)).toMatchObject({
      errorType: 'component equals base class',
      messages: [componentEqualsBaseClass('cqFormBase')],
      errorCode: 'COMPONENT_EQUALS_BASE_CLASS',
      params: { name: 'cqFormBase' },
    });
    const match = await admin.post('/api/templates/publish/cqformbase/cqFormTemplate', body());
    expect(match.status).toBe(409);
    expect(failure(match)).toMatchObject({
      errorType: 'base class name',
      messages: [baseClassNameConfirm('cqformbase')],
      errorCode: 'BASE_CLASS_NAME',
      params: { name: 'cqformbase' },
    });
    const bad = await admin.post('/api/templates/publish/Bad__Name/cqFormTemplate', body());
    expect(bad.status).toBe(400);
    expect(failure(bad).messages).toEqual([PUBLISH_MESSAGES.invalidComponentName]);
  });

  it('classifies deploy failures, unreadable status and unknown org errors', async () => {
    await faults(org1.url, { deployProblem: 'Injected: LWC compiler unavailable' });
    const failed = await admin.post('/api/templates/publish/cqFailed/cqFormTemplate', body());
    expect(failed.status).toBe(422);
    expect(failure(failed)).toMatchObject({
      errorType: 'deploy failed',
      messages: ['Package deployment failed'],
    });
    expect(JSON.stringify(failure(failed).details)).toContain('Injected: LWC compiler unavailable');

    await faults(org1.url, {
      errorRate: 1,
      errorStatus: 500,
      pathPattern: 'deployRequest/0Af',
      methods: ['GET'],
    });
    const unknown = await admin.post('/api/templates/publish/cqStatus/cqFormTemplate', body());
    expect(unknown.status).toBe(200);
    expect(admin.data<Rec>(unknown)).toMatchObject({
      status: 'Unknown',
      warning: PUBLISH_MESSAGES.deployStatusUnknown,
    });

    await faults(org1.url, {
      errorRate: 1,
      errorStatus: 400,
      errorCode: 'FIELD_INTEGRITY_EXCEPTION',
      errorMessage: 'Metadata API is disabled',
      pathPattern: 'deployRequest$',
      methods: ['POST'],
    });
    const odd = await admin.post('/api/templates/publish/cqOdd/cqFormTemplate', body());
    expect(odd.status).toBe(422);
    expect(failure(odd)).toMatchObject({
      errorType: 'unknown publish error',
      messages: [`${PUBLISH_MESSAGES.unknownPublishErrorPrefix}Metadata API is disabled`],
    });

    await faults(org1.url, {
      errorRate: 1,
      errorStatus: 503,
      pathPattern: 'deployRequest$',
      methods: ['POST'],
    });
    const down = await admin.post('/api/templates/publish/cqDown/cqFormTemplate', body());
    expect(down.status).toBe(502);
    expect(failure(down).errorType).toBe('server');
    await faults(org1.url, null);
  });
});

describe('publish to another org and download', () => {
  it('needs the other-org sign-in, then deploys there only', async () => {
    const c = await signedIn(bff.base, DEMO.admin);
    const before = await c.post('/api/templates/publishDiffOrg/cqOther/cqLauncherTemplate/org2', body());
    expect(before.status).toBe(400);
    expect(failure(before).messages).toEqual([PUBLISH_MESSAGES.otherOrgNotSignedIn]);
    expect(await login(bff.base, c.jar, DEMO.admin, { target: 'otherOrg', loginUrl: org2.url })).toContain(
      'status=ok',
    );
    const r = await c.post(
      '/api/templates/publishDiffOrg/cqOther/cqLauncherTemplate/org2',
      body({ template: 'cqLauncherTemplate' }),
    );
    expect(r.status, r.text).toBe(200);
    expect(c.data<Rec>(r)).toMatchObject({
      status: 'Succeeded',
      orgName: 'CQ Second Org',
      instanceUrl: org2.url,
    });
    const there = c.data<Rec>(
      await c.post('/api/sf/retrievePackage', { instanceUrl: org2.url, developerName: 'cqOther' }),
    );
    expect(there.exists).toBe(true);
    const here = c.data<Rec>(
      await c.post('/api/sf/retrievePackage', { instanceUrl: org1.url, developerName: 'cqOther' }),
    );
    expect(here.exists).toBe(false);
  });

  it('downloads src.zip with the package, the component and the base class', async () => {
    const r = await fetch(`${bff.base}/api/templates/download/cqui/cqFormTemplate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'cq',
        origin: bff.base,
        cookie: admin.jar.header(bff.base) ?? '',
      },
      body: JSON.stringify(body()),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="src.zip"');
    const files = unzipSync(new Uint8Array(await r.arrayBuffer()));
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
    expect(strFromU8(files['package.xml'] ?? new Uint8Array())).toContain('<members>cqui</members>');
  });
});

describe('session expiry during a publish', () => {
  it('answers 401 session expired when the org refuses the token after the refresh', async () => {
    const c = await signedIn(bff.base, DEMO.admin);
    // The org refuses the token even after the BFF's refresh: the session has expired.
    await faults(org1.url, {
      errorRate: 1,
      errorStatus: 401,
      pathPattern: 'deployRequest$',
      methods: ['POST'],
    });
    const expired = await c.post('/api/templates/publish/cqExpired/cqFormTemplate', body());
    expect(expired.status).toBe(401);
    expect(failure(expired).errorType).toBe('session expired');
    await faults(org1.url, null);
  });
});
