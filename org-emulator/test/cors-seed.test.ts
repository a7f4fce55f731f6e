import { describe, expect, it } from 'vitest';
import { ADMIN, http, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;

// Queries across every user's records: an administrator's view (View All Data).
const sf = orgForFile({}, ADMIN);

describe('CORS for direct browser calls', () => {
  it('answers preflight and tags responses for localhost origins only', async () => {
    const pre = await http(sf.emu, '/services/data/v60.0/connect/files/users/me', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization');
    const res = await http(sf.emu, '/services/data/v60.0/limits', {
      token: sf.conn.accessToken ?? '',
      headers: { origin: 'http://localhost:4000' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4000');
    const evil = await http(sf.emu, '/services/data/v60.0/limits', {
      token: sf.conn.accessToken ?? '',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('seeded forms follow the product spec', () => {
  it('has 6+ forms incl. a 1000+ field form, a safety inspection, table/file/signature, offline mix', async () => {
    const res = await sf.conn.query<Rec>(
      'SELECT Id, Name, cqext__Title__c, cqext__Supports_Offline__c, cqext__Form_JSON__c, cqext__Form_Builder_JSON__c, cqext__Object_Type__c FROM cqext__SQX_Form_Definition__c ORDER BY Name',
    );
    expect(res.totalSize).toBeGreaterThanOrEqual(6);
    const forms = res.records.map((r) => ({
      rec: r,
      json: JSON.parse(String(r.cqext__Form_JSON__c)) as Rec,
    }));
    for (const { rec, json } of forms) {
      expect(json.version).toBe('2.0.0');
      expect(json.cqFormType).toBe(rec.cqext__Object_Type__c);
      const props = (json.schema as Rec).properties as Rec;
      expect(Object.keys(props)).toContain('General');
      expect(Object.keys(props)).toContain(json.cqFormType);
      expect(json.nextaction).toEqual({ cqext__Activity_Code__c: 'submit' });
      const builder = JSON.parse(
        Buffer.from(String(rec.cqext__Form_Builder_JSON__c), 'base64').toString('utf8'),
      ) as Rec;
      expect(builder.formName).toBe(json.formName);
    }
    const fieldCount = (json: Rec): number =>
      Object.values((json.schema as { properties: Record<string, { properties: Rec }> }).properties).reduce(
        (n, o) => n + Object.keys(o.properties).length,
        0,
      );
    expect(Math.max(...forms.map((f) => fieldCount(f.json)))).toBeGreaterThanOrEqual(1000);
    expect(forms.some((f) => f.json.cqFormType === 'cqext__SQX_Safety_Inspection__c')).toBe(true);
    const equipment = forms.find((f) => JSON.stringify(f.json.ui).includes('"table"'));
    expect(equipment?.json.Files).toBeDefined();
    expect((equipment?.json.signatures as unknown[]).length).toBeGreaterThan(0);
    const offline = forms.map((f) => f.rec.cqext__Supports_Offline__c);
    expect(offline).toContain(true);
    expect(offline).toContain(false);
  });

  it('has a photo attached to the in-progress submission', async () => {
    const res = await sf.conn.query<Rec>(
      "SELECT ContentDocumentId, ContentDocument.Title, ContentDocument.FileType FROM ContentDocumentLink WHERE LinkedEntityId IN (SELECT Id FROM cqext__SQX_Form_Submission__c WHERE cqext__Status__c = 'In Progress')",
    );
    expect(res.totalSize).toBe(1);
    expect(res.records[0]?.ContentDocument).toMatchObject({ Title: 'wet-floor', FileType: 'PNG' });
    const previews = await http(
      sf.emu,
      `/services/data/v60.0/connect/files/${String(res.records[0]?.ContentDocumentId)}/previews/thumbnail`,
      {
        token: sf.conn.accessToken ?? '',
      },
    );
    expect(previews.body).toMatchObject({ status: 'Available' });
  });

  it('has not-started tasks for every demo user and criteria documents for the builder query', async () => {
    for (const user of ['field.user@demo.org', 'partner.user@demo.org', 'admin@demo.org']) {
      const res = await sf.conn.query<Rec>(
        `SELECT Id, Name, (SELECT Id, Subject FROM Tasks WHERE Status = 'Not Started' AND Owner.Username = '${user}') FROM cqext__SQX_Inspection_Program__c LIMIT 50`,
      );
      expect(res.records.filter((r) => r.Tasks !== null).length).toBe(4);
    }
    const docs = await sf.conn.query<Rec>(
      "SELECT Id, Name, cqext__Title__c, cqext__Document_Number__c, (SELECT Id, cqext__Section_Title__c FROM cqext__Sections__r), (SELECT Id, cqext__Question_Type__c, cqext__Result_Type__c, cqext__Options__c FROM cqext__Questions__r) FROM cqext__SQX_Controlled_Document__c WHERE cqext__Document_Status__c IN ('Current', 'Pre-Release') AND RecordType.DeveloperName = 'Safety_Inspection_Criteria' AND cqext__Criteria_Type__c = 'Fire Safety'",
    );
    expect(docs.totalSize).toBe(1);
    const questions = (docs.records[0]?.cqext__Questions__r as { records: Rec[] }).records;
    expect(questions.map((q) => q.cqext__Question_Type__c)).toEqual(
      expect.arrayContaining(['Picklist', 'Radio']),
    );
    expect(questions.map((q) => q.cqext__Result_Type__c)).toContain('Color Code');
  });
});
