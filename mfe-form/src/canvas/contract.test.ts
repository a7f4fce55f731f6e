import { describe, expect, it } from 'vitest';
import {
  CANVAS_EVENTS,
  acceptIncoming,
  allowedOrigins,
  originOf,
  parseCanvasContext,
  postTargetOrigin,
  publishMessage,
  readyMessage,
  safeDataUrl,
  type CanvasContext,
} from './contract';

const ORG = 'https://acme.my.salesforce.com';
const ctx: CanvasContext = {
  instanceId: '_:CQ_Offline_Forms:',
  targetOrigin: ORG,
  instanceUrl: ORG,
  allowedOrigins: ['https://acme.lightning.force.com'],
};
const parent = { name: 'parent' };
const self = { name: 'self' };
const ping = { name: CANVAS_EVENTS.ping, payload: { nonce: 'n1' } };

describe('originOf', () => {
  it.each([
    ['https://a.example.com/x?y#z', 'https://a.example.com'],
    ['http://127.0.0.1:4400', 'http://127.0.0.1:4400'],
    ['javascript:alert(1)', null],
    ['*', null],
    ['https://*.force.com', null],
    ['', null],
    ['not a url', null],
    [undefined, null],
  ])('%s -> %s', (input, expected) => {
    expect(originOf(input)).toBe(expected);
  });
});

describe('allowed origins and the post target', () => {
  it('are the instance URL, the target origin and the configured list', () => {
    expect([...allowedOrigins(ctx)].sort()).toEqual([ORG, 'https://acme.lightning.force.com'].sort());
  });

  it('posts to the stored target origin, never *', () => {
    expect(postTargetOrigin(ctx)).toBe(ORG);
    expect(postTargetOrigin({ ...ctx, targetOrigin: '*' })).toBeNull();
    expect(postTargetOrigin({ ...ctx, targetOrigin: '' })).toBeNull();
    expect(postTargetOrigin(null)).toBeNull();
  });
});

describe('safeDataUrl', () => {
  it('keeps URLs of the org and resolves paths against the instance URL', () => {
    expect(safeDataUrl(`${ORG}/a0G000000000001AAA`, ctx)).toBe(`${ORG}/a0G000000000001AAA`);
    expect(safeDataUrl('/a0G000000000001AAA', ctx)).toBe(`${ORG}/a0G000000000001AAA`);
    expect(safeDataUrl('https://acme.lightning.force.com/lightning/r/X/1/view', ctx)).toBe(
      'https://acme.lightning.force.com/lightning/r/X/1/view',
    );
  });

  it.each(['javascript:alert(1)', 'https://evil.example.com/x', '//evil.example.com/x', '', undefined])(
    'drops %s',
    (url) => {
      expect(safeDataUrl(url, ctx)).toBe('');
    },
  );
});

describe('publishMessage', () => {
  it('builds the finished message with the spec content and no token', () => {
    const m = publishMessage('finished', `${ORG}/a0G1`, ctx);
    expect(m).toEqual({
      name: 'CQOfflineFormMessage',
      payload: {
        dataUrl: `${ORG}/a0G1`,
        instanceId: '_:CQ_Offline_Forms:',
        targetOrigin: ORG,
        instanceUrl: ORG,
      },
    });
    expect(JSON.stringify(m)).not.toMatch(/token/i);
  });

  it('builds the closed message', () => {
    expect(publishMessage('closed', '', ctx).name).toBe('CQOfflineFormMessageClosed');
  });
});

describe('acceptIncoming (the guard)', () => {
  const event = (over: Partial<{ origin: string; source: unknown; data: unknown }> = {}) => ({
    origin: ORG,
    source: parent,
    data: ping,
    ...over,
  });

  it('accepts a ping from the parent at an allowlisted origin', () => {
    expect(acceptIncoming(event(), { parent, self }, ctx)).toEqual(ping);
    expect(
      acceptIncoming(event({ origin: 'https://acme.lightning.force.com' }), { parent, self }, ctx),
    ).toEqual(ping);
  });

  it('ignores another origin, even from the parent window', () => {
    expect(acceptIncoming(event({ origin: 'https://evil.example.com' }), { parent, self }, ctx)).toBeNull();
    expect(acceptIncoming(event({ origin: 'null' }), { parent, self }, ctx)).toBeNull();
  });

  it('ignores a window other than the parent, even at the right origin', () => {
    expect(acceptIncoming(event({ source: { other: true } }), { parent, self }, ctx)).toBeNull();
    expect(acceptIncoming(event({ source: null }), { parent, self }, ctx)).toBeNull();
  });

  it('ignores everything when the app is not framed or has no canvas context', () => {
    expect(acceptIncoming(event({ source: self }), { parent: self, self }, ctx)).toBeNull();
    expect(acceptIncoming(event(), { parent, self }, null)).toBeNull();
  });

  it('ignores unknown names, strings and arrays', () => {
    for (const data of ['CQOfflineFormPing', [ping], null, { name: 'CQOfflineFormMessage', payload: {} }])
      expect(acceptIncoming(event({ data }), { parent, self }, ctx)).toBeNull();
  });

  it('answers a ping with its nonce', () => {
    expect(readyMessage({ name: CANVAS_EVENTS.ping, payload: { nonce: 'abc' } }, '/form/x')).toEqual({
      name: 'CQOfflineFormReady',
      payload: { nonce: 'abc', path: '/form/x' },
    });
    expect(readyMessage({ name: CANVAS_EVENTS.ping, payload: { nonce: 5 } }, '/').payload.nonce).toBe('');
  });
});

describe('parseCanvasContext', () => {
  it('reads what the BFF answers and refuses what has no instance URL', () => {
    expect(parseCanvasContext({ ...ctx, extra: 1 })).toEqual(ctx);
    expect(parseCanvasContext({ instanceUrl: 'nope' })).toBeNull();
    expect(parseCanvasContext('x')).toBeNull();
    expect(
      parseCanvasContext({ ...ctx, allowedOrigins: [1, 'https://x.example.com'] })?.allowedOrigins,
    ).toEqual(['https://x.example.com']);
  });
});
