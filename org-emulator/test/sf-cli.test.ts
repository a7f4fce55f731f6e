// Salesforce's own CLI against a running emulator, over HTTP, as a new user would drive it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, login, start } from './helpers.js';
import { sfCli, type SfCli } from './sf-cli.js';

let emu: RunningEmulator;
let sf: SfCli;

beforeAll(async () => {
  emu = await start();
  sf = sfCli();
});
afterAll(async () => {
  sf.dispose();
  await emu.close();
});

describe('sf CLI', () => {
  it('logs in with an access token and keeps the org under its alias', async () => {
    const conn = await login(emu, ADMIN);
    const result = (await sf.login(emu.url, conn.accessToken ?? '')) as Record<string, unknown>;
    expect(result).toMatchObject({ username: ADMIN, orgId: expect.stringMatching(/^00D\w{15}$/) });
    expect(result.instanceUrl).toBe(`${emu.url}/`);
  });
});
