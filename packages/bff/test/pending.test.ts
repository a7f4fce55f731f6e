import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedIn, startBff, type Client, type RunningBff } from './helpers';

/** Pending submissions as the app imports them: the form's title as formName, the stored field values. */
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
type Rec = Record<string, unknown>;
let titles = new Map<string, string>();

const ok = async (p: Promise<{ status: number; json: unknown; text: string }>) => {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
};
const json = (r: Rec): Rec => JSON.parse(String(r.Submission_JSON__c)) as Rec;

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
  const active = (await ok(c.get('/api/forms'))) as Rec[];
  titles = new Map(
    active.map((f) => [
      String(f.Id),
      f.Title__c ? `${String(f.Name)} - ${String(f.Title__c)}` : String(f.Name),
    ]),
  );
});
afterAll(() => bff.close());

describe('GET /api/pendingSubmissions and /api/syncPendingSubmissions', () => {
  it('carry the form title as formName in each record’s JSON, also for records made in the org without JSON', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    expect(records.length).toBeGreaterThan(1);
    // Records made in the org (no JSON of the app: no data) get the form's title; the app's own keep theirs.
    const orgMade = records.filter((r) => json(r).data === undefined);
    expect(orgMade.length).toBeGreaterThan(0);
    for (const r of orgMade) {
      const title = titles.get(String(r.Form_Definition__c));
      expect(title, String(r.Name)).toBeTruthy();
      expect(json(r).formName, String(r.Name)).toBe(title);
    }
    for (const r of records) expect(typeof json(r).formName).toBe('string');
  });

  it('keep the stored field values of an in-progress record (what its home card shows)', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    const inProgress = records.find(
      (r) =>
        (json(r).data as Record<string, Rec> | undefined)?.General?.CQ_Form_What === 'Slipped on wet floor',
    ) as Rec;
    expect(inProgress.Status__c).toBe('In Progress');
    const data = json(inProgress).data as Record<string, Rec>;
    expect(data.General?.CQ_Form_What).toBe('Slipped on wet floor');
    expect(typeof data.General?.CQ_Form_When).toBe('string');
    expect(String(data.cqext__SQX_Inspection__c?.cqext__Contact__c_Id)).toMatch(/^003/);
    expect(json(inProgress).formName).toBe(titles.get(String(inProgress.Form_Definition__c)));
    expect(json(inProgress).formName).toMatch(/^FORM-0005/);
  });

  it('syncPendingSubmissions answers the same formName for one record', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    const one = records.find((r) => json(r).data === undefined) as Rec;
    const pulled = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(one.Id)}`))) as Rec;
    expect(json(pulled).formName).toBe(json(one).formName);
  });
});
