import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, readEnvelope, MESSAGES } from 'shared-contracts';
import { ajv } from '../src/http/validate';

describe('the contract route table', () => {
  it('every request schema compiles strictly, and is closed', () => {
    for (const route of API_ROUTES) {
      for (const schema of [
        route.query,
        route.params,
        typeof route.body === 'object' ? route.body : undefined,
      ]) {
        if (!schema) continue;
        expect(() => ajv.compile(schema), `${route.id}`).not.toThrow();
        expect(schema.additionalProperties, `${route.id} is closed`).toBe(false);
      }
    }
  });
  it('every response schema compiles', () => {
    const loose = new Ajv({ strict: false });
    for (const route of API_ROUTES)
      if (typeof route.response === 'object')
        expect(() => loose.compile(route.response as object)).not.toThrow();
  });
  it('ids and method+path pairs are unique', () => {
    expect(new Set(API_ROUTES.map((r) => r.id)).size).toBe(API_ROUTES.length);
    expect(new Set(API_ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(API_ROUTES.length);
  });
  it('every POST and PUT is state-changing (CSRF guarded)', () => {
    for (const r of API_ROUTES)
      if (r.method !== 'GET') expect(r.stateChanging || r.id === 'canvas', r.id).toBe(true);
  });
  it('holds every call of both specs section 7', () => {
    const paths = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/getEnv/',
      'POST /api/authUser',
      'GET /api/forms',
      'GET /api/schema',
      'GET /api/userDetails',
      'GET /api/updateTokenTime',
      'POST /api/accessTokenStatus',
      'GET /api/getToken',
      'GET /api/deleteToken',
      'POST /api/storeToken',
      'GET /api/version',
      'GET /api/search',
      'GET /api/searchQuery/',
      'GET /api/pendingSubmissions',
      'GET /api/syncPendingSubmissions',
      'GET /api/checkFormStatus',
      'GET /api/selectedObjectFields',
      'POST /api/startingData',
      'POST /api/data',
      'POST /api/savesubmission',
      'GET /api/content/:fileName',
      'GET /api/scheduledSubmissions',
      'POST /api/fetchUrl',
      'POST /api/sf/logout',
      'POST /api/sf/orgInfo',
      'POST /api/sf/userInfo',
      'POST /api/sf/getPicklistValues',
      'GET /api/templates/getTemplates/:x',
      'POST /api/sf/object',
      'POST /api/sf/layouts',
      'POST /api/sf/layout',
      'POST /api/sf/getObjectFields',
      'POST /api/sf/getComponent',
      'POST /api/sf/getAutoLaunchedFlow',
      'POST /api/sf/getDefaultBaseClassJSON',
      'POST /api/sf/retrievePackage',
      'POST /api/sf/getLWCList',
      'POST /api/sf/getVFPages',
      'POST /api/templates/publish/:a/:template',
      'POST /api/templates/publishDiffOrg/:a/:template/:x',
      'POST /api/templates/download/:a/:template',
      'GET /api/getSavedFormBuilderJSON',
      'POST /api/saveFormBuilderJSON',
      'PUT /api/saveFormBuilderJSON',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});

describe('client rules for reading the envelope', () => {
  it('success is 2xx without success:false or messages', () => {
    expect(readEnvelope(200, { success: true, data: [1] })).toEqual({ ok: true, data: [1] });
    expect(readEnvelope(200, { success: false, messages: ['x'] }).ok).toBe(false);
    expect(readEnvelope(200, { data: 1, messages: ['warn'] }).ok).toBe(false);
  });
  it('401 is session expired', () => {
    const r = readEnvelope(401, { success: false, messages: ['x'], errorType: 'session expired' });
    expect(r.ok === false && r.sessionEnded && r.display === MESSAGES.sessionExpired).toBe(true);
  });
  it('first array element message or first messages entry; server errors prefixed', () => {
    const a = readEnvelope(400, [{ message: 'Bad field', errorCode: 'INVALID_FIELD' }]);
    expect(a.ok === false && a.message).toBe('Bad field');
    const b = readEnvelope(502, { success: false, messages: ['Down'], errorType: 'server' });
    expect(b.ok === false && b.display).toBe('Server Error: Down');
  });
});
