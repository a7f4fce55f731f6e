// describe in the user's language, from the org's object translations (salesforce/objectTranslations,
// deployable as CustomObjectTranslation), as a client we did not write (jsforce) reads it.
import { strToU8 } from 'fflate';
import type { Connection } from 'jsforce';
import { deployMetadata } from 'test-kit/metadata-deploy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { languageChain } from '../src/metadata/translations.js';
import { ADMIN, FIELD_USER, http, login, PARTNER_USER, start } from './helpers.js';

type Rec = Record<string, unknown>;
interface Describe {
  label: string;
  labelPlural: string;
  fields: { name: string; label: string; picklistValues: { label: string; value: string }[] }[];
  recordTypeInfos: { developerName: string; name: string; master: boolean }[];
}

let emu: RunningEmulator;
let admin: Connection;

const userId = async (username: string): Promise<string> =>
  (await admin.query<{ Id: string }>(`SELECT Id FROM User WHERE Username = '${username}'`)).records[0]?.Id ??
  '';

/** The admin sets a user's language, as in Setup; the user then signs in. */
async function userIn(username: string, language: string): Promise<Connection> {
  await admin.sobject('User').update({ Id: await userId(username), LanguageLocaleKey: language });
  return login(emu, username);
}

const field = (d: Describe, name: string) => {
  const f = d.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

beforeAll(async () => {
  emu = await start({ deployMs: 50 });
  admin = await login(emu, ADMIN);
});
afterAll(async () => {
  await emu.close();
});

describe('describe in the user language', () => {
  it('answers a Spanish user in Spanish: object, fields, picklist labels (values unchanged), record types', async () => {
    const es = await userIn(FIELD_USER, 'es');
    const d = (await es.describe('cqext__SQX_Inspection__c')) as unknown as Describe;
    expect([d.label, d.labelPlural]).toEqual(['Inspección', 'Inspecciones']);
    expect(field(d, 'cqext__Result__c').label).toBe('Resultado');
    expect(field(d, 'cqext__Result__c').picklistValues).toEqual([
      expect.objectContaining({ value: 'Pass', label: 'Aprobado' }),
      expect.objectContaining({ value: 'Fail', label: 'No aprobado' }),
      expect.objectContaining({ value: 'N/A', label: 'N/A' }),
    ]);
    expect(field(d, 'Name').label).toBe('Número de inspección');
    // A field without a translation keeps the org's label.
    expect(field(d, 'CreatedDate').label).toBe('Created Date');

    const doc = (await es.describe('cqext__SQX_Controlled_Document__c')) as unknown as Describe;
    expect(doc.recordTypeInfos.map((r) => r.name)).toEqual([
      'Criterios de inspección de seguridad',
      'Documento estándar',
      'Master',
    ]);
    const global = (await es.describeGlobal()) as unknown as { sobjects: { name: string; label: string }[] };
    expect(global.sobjects.find((o) => o.name === 'cqext__SQX_Safety_Inspection__c')?.label).toBe(
      'Inspección de seguridad',
    );
  });

  it('answers the UI API (object info, picklist values) in the same language', async () => {
    const ar = await userIn(PARTNER_USER, 'ar');
    const token = ar.accessToken ?? '';
    const info = await http(emu, '/services/data/v62.0/ui-api/object-info/cqext__SQX_Safety_Inspection__c', {
      token,
    });
    const body = info.body as Rec & { fields: Record<string, { label: string }> };
    expect(body.label).toBe('فحص السلامة');
    expect(body.fields.cqext__Status__c?.label).toBe('الحالة');
    const values = await http(
      emu,
      '/services/data/v62.0/ui-api/object-info/cqext__SQX_Safety_Inspection__c/picklist-values/012000000000000AAA/cqext__Status__c',
      { token },
    );
    expect((values.body as { values: { label: string; value: string }[] }).values).toEqual([
      expect.objectContaining({ value: 'Draft', label: 'مسودة' }),
      expect.objectContaining({ value: 'In Progress', label: 'قيد التنفيذ' }),
      expect.objectContaining({ value: 'Complete', label: 'مكتمل' }),
    ]);
  });

  it('falls back as an org does: a regional language to its base, a language without translations to the org labels', async () => {
    expect(languageChain('es_MX')).toEqual(['es_MX', 'es']);
    expect(languageChain('pt_BR')).toEqual(['pt_BR', 'pt']);
    const mx = await userIn(FIELD_USER, 'es_MX');
    expect(((await mx.describe('cqext__SQX_Inspection__c')) as unknown as Describe).label).toBe('Inspección');
    const it_ = await userIn(FIELD_USER, 'it');
    const d = (await it_.describe('cqext__SQX_Inspection__c')) as unknown as Describe;
    expect(d.label).toBe('Inspection');
    expect(field(d, 'cqext__Result__c').picklistValues.map((p) => p.label)).toEqual(['Pass', 'Fail', 'N/A']);
    // The admin (English) is never shown another user's language.
    expect(((await admin.describe('cqext__SQX_Inspection__c')) as unknown as Describe).label).toBe(
      'Inspection',
    );
  });
});

describe('Hebrew users', () => {
  it("keeps Salesforce's key for Hebrew, iw, as the admin set it: the user reads it back (the app maps it to he)", async () => {
    const iw = await userIn(FIELD_USER, 'iw');
    const me = await iw.query<{ LanguageLocaleKey: string }>(
      `SELECT LanguageLocaleKey FROM User WHERE Id = '${await userId(FIELD_USER)}'`,
    );
    expect(me.records[0]?.LanguageLocaleKey).toBe('iw');
    expect(languageChain('iw')).toEqual(['iw']);
    await userIn(FIELD_USER, 'en_US');
  });

  it("answers an iw user in Hebrew from the org's iw translations: object, fields, picklist labels (values unchanged), record types", async () => {
    const iw = await userIn(FIELD_USER, 'iw');
    const d = (await iw.describe('cqext__SQX_Inspection__c')) as unknown as Describe;
    expect([d.label, d.labelPlural]).toEqual(['בדיקה', 'בדיקות']);
    expect(field(d, 'Name').label).toBe('מספר בדיקה');
    expect(field(d, 'cqext__Result__c').label).toBe('תוצאה');
    expect(field(d, 'cqext__Result__c').picklistValues).toEqual([
      expect.objectContaining({ value: 'Pass', label: 'עבר' }),
      expect.objectContaining({ value: 'Fail', label: 'נכשל' }),
      expect.objectContaining({ value: 'N/A', label: 'לא רלוונטי' }),
    ]);
    const safety = (await iw.describe('cqext__SQX_Safety_Inspection__c')) as unknown as Describe;
    expect(
      field(safety, 'cqext__Hazard_Type__c').picklistValues.map((p) => [p.value, p.label]),
    ).toContainEqual(['Blocked Exit', 'יציאה חסומה']);
    const doc = (await iw.describe('cqext__SQX_Controlled_Document__c')) as unknown as Describe;
    expect(doc.recordTypeInfos.map((r) => r.name)).toEqual([
      'קריטריונים לבדיקת בטיחות',
      'מסמך סטנדרטי',
      'Master',
    ]);
    const global = (await iw.describeGlobal()) as unknown as { sobjects: { name: string; label: string }[] };
    expect(global.sobjects.find((o) => o.name === 'cqext__SQX_Form_Submission__c')?.label).toBe('הגשת טופס');
    await userIn(FIELD_USER, 'en_US');
  });
});

describe('deploying translations', () => {
  const PACKAGE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Package xmlns="http://soap.sforce.com/2006/04/metadata"><types><members>*</members><name>CustomObjectTranslation</name></types><version>62.0</version></Package>`;
  const translation = (fullName: string, fieldName: string, label: string) =>
    strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<CustomObjectTranslation xmlns="http://soap.sforce.com/2006/04/metadata">
    <caseValues><plural>false</plural><value>Ispezione</value></caseValues>
    <caseValues><plural>true</plural><value>Ispezioni</value></caseValues>
    <fields><label>${label}</label><name>${fieldName}</name>
        <picklistValues><masterLabel>Pass</masterLabel><translation>Superato</translation></picklistValues>
    </fields>
</CustomObjectTranslation>`);

  const deploy = async (files: Record<string, Uint8Array>): Promise<Rec> =>
    (await deployMetadata(emu.url, admin.accessToken ?? '', files, {
      apiVersion: '62.0',
      pollMs: 20,
    })) as Rec;

  it('a deployed language is what its users read next; a translation naming an unknown field fails the deploy', async () => {
    const bad = await deploy({
      'package.xml': strToU8(PACKAGE_XML),
      'objectTranslations/SQX_Inspection__c-it.objectTranslation': translation(
        'SQX_Inspection__c-it',
        'No_Such__c',
        'X',
      ),
    });
    expect(bad.status).toBe('Failed');
    expect(JSON.stringify(bad.details)).toContain('no CustomField named SQX_Inspection__c.No_Such__c found');

    const ok = await deploy({
      'package.xml': strToU8(PACKAGE_XML),
      'objectTranslations/SQX_Inspection__c-it.objectTranslation': translation(
        'SQX_Inspection__c-it',
        'Result__c',
        'Esito',
      ),
    });
    expect(ok.status).toBe('Succeeded');
    const it_ = await userIn(FIELD_USER, 'it');
    const d = (await it_.describe('cqext__SQX_Inspection__c')) as unknown as Describe;
    expect([d.label, field(d, 'cqext__Result__c').label]).toEqual(['Ispezione', 'Esito']);
    expect(field(d, 'cqext__Result__c').picklistValues.map((p) => p.label)).toEqual([
      'Superato',
      'Fail',
      'N/A',
    ]);
    // The languages the org already had are untouched.
    const es = await userIn(FIELD_USER, 'es');
    expect(((await es.describe('cqext__SQX_Inspection__c')) as unknown as Describe).label).toBe('Inspección');
  });
});
