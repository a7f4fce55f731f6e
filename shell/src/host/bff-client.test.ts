import { describe, expect, it } from 'vitest';
import { BffError, CSRF_HEADER, MESSAGES, MESSAGES_EN, isBffError } from 'shared-contracts';

const failureOf = (e: unknown): BffError => e as BffError;
import { createBffClient, type FetchLike } from './bff-client';
import { createLogoutGate, LOGOUT_PATH, PENDING_LOGOUT_KEY } from './logout-gate';
import { HttpOrgGateway } from './offline/http-gateway';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const failure = (status: number, messages: string[], errorType = 'server', details?: unknown) =>
  json(status, { success: false, messages, errorType, errorCode: 'X', ...(details ? { details } : {}) });

function network(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, init });
    return answer(url, init);
  };
  return { fetch, sent };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('the one BFF client', () => {
  it("the remotes' calls and the sync engine's fail with the same error, classified once", async () => {
    const net = network(() => failure(502, ['The org did not answer.']));
    const client = createBffClient({ fetch: net.fetch });
    const fromRemote = await client.api.get('/api/forms').catch((e: unknown) => e);
    const fromEngine = await new HttpOrgGateway({ client }).pendingSubmissions().catch((e: unknown) => e);
    for (const e of [fromRemote, fromEngine]) {
      expect(isBffError(e)).toBe(true);
      expect(e).toMatchObject({
        kind: 'unavailable',
        status: 502,
        message: `${MESSAGES.serverErrorPrefix}The org did not answer.`,
        reason: 'The org did not answer.',
        errorType: 'server',
      });
    }
    expect(net.sent.every((s) => (s.init.headers as Record<string, string>)[CSRF_HEADER])).toBe(true);
  });

  it("a refusal keeps the envelope's machine code and parameters beside its English text; no answer has none", async () => {
    const fieldErrors = [
      {
        errorPath: 'General/Notes',
        message: 'Notes is missing required fields',
        errorCode: 'VALIDATION_FAILED',
        code: 'missingRequired',
        params: { field: 'Notes' },
      },
    ];
    const refused = createBffClient({
      fetch: async () =>
        json(422, {
          success: false,
          messages: [MESSAGES_EN.fixFieldValidation],
          errorType: 'custom',
          errorCode: 'VALIDATION_FAILED',
          details: { errors: ['Notes is missing required fields'], fieldErrors },
        }),
    });
    const e = await refused.api.post('/api/submissions/batch', {}).catch((x: unknown) => x);
    expect(e).toMatchObject({
      kind: 'rejected',
      code: 'VALIDATION_FAILED',
      reason: MESSAGES_EN.fixFieldValidation,
    });
    // what the device keeps as the submission's errors: each field error with its code and parameters
    expect(failureOf(e).data).toEqual(fieldErrors);
    expect(failureOf(e).params).toBeUndefined();
    const named = createBffClient({
      fetch: async () =>
        json(409, {
          success: false,
          messages: ['A component named cqui already exists in the org. Do you want to overwrite it?'],
          errorType: 'component exists',
          errorCode: 'COMPONENT_EXISTS',
          params: { name: 'cqui' },
        }),
    });
    await expect(named.api.post('/api/x', {})).rejects.toMatchObject({
      code: 'COMPONENT_EXISTS',
      params: { name: 'cqui' },
    });
    const offline = createBffClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.api.get('/api/forms')).rejects.toMatchObject({ kind: 'network', code: '' });
    expect(failureOf(await offline.api.get('/api/forms').catch((x: unknown) => x)).params).toBeUndefined();
  });

  it("no answer is the spec's Network Error; a 401 ends the session once per call", async () => {
    let expired = 0;
    const offline = createBffClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.api.post('/api/x', {})).rejects.toMatchObject({
      kind: 'network',
      network: true,
      status: 0,
      message: MESSAGES.networkError,
    });
    const ended = createBffClient({
      fetch: async () => failure(401, ['Session expired'], 'session expired'),
      onUnauthorized: () => (expired += 1),
    });
    await expect(ended.api.get('/api/forms')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(expired).toBe(1);
  });

  it('a blob answer (preview, download) is the blob; its failure is the JSON envelope as a BffError', async () => {
    const net = network((url) =>
      url.endsWith('/ok')
        ? new Response('zip-bytes', { status: 200 })
        : failure(422, ['Package deployment failed'], 'deploy failed'),
    );
    const { api } = createBffClient({ fetch: net.fetch });
    expect(await (await api.blob('/api/templates/download/ok', { body: { a: 1 } })).text()).toBe('zip-bytes');
    expect(net.sent[0]?.init).toMatchObject({ method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(net.sent[0]?.init.headers).toMatchObject({ [CSRF_HEADER]: expect.any(String) as string });
    await expect(api.blob('/api/files/x/preview')).rejects.toMatchObject({
      name: 'BffError',
      kind: 'rejected',
      status: 422,
      message: 'Package deployment failed',
      errorType: 'deploy failed',
    });
    expect(net.sent[1]?.init.method).toBe('GET');
  });

  it('a pending sign-out goes first for calls, blobs, uploads and event streams; while it cannot, nothing is sent', async () => {
    const storage = memoryStorage();
    let bffUp = false;
    const net = network((url) => {
      if (!bffUp) throw new TypeError('Failed to fetch');
      return url.endsWith(LOGOUT_PATH)
        ? json(200, { success: true, data: null })
        : json(200, { success: true, data: { id: 'f' } });
    });
    const gate = createLogoutGate({ storage, fetch: net.fetch });
    gate.mark('production', '005A');
    const opened: string[] = [];
    const client = createBffClient({
      fetch: net.fetch,
      gate,
      eventSource: (url) => {
        opened.push(url);
        return { addEventListener: () => undefined, close: () => undefined } as unknown as EventSource;
      },
    });
    const errors: string[] = [];
    client.events('/api/events', { error: () => errors.push('error') });
    await expect(client.api.blob('/api/files/x/preview')).rejects.toMatchObject({ kind: 'network' });
    await expect(
      client.upload('/api/files', new FormData(), { onProgress: () => undefined }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(errors).toEqual(['error']);
    expect(opened).toEqual([]);
    // only the logout was tried
    expect(net.sent.every((s) => s.url.endsWith(LOGOUT_PATH))).toBe(true);

    bffUp = true;
    net.sent.length = 0;
    expect(await client.upload('/api/files', new FormData(), { onProgress: () => undefined })).toEqual({
      id: 'f',
    });
    expect(net.sent.map((s) => s.url)).toEqual([LOGOUT_PATH, '/api/files']);
    expect(storage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
    client.events('/api/events', {}, { org: 'o' });
    await Promise.resolve();
    await Promise.resolve();
    expect(opened).toEqual(['/api/events?org=o']);
  });
});
