import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BFF_ERROR_MESSAGES, fileTypeRefusedMessage } from 'shared-contracts';
import { signedIn, startBff, type Client, type RunningBff } from './helpers';

// Issue 44: the BFF's texts made of parts carry their own errorCode and the parts as `params` beside
// the English `messages[0]` (unchanged: other tests and the spec read it), so a screen words them in
// its user's language. Over HTTP against the org emulator, as the app calls it.

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
});
afterAll(() => bff.close());

interface Failure {
  success: boolean;
  messages: string[];
  errorType: string;
  errorCode: string;
  params?: Record<string, unknown>;
}
const failure = (r: { json: unknown }): Failure => r.json as Failure;

async function upload(bytes: Buffer, name: string) {
  const fd = new FormData();
  fd.append('fileData', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${c.base}/api/files`, {
    method: 'POST',
    body: fd,
    headers: { 'X-Requested-With': 'cq', Origin: c.base, Cookie: c.jar.header(c.base) },
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

describe('error codes and params of the texts made of parts', () => {
  it('a refused file type: FILE_TYPE_REFUSED with the kind, the spec’s "Error: " + reason', async () => {
    const exe = await upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), 'innocent.png');
    expect(exe.status).toBe(415);
    expect(failure(exe)).toMatchObject({
      success: false,
      messages: ['Error: executable files are not allowed'],
      errorType: 'custom',
      errorCode: 'FILE_TYPE_REFUSED',
      params: { kind: 'executable' },
    });
    const html = await upload(Buffer.from('<svg onload=alert(1)>' + ' '.repeat(64)), 'x.txt');
    expect(html.status).toBe(415);
    expect(failure(html)).toMatchObject({
      messages: [fileTypeRefusedMessage('markup')],
      errorCode: 'FILE_TYPE_REFUSED',
      params: { kind: 'markup' },
    });
  });

  it('an object the org does not have, one that cannot be queried, an unknown field: their names as params', async () => {
    const lookup = (params: Record<string, string>) =>
      c.get(`/api/searchQuery/?${new URLSearchParams({ kind: 'lookup', ...params }).toString()}`);

    const unknown = await lookup({ object: 'cqext__Nope__c', name: 'A' });
    expect(unknown.status).toBe(400);
    expect(failure(unknown)).toMatchObject({
      messages: ['Unknown object: cqext__Nope__c'],
      errorType: 'custom',
      errorCode: 'UNKNOWN_OBJECT',
      params: { object: 'cqext__Nope__c' },
    });

    const secret = await lookup({ object: 'Secret__x', name: 'A' });
    expect(secret.status).toBe(400);
    expect(failure(secret)).toMatchObject({
      messages: ['Object Secret__x cannot be queried.'],
      errorCode: 'OBJECT_NOT_QUERYABLE',
      params: { object: 'Secret__x' },
    });

    const field = await lookup({ name: 'Acme', fields: 'Nope__c' });
    expect(field.status).toBe(400);
    expect(failure(field)).toMatchObject({
      messages: [BFF_ERROR_MESSAGES.unknownField('Nope__c', 'Account')],
      errorCode: 'UNKNOWN_FIELD',
      params: { field: 'Nope__c', object: 'Account' },
    });
    expect(failure(field).messages[0]).toBe('Unknown field Nope__c on Account');
  });

  it('an unknown child relationship in a form’s starting data: UNKNOWN_RELATIONSHIP with its name', async () => {
    const r = await c.post('/api/startingData?recordId=001000000000001AAA', {
      query: [
        {
          key: 'acc',
          objectType: 'Account',
          fields: ['Name'],
          relationships: [{ relationshipName: 'Nopes__r', fields: ['Id'] }],
        },
      ],
    });
    expect(r.status).toBe(400);
    expect(failure(r)).toMatchObject({
      messages: ['Unknown relationship Nopes__r'],
      errorCode: 'UNKNOWN_RELATIONSHIP',
      params: { relationship: 'Nopes__r' },
    });
  });
});
