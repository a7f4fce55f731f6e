// The typed route map against the route table: every callable route has an entry with the table's
// method and path, and a request and answer of each entry's types pass the table's JSON Schemas.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from './routes';
import { ROUTE_ENDPOINTS, fillPath, routeCaller } from './route-call';
import type { RouteAnswer, RouteId, RouteRequest } from './route-types';
import type { ApiClient } from '../host-services';

const ID = '001000000000001AAA';
const URL = 'https://demo.my.example.com';
const ctx = { url: URL, token: 'handle', organizationId: '00D000000000001AAA', userDetails: {} };
const formItem = {
  Id: ID,
  Name: 'F-1',
  Title__c: null,
  LastModifiedDate: '2026-01-01',
  Supports_Offline__c: true,
};
const subRecord = {
  Id: ID,
  Name: 'FS-00001',
  Version__c: 1,
  Status__c: 'Scheduled',
  CreatedDate: 'x',
  LastModifiedDate: 'y',
};
const write = { url: null, errors: [], id: ID, created: true, version: 1, uniquenessConstraint: `${ID}#abc` };
const blob = new Blob(['x']);
const publishBody = {
  payload: {},
  template: 'Basic',
  componentName: 'cqForm',
  label: 'Form',
  overwrite: false,
};
const published = {
  developerName: 'cqForm',
  created: true,
  status: 'Succeeded' as const,
  deployId: '0Af000000000001AAA',
  bundleId: ID,
  warning: null,
  orgName: null,
  instanceUrl: URL,
  components: [],
};
const task = {
  taskId: ID,
  subject: 's',
  whatId: null,
  whatName: null,
  question: 'q',
  answer: 'a',
  note: '',
  submission: 'FS-00001',
  dueDate: null,
  priority: 'Normal',
  status: 'Open',
};

