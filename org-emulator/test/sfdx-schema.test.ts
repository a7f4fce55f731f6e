// The emulator's custom schema is the salesforce/ SFDX project: what describe answers must be exactly what
// the XML declares (a field added to one side only fails here). The XML is read here on its own, with the
// parser directly, not through the emulator's loader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_DIR } from '../src/metadata/sfdx.js';
import { http, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;
const NS = 'cqext__';
const q = (name: string): string =>
  /__(?:[cr]|mdt)$/.test(name) && name.split('__').length === 2 ? NS + name : name;
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (n) => ['value', 'valueSettings', 'controllingFieldValue'].includes(n),
});
const xml = (file: string, root: string): Rec =>
  (parser.parse(readFileSync(file, 'utf8')) as Rec)[root] as Rec;
const list = (dir: string, suffix: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix)) : [];

const objectsDir = join(DEFAULT_SOURCE_DIR, 'objects');
const declared = readdirSync(objectsDir).map((name) => ({
  name,
  object: existsSync(join(objectsDir, name, `${name}.object-meta.xml`))
    ? xml(join(objectsDir, name, `${name}.object-meta.xml`), 'CustomObject')
    : undefined,
  fields: list(join(objectsDir, name, 'fields'), '.field-meta.xml').map((f) =>
    xml(join(objectsDir, name, 'fields', f), 'CustomField'),
  ),
  recordTypes: list(join(objectsDir, name, 'recordTypes'), '.recordType-meta.xml').map((f) =>
    xml(join(objectsDir, name, 'recordTypes', f), 'RecordType'),
  ),
}));
/** The emulator's own test fixture on Account (README: the 300 upsert case); not part of the product's schema. */
const EMULATOR_FIXTURES = ['Account.External_Id__c'];

const TYPES: Record<string, string> = {
  Text: 'string',
  LongTextArea: 'textarea',
  Checkbox: 'boolean',
  Number: 'double',
  Date: 'date',
  DateTime: 'datetime',
  Lookup: 'reference',
  MasterDetail: 'reference',
  Picklist: 'picklist',
  Location: 'location',
};

/** The fields (namespaced) a declared field gives: a geolocation also has its latitude and longitude components. */
const fieldNamesOf = (x: Rec): string[] => {
  const name = q(String(x.fullName));
  return x.type === 'Location'
    ? [name, name.replace(/__c$/, '__Latitude__s'), name.replace(/__c$/, '__Longitude__s')]
    : [name];
};

const org = orgForFile();
const V = '/services/data/v60.0';

async function describeSObject(name: string): Promise<Rec> {
  const res = await http(org.emu, `${V}/sobjects/${name}/describe`, { token: org.token });
  expect(res.status).toBe(200);
  return res.body as Rec;
}

