import { describe, expect, it, afterEach } from 'vitest';
import { API_ALLOWANCE_TEXTS, MESSAGES } from 'shared-contracts';
import { gatewayError } from './org-gateway';
import { makeHarness, type Harness } from '../../../test/offline/harness';

// "Get this form's definition", the host's one read for every screen (issue 41.3).

let h: Harness | undefined;
afterEach(async () => {
  await h?.svc.dispose();
  h = undefined;
});

const def = { schema: { properties: { General: { type: 'object' } } } };
const other = { schema: { properties: { Other: { type: 'object' } } } };

describe('formDefinition: own copy, then the device, then the org, one rule for failures', () => {
  it('the record’s own copy first, then the offline copy, then the org; nothing read from the org when the device has it', async () => {
    h = makeHarness();
    h.org.formDefs.set('a0F1', def);
    expect(await h.svc.formDefinition('a0F1', other)).toEqual({ kind: 'found', formDef: other, from: 'own' });
    expect(await h.svc.formDefinition('a0F1')).toEqual({ kind: 'found', formDef: def, from: 'org' });
    await h.svc.downloadForOffline('a0F1');
    const reads = h.org.calls.length;
    expect(await h.svc.formDefinition('a0F1', 'not a definition')).toEqual({
      kind: 'found',
      formDef: def,
      from: 'device',
    });
    expect(h.org.calls.length).toBe(reads);
  });

  it('offline with no copy: the spec’s Cannot connect, and no org call', async () => {
    h = makeHarness();
    h.online.set(false);
    expect(await h.svc.formDefinition('a0F1')).toEqual({
      kind: 'unreachable',
      network: true,
      message: MESSAGES.cannotConnectToInternet,
    });
    expect(h.org.calls).toEqual([]);
  });

  it('none in the org; a definition that cannot be filled in says why', async () => {
    h = makeHarness();
    expect(await h.svc.formDefinition('a0F9')).toEqual({ kind: 'none' });
    h.org.formDefs.set('a0F2', 'Form not set up yet');
    expect(await h.svc.formDefinition('a0F2')).toEqual({ kind: 'unusable', message: 'Form not set up yet' });
  });

  it('the org failing: its words (the allowance text unprefixed); a lost answer is a network failure', async () => {
    h = makeHarness();
    const x = h;
    const fail = (e: unknown) => {
      x.org.getFormDefinition = () => Promise.reject(e);
    };
    fail(
      gatewayError('unavailable', `${MESSAGES.serverErrorPrefix}${API_ALLOWANCE_TEXTS.spent}`, {
        status: 503,
      }),
    );
    expect(await x.svc.formDefinition('a0F1')).toEqual({
      kind: 'unreachable',
      network: false,
      message: API_ALLOWANCE_TEXTS.spent,
    });
    fail(gatewayError('unavailable', 'Server Error: down', { status: 502 }));
    expect(await x.svc.formDefinition('a0F1')).toMatchObject({
      network: false,
      message: 'Server Error: down',
    });
    fail(gatewayError('rejected', 'bad id', { status: 400 }));
    expect(await x.svc.formDefinition('a0F1')).toEqual({ kind: 'none' });
    fail(gatewayError('network', 'Network Error'));
    expect(await x.svc.formDefinition('a0F1')).toMatchObject({ kind: 'unreachable', network: true });
  });
});