type Sample<K extends RouteId> = { request: RouteRequest<K>; answer: RouteAnswer<K> };
/** One call of every route, typed by `Routes`: the compiler checks it against the types. */
const SAMPLES: { [K in RouteId]: Sample<K> } = {
  version: { request: {}, answer: { version: '1.0.0', contractVersion: '1.4.0' } },
  getEnv: {
    request: {},
    answer: {
      clientId: null,
      loginEnabled: true,
      loginOptions: ['production'],
      loginStartPath: '/api/auth/login',
      namespace: 'compliancequest',
      remotes: {},
      csrfHeader: 'X-Requested-With',
      csrfHeaderValue: 'cq',
      embedded: false,
    },
  },
  authSession: { request: {}, answer: { main: ctx, otherOrg: null, embedded: false } },
  authUser: { request: { body: { accessToken: 'handle' } }, answer: ctx },
  getToken: { request: {}, answer: null },
  storeToken: { request: { body: { token: 'handle' } }, answer: ctx },
  deleteToken: { request: {}, answer: { deleted: true } },
  accessTokenStatus: { request: { body: {} }, answer: { active: true, expiresAt: 1 } },
  updateTokenTime: { request: {}, answer: { expiresAt: 1 } },
  sfLogout: { request: { body: { userId: ID } }, answer: { loggedOut: true } },
  userContext: { request: {}, answer: ctx },
  checkUserDetails: { request: {}, answer: { authorized: true, organizationId: ID, userId: ID } },
  canvasContext: {
    request: {},
    answer: { instanceId: 'i', targetOrigin: URL, instanceUrl: URL, allowedOrigins: [URL] },
  },
  forms: { request: {}, answer: [formItem] },
  search: { request: { query: { search: 'au' } }, answer: [formItem] },
  schema: { request: { query: { recordId: ID } }, answer: { Id: ID, Name: 'F-1', formDef: {} } },
  formDefinition: { request: { query: { recordId: ID } }, answer: { Id: ID, Name: 'F-1', formDef: {} } },
  userDetails: {
    request: { query: { userId: ID } },
    answer: [
      { Name: 'n', Username: 'u', SmallPhotoUrl: URL, TimeZoneSidKey: 'UTC' },
      { timeZone: 'UTC', userType: 'Standard', networkId: null, siteUrl: null },
    ],
  },
  searchQuery: {
    request: { query: { kind: 'lookup', object: 'Account', name: 'Ac', fields: 'Id,Name' } },
    answer: { totalSize: 1, done: true, records: [{ Id: ID, Name: 'Acme' }] },
  },
  pendingSubmissions: { request: {}, answer: [subRecord] },
  pendingSubmissionByForm: { request: { query: { formId: ID } }, answer: [subRecord] },
  syncPendingSubmissions: { request: { query: { recordId: ID } }, answer: subRecord },
  scheduledSubmissions: { request: {}, answer: [subRecord] },
  checkFormStatus: { request: { query: { recordIds: `${ID},${ID}` } }, answer: [ID] },
  selectedObjectFields: {
    request: { query: { selectedObject: 'Account' } },
    answer: { name: 'Account', label: 'Account', fields: [{ name: 'Name' }] },
  },
  startingData: {
    request: { query: { recordId: ID }, body: { query: [], lookupCacheString: '' } },
    answer: { startingData: {}, lookupCacheData: {} },
  },
  submitData: {
    request: {
      query: { recordId: ID, submissionStatus: 'Submitted', submissionId: 'abc', version: '1' },
      body: { id: 'abc', data: {} },
    },
    answer: write,
  },
  saveSubmission: {
    request: { query: { formSubmissionIdentifier: `${ID}#abc` }, body: { id: 'abc', data: {} } },
    answer: write,
  },
  discardSubmission: {
    request: { query: { formSubmissionIdentifier: `${ID}#abc` } },
    answer: { deleted: true },
  },
  submissionJson: {
    request: { query: { formSubmissionIdentifier: `${ID}#abc` }, body: { json: {} } },
    answer: { id: ID, created: true },
  },
  submitBatch: {
    request: { body: { items: [{ id: 'abc', formId: ID, status: 'Submitted', version: 1, data: {} }] } },
    answer: [
      { uniquenessKey: `${ID}#abc`, ok: true, id: ID, url: null, created: true, version: 1 },
      { uniquenessKey: `${ID}#abd`, ok: false, status: 400, errorCode: 'BAD', messages: ['no'] },
    ],
  },
  content: { request: { params: { fileName: 'guide.json' } }, answer: { any: 'json' } },
  fetchUrl: { request: { body: { contentDocumentId: ID } }, answer: blob },
  reportStatus: { request: { params: { recordId: ID } }, answer: { status: 'ready', version: 1 } },
  vaultEscrowKey: { request: {}, answer: { owner: 'o', key: 'k' } },
  vaultPolicy: {
    request: {},
    answer: { pinRequired: true, pinLength: 6, lockAfterMinutes: 15, source: 'org' },
  },
  reportPdf: { request: { params: { recordId: ID } }, answer: blob },
  correctiveActions: { request: {}, answer: [task] },
  completeCorrectiveAction: {
    request: { params: { taskId: ID }, body: { done: 'fixed', contentDocumentIds: [ID] } },
    answer: { id: ID, status: 'Completed', linked: 1 },
  },
  userPhoto: { request: { query: { size: 'full' } }, answer: blob },
  filePreview: { request: { params: { contentDocumentId: ID } }, answer: blob },
  imageGuide: {
    request: { body: { Id: 'g', ImageUrl: '/img.png' } },
    answer: { Id: 'g', ImageUrl: '/img.png', encodedImage: 'data:' },
  },
  objects: { request: {}, answer: [{ name: 'A__c', label: 'A', custom: true, customSetting: false }] },
  objectInfo: {
    request: { body: { objectType: 'Account', fields: ['Name'], context: null } },
    answer: { properties: {}, definitions: {}, ui: {} },
  },
  checkFieldAvailability: {
    request: { body: { objectName: 'Account', fields: ['Name', 'Owner.Name'] } },
    answer: { missing: [] },
  },
  formBuilderAccess: { request: {}, answer: { allowed: false, reason: 'no' } },
  orgApiUsage: { request: {}, answer: { level: 'high', percent: 85, used: 85, max: 100, at: 'now' } },
  getSavedFormBuilderJSON: {
    request: { query: { recordId: ID } },
    answer: { formJSON: '', selectedSICDocIds: [], objectType: null, name: 'F-1', title: null },
  },
  saveFormBuilderJSON: {
    request: { query: { recordId: ID }, body: { formJSON: 'e30=', sectionIds: ID } },
    answer: 'Success',
  },
  autosaveFormBuilderJSON: {
    request: { query: { recordId: ID }, body: { formJSON: 'e30=' } },
    answer: 'Success',
  },
  sfOrgInfo: { request: { body: { instanceUrl: URL } }, answer: { Id: ID } },
  sfUserInfo: { request: { body: { instanceUrl: URL } }, answer: { user_id: ID } },
  sfGetPicklistValues: {
    request: { body: { objectName: 'Account', fieldName: 'Type' } },
    answer: { controllerName: null, values: [{ label: 'A', value: 'A' }] },
  },
  sfObject: { request: { body: { instanceUrl: URL } }, answer: [{ name: 'A__c', label: 'A' }] },
  sfLayouts: {
    request: { body: { instanceUrl: URL, objectName: 'Account' } },
    answer: [{ id: null, name: 'Account Layout' }],
  },
  sfLayout: { request: { body: { instanceUrl: URL, objName: 'Account' } }, answer: { sections: [] } },
  sfGetObjectFields: {
    request: { body: { instanceUrl: URL, objectName: 'Account', hasParent: true } },
    answer: {
      name: 'Account',
      label: 'Account',
      fields: [{ name: 'Name', label: 'Name', type: 'string', updateable: true }],
      parents: [{ field: 'OwnerId', label: 'Owner', relationshipName: 'Owner', referenceTo: ['User'] }],
    },
  },
  sfGetComponent: {
    request: { body: { instanceUrl: URL, interfaceName: 'cq.Filter' } },
    answer: [{ Name: 'F' }],
  },
  sfGetAutoLaunchedFlow: {
    request: { body: { instanceUrl: URL, labelPrefix: 'CQ' } },
    answer: [{ ApiName: 'F' }],
  },
  sfGetDefaultBaseClassJSON: {
    request: { body: { instanceUrl: URL } },
    answer: { name: 'Base', apiVersion: '60.0', description: 'd', inOrg: false },
  },
  sfRetrievePackage: {
    request: { body: { instanceUrl: URL, developerName: 'cqui' } },
    answer: { exists: false },
  },
  sfGetLWCList: {
    request: { body: { instanceUrl: URL, developerName: 'CQ', limit: 10 } },
    answer: [{ DeveloperName: 'cqForm' }],
  },
  sfGetVFPages: {
    request: { body: { instanceUrl: URL, name: 'CQ', limit: 10 } },
    answer: [{ Name: 'Page' }],
  },
  getTemplates: {
    request: { params: { x: 'all' } },
    answer: [
      { name: 'Basic', label: 'Basic', category: 'lwc', description: 'd', generates: [], targets: [] },
    ],
  },
  publish: { request: { params: { a: 'cqForm', template: 'Basic' }, body: publishBody }, answer: published },
  publishDiffOrg: {
    request: { params: { a: 'cqForm', template: 'Basic', x: 'otherOrg' }, body: publishBody },
    answer: published,
  },
  download: { request: { params: { a: 'cqForm', template: 'Basic' }, body: publishBody }, answer: blob },
};

