// GET /api/vault/escrowKey (issue 45) over HTTP against the emulator: one key per org and user, the
// same on every call and every instance, only to that user's session, never cached.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSRF_HEADER } from 'shared-contracts';
import { Client, DEMO, signedIn, startBff, type RunningBff } from './helpers';
import { NO_ESCROW } from '../src/org/escrow-key';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let other: RunningBff;
type Key = { owner: string; key: string };

beforeAll(async () => {
  [bff, other] = await Promise.all([startBff(emulatorUrl), startBff(emulatorUrl)]);
});
afterAll(async () => {
  await Promise.all([bff?.close(), other?.close()]);
});

describe('the escrow key', () => {
  it('gives each user their own 32-byte key, the same from any instance, and no-store', async () => {
    const [field, partner, fieldElsewhere] = await Promise.all([
      signedIn(bff.base, DEMO.field),
      signedIn(bff.base, DEMO.partner),
      signedIn(other.base, DEMO.field),
    ]);
    const r = await field.get('/api/vault/escrowKey');
    expect(r.status, r.text).toBe(200);
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    const a = field.data<Key>(r);
    expect(Buffer.from(a.key, 'base64')).toHaveLength(32);
    expect(a.owner).toMatch(/^00D\w+:005\w+$/);
    const again = field.data<Key>(await field.get('/api/vault/escrowKey'));
    const elsewhere = fieldElsewhere.data<Key>(await fieldElsewhere.get('/api/vault/escrowKey'));
    expect(again).toEqual(a);
    expect(elsewhere).toEqual(a);
    const p = partner.data<Key>(await partner.get('/api/vault/escrowKey'));
    expect(p.owner).not.toBe(a.owner);
    expect(p.key).not.toBe(a.key);
  });

  it('answers no one without a session or without the CSRF header', async () => {
    const anonymous = await new Client(bff.base).get('/api/vault/escrowKey');
    expect(anonymous.status).toBe(401);
    const field = await signedIn(bff.base, DEMO.field);
    const noHeader = await field.get('/api/vault/escrowKey', { [CSRF_HEADER]: '' });
    expect(noHeader.status).toBe(403);
    expect(JSON.stringify(noHeader.json)).not.toMatch(/"key"/);
  });

  it('says so when the server has no secret to derive keys from', async () => {
    const bare = await startBff(emulatorUrl, { SF_CLIENT_SECRET: '', VAULT_ESCROW_SECRET: '' });
    try {
      // the emulator's demo app signs in without the consumer secret (a public client)
      const field = await signedIn(bare.base, DEMO.field);
      const r = await field.get('/api/vault/escrowKey');
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ success: false, messages: [NO_ESCROW] });
    } finally {
      await bare.close();
    }
  });
});

describe('the device policy', () => {
  it("gives field and partner users the org's policy, read as each of them (their permission set grants the type)", async () => {
    for (const who of [DEMO.field, DEMO.partner]) {
      const user = await signedIn(bff.base, who);
      const r = await user.get('/api/vault/policy');
      expect(r.status, r.text).toBe(200);
      // salesforce/force-app/main/default/customMetadata/CQ_Device_Policy.Default.md-meta.xml
      expect(user.data(r)).toEqual({ pinRequired: false, pinLength: 6, lockAfterMinutes: 15, source: 'org' });
    }
    expect((await new Client(bff.base).get('/api/vault/policy')).status).toBe(401);
  });
});
