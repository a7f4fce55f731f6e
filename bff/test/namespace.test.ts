// The namespace prefix is configuration: with SF_NAMESPACE empty the BFF works against an org where the
// package was deployed unmanaged (the emulator with --namespace ''): SQX_Form_Submission__c, Score__c, ….
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from './global-setup';
import { expectScoreRuleOnUnprefixedSubmit, okData } from './unprefixed-submit';
import { siteInspectionRequired, signedIn, startBff, type Client, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
let emulator: { url: string; child: ChildProcess };
let bff: RunningBff;
let c: Client;

beforeAll(async () => {
  emulator = await startEmulator(['--namespace', '']);
  bff = await startBff(emulator.url, { SF_NAMESPACE: '' });
  c = await signedIn(bff.base);
}, 60_000);
afterAll(async () => {
  await bff?.close();
  emulator?.child.kill('SIGTERM');
});

describe('SF_NAMESPACE empty (an unmanaged deploy)', () => {
  it('lists the forms and submits one; the org’s rule answers with the unprefixed field path', async () => {
    const forms = (await okData(c.get('/api/forms'))) as Rec[];
    const form = forms.find((f) => f.Name === 'FORM-0001');
    expect(form).toBeDefined();
    const formId = String(form?.Id);
    await expectScoreRuleOnUnprefixedSubmit(
      c,
      formId,
      'FORM-0001 - General Site Inspection',
      await siteInspectionRequired(emulator.url, ''),
    );
    const pending = (await okData(c.get('/api/pendingSubmissions'))) as Rec[];
    expect(pending.every((r) => !Object.keys(r).some((k) => k.startsWith('cqext__')))).toBe(true);
  });

  it('the builder offers the package’s objects under their unprefixed names', async () => {
    const admin = await signedIn(bff.base, 'admin@demo.org');
    const objects = (await okData(admin.get('/api/objects'))) as Rec[];
    expect(objects.map((o) => o.name)).toEqual(
      expect.arrayContaining(['SQX_Inspection__c', 'SQX_Safety_Inspection__c', 'SQX_Form_Submission__c']),
    );
  });
});