describe('the custom schema is the SFDX source', () => {
  it('has exactly the custom objects the source declares', async () => {
    const res = await http(org.emu, `${V}/sobjects`, { token: org.token });
    const custom = ((res.body as Rec).sobjects as Rec[]).filter((s) => s.custom).map((s) => s.name);
    expect(custom.sort()).toEqual(
      declared
        .filter((d) => /__(?:c|mdt)$/.test(d.name))
        .map((d) => q(d.name))
        .sort(),
    );
  });

  it('has on every object exactly the custom fields the source declares, as declared', async () => {
    const res = await http(org.emu, `${V}/sobjects`, { token: org.token });
    for (const s of (res.body as Rec).sobjects as Rec[]) {
      const name = String(s.name);
      // custom activity fields are declared on Activity and described on Task (the emulator has no Event)
      const d = declared.find((x) => q(x.name === 'Activity' ? 'Task' : x.name) === name);
      const described = await describeSObject(name);
      const fields = described.fields as Rec[];
      const customFields = fields
        .filter((f) => f.custom && !EMULATOR_FIXTURES.includes(`${name}.${String(f.name)}`))
        .map((f) => String(f.name));
      expect(customFields.sort(), name).toEqual(
        (d?.fields ?? []).flatMap((f) => fieldNamesOf(f as Rec)).sort(),
      );
      if (!d) continue;
      if (d.object && d.name.endsWith('__mdt')) {
        // A custom metadata type: read-only rows keyed by DeveloperName, its label the MasterLabel.
        expect([described.label, described.createable]).toEqual([d.object.label, false]);
        expect(fields.find((f) => f.nameField)?.name).toBe('MasterLabel');
      } else if (d.object) {
        expect(described.label).toBe(d.object.label);
        expect(described.labelPlural).toBe(d.object.pluralLabel);
        const nameField = d.object.nameField as Rec;
        const nf = fields.find((f) => f.name === 'Name');
        expect(nf?.label).toBe(nameField.label);
        expect(nf?.autoNumber).toBe(nameField.type === 'AutoNumber');
        expect(
          ((described.recordTypeInfos as Rec[]) ?? []).filter((r) => !r.master).map((r) => r.developerName),
        ).toEqual(d.recordTypes.map((r) => r.fullName));
      }
      for (const x of d.fields) {
        const f = fields.find((g) => g.name === q(String(x.fullName)));
        const where = `${name}.${String(x.fullName)}`;
        expect(f?.type, where).toBe(TYPES[String(x.type)]);
        expect(f?.label, where).toBe(x.label);
        expect(f?.externalId ?? false, where).toBe(x.externalId === 'true');
        expect(f?.unique ?? false, where).toBe(x.unique === 'true');
        if (x.type === 'Text') expect(f?.length, where).toBe(Number(x.length));
        if (x.type === 'Number')
          expect([f?.precision, f?.scale], where).toEqual([Number(x.precision), Number(x.scale)]);
        if (x.type === 'Lookup' || x.type === 'MasterDetail') {
          expect(f?.referenceTo, where).toEqual([q(String(x.referenceTo))]);
          expect(f?.relationshipName, where).toBe(q(String(x.fullName)).replace(/__c$/, '__r'));
          const parent = await describeSObject(q(String(x.referenceTo)));
          const child = (parent.childRelationships as Rec[]).find(
            (c) => c.childSObject === name && c.field === f?.name,
          );
          expect(child?.relationshipName, where).toBe(`${NS}${String(x.relationshipName)}__r`);
          expect(child?.cascadeDelete, where).toBe(x.type === 'MasterDetail');
        }
        if (x.type === 'Picklist') {
          const vs = x.valueSet as Rec;
          const values = ((vs.valueSetDefinition as Rec).value as Rec[]).map((v) => v.fullName);
          expect(
            (f?.picklistValues as Rec[]).map((v) => v.value),
            where,
          ).toEqual(values);
          expect(f?.controllerName ?? undefined, where).toBe(
            vs.controllingField ? q(String(vs.controllingField)) : undefined,
          );
          expect(f?.dependentPicklist ?? false, where).toBe(vs.controllingField !== undefined);
        }
      }
    }
  });

  it('runs each validation rule of the source as its formula says (picklists through TEXT)', async () => {
    const obj = `${NS}SQX_Safety_Inspection__c`;
    const bad = await http(org.emu, `${V}/sobjects/${obj}`, {
      method: 'POST',
      token: org.token,
      body: JSON.stringify({ cqext__Hazard_Type__c: 'Spill' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([
      {
        message: 'Choose a hazard category for the hazard type',
        errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
        fields: ['cqext__Hazard_Category__c'],
      },
    ]);
    const good = await http(org.emu, `${V}/sobjects/${obj}`, {
      method: 'POST',
      token: org.token,
      body: JSON.stringify({ cqext__Hazard_Type__c: 'Spill', cqext__Hazard_Category__c: 'Chemical' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(good.status).toBe(201);
  });
});
