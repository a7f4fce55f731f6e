// Issue 32 over HTTP against the emulated org: the builder is offered the inspection's geolocation
// field whole (type location; its latitude/longitude components are not separate fields), and
// objectInfo maps it to the location control's schema (an object, not read-only although the org's
// compound is: the form fills it through the components on submit).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, signedIn, startBff, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let admin: Client;
type Rec = Record<string, unknown>;
const OBJ = 'cqext__SQX_Inspection__c';

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  admin = await signedIn(bff.base, DEMO.admin);
});
afterAll(() => bff.close());

const ok = async (p: Promise<{ status: number; json: unknown; text: string }>) => {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
};

describe('geolocation fields for the builder', () => {
  it('getObjectFields offers the compound, not its components', async () => {
    const { fields } = (await ok(
      admin.post('/api/sf/getObjectFields', { instanceUrl: emulatorUrl, objectName: OBJ }),
    )) as { fields: Rec[] };
    const names = fields.map((f) => f.name);
    expect(fields.find((f) => f.name === 'cqext__Location__c')).toMatchObject({
      label: 'Location',
      type: 'location',
      required: false,
    });
    expect(names).not.toContain('cqext__Location__Latitude__s');
    expect(names).not.toContain('cqext__Location__Longitude__s');
  });

  it('the compound is writable through its components, also among the read-only fields the builder asks for', async () => {
    const { fields } = (await ok(
      admin.post('/api/sf/getObjectFields', {
        instanceUrl: emulatorUrl,
        objectName: OBJ,
        includeNonUpdateable: true,
      }),
    )) as { fields: Rec[] };
    expect(fields.find((f) => f.name === 'cqext__Location__c')).toMatchObject({ updateable: true });
    expect(fields.find((f) => f.name === 'CreatedDate')).toMatchObject({ updateable: false });
  });

  it('objectInfo maps it to the location control, enabled, and leaves the components out', async () => {
    const info = (await ok(admin.post('/api/objectInfo', { objectType: OBJ }))) as {
      properties: Record<string, { properties: Record<string, Rec> }>;
      ui: { elements: Array<{ elements: Array<{ scope: string; rule?: unknown }> }> };
    };
    const props = info.properties[OBJ]?.properties ?? {};
    expect(props.cqext__Location__c).toMatchObject({
      title: 'Location',
      type: 'object',
      format: 'location',
      properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
    });
    expect(props).not.toHaveProperty('cqext__Location__Latitude__s');
    const control = info.ui.elements[0]?.elements.find((e) => e.scope.endsWith('/cqext__Location__c'));
    expect(control).toBeDefined();
    expect(control?.rule).toBeUndefined();
  });
});
