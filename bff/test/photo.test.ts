import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedIn, startBff, type Client, type RunningBff } from './helpers';

/** The header's avatar: the org's user photo through the BFF, never requested by the browser from the org. */
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
});
afterAll(() => bff.close());

const getBytes = async (url: string, cookie?: string) => {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('GET /api/userPhoto', () => {
  it('streams the signed-in user’s photo as an image, small and full size', async () => {
    const cookie = c.jar.header(bff.base);
    const small = await getBytes(`${bff.base}/api/userPhoto`, cookie);
    expect(small.res.status).toBe(200);
    expect(small.res.headers.get('content-type')).toBe('image/png');
    expect(small.res.headers.get('cache-control')).toContain('private');
    expect(small.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const full = await getBytes(`${bff.base}/api/userPhoto?size=full`, cookie);
    expect(full.res.status).toBe(200);
    expect(full.bytes.length).toBeGreaterThan(small.bytes.length);
    // The same picture the org serves at the user's SmallPhotoUrl.
    const [details] = c.data<Array<{ SmallPhotoUrl: string }>>(await c.get('/api/userDetails'));
    const direct = await getBytes(String(details?.SmallPhotoUrl));
    expect(direct.bytes.equals(small.bytes)).toBe(true);
  });

  it('answers 401 with the envelope without a session, and 400 for a bad size', async () => {
    const anonymous = await fetch(`${bff.base}/api/userPhoto`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { success: boolean }).success).toBe(false);
    expect((await c.get('/api/userPhoto?size=huge')).status).toBe(400);
  });
});
