import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { signRequest, verifySignedRequest } from './canvas';

const secret = 'demo-client-secret';
const envelope = (over: Record<string, unknown> = {}) => ({
  algorithm: 'HMACSHA256',
  issuedAt: Math.floor(Date.now() / 1000),
  userId: '005000000000001AAA',
  client: {
    oauthToken: 'tok',
    instanceUrl: 'http://127.0.0.1:1',
    targetOrigin: 'http://127.0.0.1:1',
    instanceId: 'i1',
  },
  context: {
    organization: { organizationId: '00D000000000001AAA' },
    user: { userName: 'u@x' },
    environment: { parameters: {} },
  },
  ...over,
});

describe('canvas signed request', () => {
  it('accepts a fresh HMAC-SHA256 request', () => {
    const r = verifySignedRequest(signRequest(envelope(), secret), secret, 900);
    expect(r.userId).toBe('005000000000001AAA');
    expect(r.client.oauthToken).toBe('tok');
  });
  it.each([
    [
      'tampered envelope',
      () => {
        const [sig, body] = signRequest(envelope(), secret).split('.');
        const changed = JSON.parse(Buffer.from(body ?? '', 'base64').toString()) as Record<string, unknown>;
        changed.userId = '005000000000002AAA';
        return `${sig}.${Buffer.from(JSON.stringify(changed)).toString('base64')}`;
      },
    ],
    ['wrong secret', () => signRequest(envelope(), 'other')],
    ['stale', () => signRequest(envelope({ issuedAt: Math.floor(Date.now() / 1000) - 3600 }), secret)],
    ['no issuedAt', () => signRequest(envelope({ issuedAt: undefined }), secret)],
    ['other algorithm', () => signRequest(envelope({ algorithm: 'HMACSHA1' }), secret)],
    ['none algorithm', () => signRequest(envelope({ algorithm: 'none' }), secret)],
    ['truncated signature', () => signRequest(envelope(), secret).slice(4)],
    ['no dot', () => 'abc'],
    [
      'sha1 signature',
      () => {
        const body = Buffer.from(JSON.stringify(envelope())).toString('base64');
        return `${crypto.createHmac('sha1', secret).update(body).digest('base64')}.${body}`;
      },
    ],
  ])('refuses %s with 401', (_name, make) => {
    let err: unknown;
    try {
      verifySignedRequest(make(), secret, 900);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
  });
});