const ajv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  strict: true,
  strictTypes: false,
  strictRequired: false,
});
const routeOf = (id: string): ApiRoute => API_ROUTES.find((r) => r.id === id)!;
/** Routes a page navigates to or that take a form or multipart body: not called through `call`. */
const callable = (r: ApiRoute) => r.response !== 'redirect' && r.body !== 'form' && r.body !== 'multipart';

function check(schema: unknown, value: unknown, where: string): void {
  if (typeof schema !== 'object' || schema === null) return;
  const validate = ajv.compile(schema);
  expect(validate(value), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('Routes (the typed route map)', () => {
  it("has every callable route of the table, with the table's method and path", () => {
    const expected = API_ROUTES.filter(callable).map((r) => [
      r.id,
      r.response === 'blob' ? [r.method, r.path, 'blob'] : [r.method, r.path],
    ]);
    expect(Object.entries(ROUTE_ENDPOINTS).sort()).toEqual(expected.sort());
  });

  it.each(Object.keys(SAMPLES))("a request and answer of %s's types pass the table's schemas", (id) => {
    const route = routeOf(id);
    const { request, answer } = SAMPLES[id as RouteId] as {
      request: { params?: unknown; query?: unknown; body?: unknown };
      answer: unknown;
    };
    check(route.params, request.params ?? {}, 'params');
    check(route.query, request.query ?? {}, 'query');
    if (route.body !== undefined) check(route.body, request.body ?? {}, 'body');
    else expect(request.body, 'the route takes no body').toBeUndefined();
    if (route.response === 'blob') expect(answer).toBeInstanceOf(Blob);
    else check(route.response, answer, 'answer');
  });

  it('call sends the route by its method and filled path over the client', async () => {
    const sent: unknown[][] = [];
    const client: Pick<ApiClient, 'get' | 'post' | 'put' | 'blob'> = {
      get: async (path, query) => (sent.push(['get', path, query]), 'g' as never),
      post: async (path, body, query) => (sent.push(['post', path, body, query]), 'p' as never),
      put: async (path, body, query) => (sent.push(['put', path, body, query]), 'u' as never),
      blob: async (path, options) => (sent.push(['blob', path, options]), blob),
    };
    const call = routeCaller(client);
    await call('searchQuery', { query: { kind: 'lookup', name: 'Ac' } });
    await call('autosaveFormBuilderJSON', { query: { recordId: ID }, body: { formJSON: 'e30=' } });
    await call('publishDiffOrg', {
      params: { a: 'cq/Form', template: 'Basic', x: 'otherOrg' },
      body: publishBody,
    });
    await call('filePreview', { params: { contentDocumentId: ID } });
    await call('forms');
    expect(sent).toEqual([
      ['get', '/api/searchQuery/', { kind: 'lookup', name: 'Ac' }],
      ['put', '/api/saveFormBuilderJSON', { formJSON: 'e30=' }, { recordId: ID }],
      ['post', '/api/templates/publishDiffOrg/cq%2FForm/Basic/otherOrg', publishBody, undefined],
      ['blob', `/api/files/${ID}/preview`, { query: undefined }],
      ['get', '/api/forms', undefined],
    ]);
    expect(fillPath('/api/report/:recordId/pdf', { recordId: ID })).toBe(`/api/report/${ID}/pdf`);
  });
});
