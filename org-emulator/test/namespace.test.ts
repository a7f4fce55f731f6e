// The namespace prefix is configuration: the package's `cqext` by default, none for an unmanaged deploy
// into a plain org (`--namespace ''`), where the same SFDX source gives SQX_Form_Submission__c, Score__c…
import { describe, expect, it } from 'vitest';
import { ADMIN, http, login, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;
const org = orgForFile({ namespace: '' });
const V = '/services/data/v62.0';

describe('an org without a namespace (--namespace "")', () => {
  it('names the package’s objects, fields and relationships without a prefix, from the same source', async () => {
    const custom = (await org.conn.describeGlobal()).sobjects.filter((s) => s.custom).map((s) => s.name);
    expect(custom).toContain('SQX_Form_Submission__c');
    expect(custom.some((n) => n.startsWith('cqext__'))).toBe(false);
    const sub = await org.conn.sobject('SQX_Form_Submission__c').describe();
    expect(sub.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Uniqueness_Constraint__c', 'Status__c']),
    );
    const docs = await org.conn.query<Rec>(
      "SELECT Name, (SELECT Name FROM Sections__r) FROM SQX_Controlled_Document__c WHERE Name = 'DOC-0001'",
    );
    expect(((docs.records[0]?.Sections__r as Rec).records as Rec[]).length).toBe(3);
    const rts = await org.conn.query<Rec>('SELECT SobjectType, NamespacePrefix FROM RecordType LIMIT 1');
    expect(rts.records[0]).toMatchObject({
      SobjectType: 'SQX_Controlled_Document__c',
      NamespacePrefix: null,
    });
  });

  it('seeds the demo forms under the org’s names', async () => {
    const forms = await org.conn.query<Rec>(
      "SELECT Object_Type__c, Form_JSON__c FROM SQX_Form_Definition__c WHERE Name = 'FORM-0001'",
    );
    const form = forms.records[0] ?? {};
    expect(form.Object_Type__c).toBe('SQX_Inspection__c');
    expect(String(form.Form_JSON__c)).not.toContain('cqext__');
    expect(JSON.parse(String(form.Form_JSON__c))).toMatchObject({ cqFormType: 'SQX_Inspection__c' });
  });

  it('declares the package’s dynamic-filter interface without a namespace', async () => {
    const admin = await login(org.emu, ADMIN);
    const rows = await admin.tooling.query<Rec>(
      "SELECT ClassName, InterfaceNamespacePrefix FROM ApexTypeImplementor WHERE InterfaceName = 'SQX_DynamicFilter' ORDER BY ClassName",
    );
    expect(rows.records.map((r) => [r.ClassName, r.InterfaceNamespacePrefix])).toEqual([
      ['CQ_AccountSiteFilter', null],
      ['CQ_OpenTaskFilter', null],
    ]);
  });

  it('runs the rules and the submit processing under those names', async () => {
    const forms = await org.conn.query<Rec>("SELECT Id FROM SQX_Form_Definition__c WHERE Name = 'FORM-0001'");
    const formId = String(forms.records[0]?.Id);
    const field = await login(org.emu);
    const res = await http(org.emu, `${V}/sobjects/SQX_Form_Submission__c`, {
      method: 'POST',
      token: field.accessToken ?? '',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Form_Definition__c: formId,
        Uniqueness_Constraint__c: `${formId}#ns-test`,
        Status__c: 'Submitted',
        Submission_JSON__c: JSON.stringify({ data: { SQX_Inspection__c: { Score__c: 150 } } }),
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        message: 'Score must be between 0 and 100',
        errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
        fields: ['Score__c'],
      },
    ]);
  });
});
