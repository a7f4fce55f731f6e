/**
 * `host.api.call(id, request)`: a BFF route by operation id, over the host's one client. The method
 * and path of each id are here, apart from the route table, so front ends get them without bundling
 * `API_ROUTES` and its schemas; route-types.test.ts checks them against the table.
 */
import type { ApiClient, QueryParams } from '../host-services';
import type { HttpMethod } from './routes';
import type { RouteCall, RouteId } from './route-types';

/** Method, path (`:name` parameters) and, for a non-enveloped answer, 'blob'. */
export type RouteEndpoint = readonly [HttpMethod, string] | readonly [HttpMethod, string, 'blob'];

export const ROUTE_ENDPOINTS: { readonly [K in RouteId]: RouteEndpoint } = {
  version: ['GET', '/api/version'],
  getEnv: ['GET', '/api/getEnv/'],
  authSession: ['GET', '/api/auth/session'],
  authUser: ['POST', '/api/authUser'],
  getToken: ['GET', '/api/getToken'],
  storeToken: ['POST', '/api/storeToken'],
  deleteToken: ['GET', '/api/deleteToken'],
  accessTokenStatus: ['POST', '/api/accessTokenStatus'],
  updateTokenTime: ['GET', '/api/updateTokenTime'],
  sfLogout: ['POST', '/api/sf/logout'],
  userContext: ['GET', '/api/userContext'],
  checkUserDetails: ['GET', '/api/checkUserDetails'],
  canvasContext: ['GET', '/api/canvas/context'],
  forms: ['GET', '/api/forms'],
  search: ['GET', '/api/search'],
  schema: ['GET', '/api/schema'],
  formDefinition: ['GET', '/api/formDefinition'],
  userDetails: ['GET', '/api/userDetails'],
  searchQuery: ['GET', '/api/searchQuery/'],
  pendingSubmissions: ['GET', '/api/pendingSubmissions'],
  pendingSubmissionByForm: ['GET', '/api/pendingSubmissionByForm'],
  syncPendingSubmissions: ['GET', '/api/syncPendingSubmissions'],
  scheduledSubmissions: ['GET', '/api/scheduledSubmissions'],
  checkFormStatus: ['GET', '/api/checkFormStatus'],
  selectedObjectFields: ['GET', '/api/selectedObjectFields'],
  startingData: ['POST', '/api/startingData'],
  submitData: ['POST', '/api/data'],
  saveSubmission: ['POST', '/api/savesubmission'],
  discardSubmission: ['POST', '/api/discardSubmission'],
  submissionJson: ['POST', '/api/submissionJson'],
  submitBatch: ['POST', '/api/submissions/batch'],
  content: ['GET', '/api/content/:fileName'],
  fetchUrl: ['POST', '/api/fetchUrl', 'blob'],
  reportStatus: ['GET', '/api/report/:recordId'],
  vaultEscrowKey: ['GET', '/api/vault/escrowKey'],
  vaultPolicy: ['GET', '/api/vault/policy'],
  reportPdf: ['GET', '/api/report/:recordId/pdf', 'blob'],
  correctiveActions: ['GET', '/api/correctiveActions'],
  completeCorrectiveAction: ['POST', '/api/correctiveActions/:taskId/complete'],
  userPhoto: ['GET', '/api/userPhoto', 'blob'],
  filePreview: ['GET', '/api/files/:contentDocumentId/preview', 'blob'],
  imageGuide: ['POST', '/api/imageGuide'],
  objects: ['GET', '/api/objects'],
  objectInfo: ['POST', '/api/objectInfo'],
  checkFieldAvailability: ['POST', '/api/checkFieldAvailability'],
  formBuilderAccess: ['GET', '/api/formBuilderAccess'],
  orgApiUsage: ['GET', '/api/orgApiUsage'],
  getSavedFormBuilderJSON: ['GET', '/api/getSavedFormBuilderJSON'],
  saveFormBuilderJSON: ['POST', '/api/saveFormBuilderJSON'],
  autosaveFormBuilderJSON: ['PUT', '/api/saveFormBuilderJSON'],
  sfOrgInfo: ['POST', '/api/sf/orgInfo'],
  sfUserInfo: ['POST', '/api/sf/userInfo'],
  sfGetPicklistValues: ['POST', '/api/sf/getPicklistValues'],
  sfObject: ['POST', '/api/sf/object'],
  sfLayouts: ['POST', '/api/sf/layouts'],
  sfLayout: ['POST', '/api/sf/layout'],
  sfGetObjectFields: ['POST', '/api/sf/getObjectFields'],
  sfGetComponent: ['POST', '/api/sf/getComponent'],
  sfGetAutoLaunchedFlow: ['POST', '/api/sf/getAutoLaunchedFlow'],
  sfGetDefaultBaseClassJSON: ['POST', '/api/sf/getDefaultBaseClassJSON'],
  sfRetrievePackage: ['POST', '/api/sf/retrievePackage'],
  sfGetLWCList: ['POST', '/api/sf/getLWCList'],
  sfGetVFPages: ['POST', '/api/sf/getVFPages'],
  getTemplates: ['GET', '/api/templates/getTemplates/:x'],
  publish: ['POST', '/api/templates/publish/:a/:template'],
  publishDiffOrg: ['POST', '/api/templates/publishDiffOrg/:a/:template/:x'],
  download: ['POST', '/api/templates/download/:a/:template', 'blob'],
};

/** Fills a path's `:params` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

interface AnyRequest {
  params?: Record<string, string>;
  query?: QueryParams;
  body?: unknown;
}

/** `call` over a client's get/post/put/blob: the host's client and the test kit's fake host alike. */
export function routeCaller(api: Pick<ApiClient, 'get' | 'post' | 'put' | 'blob'>): RouteCall {
  const call = (id: RouteId, request: AnyRequest = {}): Promise<unknown> => {
    const [method, template, kind] = ROUTE_ENDPOINTS[id];
    const path = fillPath(template, request.params);
    const { query, body } = request;
    if (kind === 'blob') return api.blob(path, { ...(body !== undefined ? { body } : {}), query });
    if (method === 'GET') return api.get(path, query);
    if (method === 'PUT') return api.put(path, body, query);
    return api.post(path, body, query);
  };
  return call as RouteCall;
}
