// The source is checked the way a deploy would refuse it: well-formed XML with the right root per file
// kind, and every cross-reference (permission sets, record types, dependent picklists, validation rules)
// naming something the project declares.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

type Rec = Record<string, unknown>;
const source = fileURLToPath(new URL('../force-app/main/default', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
  );
const all = walk(source);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (n) =>
    [
      'value',
      'valueSettings',
      'controllingFieldValue',
      'fieldPermissions',
      'objectPermissions',
      'tabSettings',
      'recordTypeVisibilities',
      'picklistValues',
      'values',
      'recordTypes',
      'customMetadataTypeAccesses',
    ].includes(n),
});
const read = (file: string, root: string): Rec =>
  (parser.parse(readFileSync(file, 'utf8')) as Rec)[root] as Rec;

const ROOTS: Record<string, string> = {
  '.object-meta.xml': 'CustomObject',
  '.field-meta.xml': 'CustomField',
  '.recordType-meta.xml': 'RecordType',
  '.validationRule-meta.xml': 'ValidationRule',
  '.tab-meta.xml': 'CustomTab',
  '.permissionset-meta.xml': 'PermissionSet',
  '.cls-meta.xml': 'ApexClass',
  '.trigger-meta.xml': 'ApexTrigger',
  '.objectTranslation-meta.xml': 'CustomObjectTranslation',
  '.fieldTranslation-meta.xml': 'CustomFieldTranslation',
  '.md-meta.xml': 'CustomMetadata',
};
const suffixOf = (file: string): string | undefined => Object.keys(ROOTS).find((s) => file.endsWith(s));

const objects = readdirSync(join(source, 'objects'));
const fieldsOf = (o: string): Map<string, Rec> =>
  new Map(
    all
      .filter((f) => f.startsWith(join(source, 'objects', o, 'fields') + '/'))
      .map((f) => {
        const field = read(f, 'CustomField');
        return [String(field.fullName), field];
      }),
  );
const picklistValues = (field: Rec | undefined): string[] =>
  (
    ((field?.valueSet as Rec | undefined)?.valueSetDefinition as Rec | undefined)?.value as Rec[] | undefined
  )?.map((v) => String(v.fullName)) ?? [];

describe('SFDX source', () => {
  it('every file is well-formed metadata of its kind, named after its fullName', () => {
    for (const file of all) {
      const suffix = suffixOf(file);
      if (!suffix) {
        expect(file, 'unknown file kind').toMatch(/\.(cls|trigger)$/);
        continue;
      }
      const text = readFileSync(file, 'utf8');
      expect(XMLValidator.validate(text), relative(source, file)).toBe(true);
      const doc = parser.parse(text) as Rec;
      expect(
        Object.keys(doc).filter((k) => k !== '?xml'),
        relative(source, file),
      ).toEqual([ROOTS[suffix]]);
      const body = doc[ROOTS[suffix] ?? ''] as Rec;
      if (body.fullName !== undefined) {
        expect(String(body.fullName)).toBe(file.slice(file.lastIndexOf('/') + 1, -suffix.length));
      }
    }
  });

  it('translations name only objects, fields, picklist values and record types the project declares, in every shipped language', () => {
    const dir = join(source, 'objectTranslations');
    const folders = readdirSync(dir);
    const languages = new Set(folders.map((f) => f.slice(f.lastIndexOf('-') + 1)));
    expect([...languages].sort()).toEqual(['ar', 'de', 'es', 'fr', 'iw', 'ja', 'pt_BR']);
    for (const folder of folders) {
      const object = folder.slice(0, folder.lastIndexOf('-'));
      expect(objects, folder).toContain(object);
      const fields = fieldsOf(object);
      const recordTypes = readdirSync(join(source, 'objects', object)).includes('recordTypes')
        ? readdirSync(join(source, 'objects', object, 'recordTypes')).map((f) => f.split('.')[0])
        : [];
      const head = read(join(dir, folder, `${folder}.objectTranslation-meta.xml`), 'CustomObjectTranslation');
      for (const rt of (head.recordTypes as Rec[] | undefined) ?? [])
        expect(recordTypes, `${folder}: ${String(rt.name)}`).toContain(String(rt.name));
      for (const file of readdirSync(join(dir, folder)).filter((f) =>
        f.endsWith('.fieldTranslation-meta.xml'),
      )) {
        const t = read(join(dir, folder, file), 'CustomFieldTranslation');
        const field = fields.get(String(t.name));
        expect(field, `${folder}/${file}`).toBeDefined();
        expect(String(t.name)).toBe(file.slice(0, -'.fieldTranslation-meta.xml'.length));
        const labels =
          (
            ((field?.valueSet as Rec | undefined)?.valueSetDefinition as Rec | undefined)?.value as
              Rec[] | undefined
          )?.map((v) => String(v.label ?? v.fullName)) ?? [];
        const translated = ((t.picklistValues as Rec[] | undefined) ?? []).map((p) => String(p.masterLabel));
        for (const m of translated) expect(labels, `${folder}/${file}`).toContain(m);
        // A translated picklist translates every value: a half-translated list mixes languages on screen.
        if (translated.length > 0)
          expect([...translated].sort(), `${folder}/${file}`).toEqual([...labels].sort());
      }
    }
  });

  it('custom metadata records name their type and only its fields', () => {
    const dir = join(source, 'customMetadata');
    for (const file of readdirSync(dir)) {
      const [type = '', name = ''] = file.replace('.md-meta.xml', '').split('.');
      expect(objects, file).toContain(`${type}__mdt`);
      expect(name, file).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      const fields = fieldsOf(`${type}__mdt`);
      const values = (read(join(dir, file), 'CustomMetadata').values as Rec[] | Rec | undefined) ?? [];
      for (const v of Array.isArray(values) ? values : [values])
        expect(fields.has(String(v.field)), `${file}: ${String(v.field)}`).toBe(true);
    }
  });

  it('dependent picklists name a controlling picklist and only its values; record types only values of their picklists', () => {
    for (const o of objects) {
      const fields = fieldsOf(o);
      for (const [name, field] of fields) {
        const vs = field.valueSet as Rec | undefined;
        if (!vs?.controllingField) continue;
        const controller = fields.get(String(vs.controllingField));
        expect(controller?.type, `${o}.${name}`).toBe('Picklist');
        const allowed = picklistValues(controller);
        const own = picklistValues(field);
        for (const s of (vs.valueSettings as Rec[]) ?? []) {
          expect(own).toContain(s.valueName);
          for (const c of s.controllingFieldValue as string[]) expect(allowed, `${o}.${name}`).toContain(c);
        }
      }
      for (const rt of all.filter((f) => f.startsWith(join(source, 'objects', o, 'recordTypes') + '/'))) {
        for (const p of (read(rt, 'RecordType').picklistValues as Rec[]) ?? []) {
          const values = picklistValues(fields.get(String(p.picklist)));
          expect(values.length, `${rt}: ${String(p.picklist)}`).toBeGreaterThan(0);
          for (const v of p.values as Rec[]) expect(values).toContain(v.fullName);
        }
      }
    }
  });

  it('validation rules show their error on a field of their object and name only its fields', () => {
    for (const o of objects) {
      const fields = fieldsOf(o);
      for (const file of all.filter((f) =>
        f.startsWith(join(source, 'objects', o, 'validationRules') + '/'),
      )) {
        const rule = read(file, 'ValidationRule');
        if (rule.errorDisplayField) expect(fields.has(String(rule.errorDisplayField)), file).toBe(true);
        for (const ref of String(rule.errorConditionFormula).match(/\b\w+__c\b/g) ?? []) {
          expect(fields.has(ref), `${file}: ${ref}`).toBe(true);
        }
      }
    }
  });

  it('permission sets grant only what the project declares, never a required (master-detail) field', () => {
    const tabs = readdirSync(join(source, 'tabs')).map((t) => t.replace('.tab-meta.xml', ''));
    const sets = readdirSync(join(source, 'permissionsets'));
    expect(sets.sort()).toEqual([
      'CQ_Field_User.permissionset-meta.xml',
      'CQ_Form_Builder.permissionset-meta.xml',
    ]);
    for (const set of sets) {
      const ps = read(join(source, 'permissionsets', set), 'PermissionSet');
      const granted = new Set<string>();
      for (const fp of ps.fieldPermissions as Rec[]) {
        const [o = '', f = ''] = String(fp.field).split('.');
        const field = fieldsOf(o).get(f);
        expect(field, String(fp.field)).toBeDefined();
        expect(field?.type).not.toBe('MasterDetail');
        expect(field?.required === 'true').toBe(false);
        granted.add(String(fp.field));
      }
      // Every optional field is readable: the app reads them all. Custom metadata types have no
      // field-level security: access to the type is granted whole (below).
      for (const o of objects.filter((x) => !x.endsWith('__mdt'))) {
        for (const [f, field] of fieldsOf(o)) {
          if (field.type !== 'MasterDetail') expect(granted.has(`${o}.${f}`), `${set}: ${o}.${f}`).toBe(true);
        }
      }
      // Custom objects and the platform event (read: subscribing to it needs Read on the event).
      const custom = objects.filter((o) => o.endsWith('__c') || o.endsWith('__e'));
      expect((ps.objectPermissions as Rec[]).map((p) => p.object).sort()).toEqual(custom.sort());
      const types = objects.filter((o) => o.endsWith('__mdt'));
      expect(
        ((ps.customMetadataTypeAccesses as Rec[] | undefined) ?? []).map((a) => a.name).sort(),
        `${set}: custom metadata types`,
      ).toEqual(types.sort());
      for (const t of ps.tabSettings as Rec[]) expect(tabs).toContain(t.tab);
      for (const rt of ps.recordTypeVisibilities as Rec[]) {
        const [o = '', name = ''] = String(rt.recordType).split('.');
        expect(all).toContain(join(source, 'objects', o, 'recordTypes', `${name}.recordType-meta.xml`));
      }
    }
  });

  it('field users can submit and discard; only form builders change forms', () => {
    const perms = (set: string, object: string): Rec =>
      (
        read(join(source, 'permissionsets', `${set}.permissionset-meta.xml`), 'PermissionSet')
          .objectPermissions as Rec[]
      ).find((p) => p.object === object) ?? {};
    expect(perms('CQ_Field_User', 'SQX_Form_Submission__c')).toMatchObject({
      allowCreate: 'true',
      allowEdit: 'true',
      allowDelete: 'true',
      allowRead: 'true',
    });
    expect(perms('CQ_Field_User', 'SQX_Form_Definition__c')).toMatchObject({
      allowRead: 'true',
      allowEdit: 'false',
    });
    expect(perms('CQ_Form_Builder', 'SQX_Form_Definition__c')).toMatchObject({
      allowCreate: 'true',
      allowEdit: 'true',
      allowDelete: 'true',
    });
  });
});

// The OAuth client is an External Client App (new connected apps are refused since Spring '26): a header
// file and one file per plugin, each its own Metadata API type (README, "Connect a real org").
describe('external-client-app: the OAuth client and canvas app the BFF runs as', () => {
  const dir = fileURLToPath(new URL('../external-client-app/main/default/', import.meta.url));
  const files = walk(dir).map((f) => relative(dir, f));
  const file = (type: string, root: string): Rec => {
    const path = join(dir, type);
    const xml = readFileSync(path, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    return read(path, root);
  };

  it('holds the header, the OAuth plugin (settings, global settings, policies) and the canvas plugin, nothing else', () => {
    expect(files.sort()).toEqual([
      'externalClientApps/CQ_Offline_Forms.eca-meta.xml',
      'extlClntAppCanvasSettings/CQ_Offline_Forms_canvas.ecaCanvas-meta.xml',
      'extlClntAppGlobalOauthSets/CQ_Offline_Forms_glbloauth.ecaGlblOauth-meta.xml',
      'extlClntAppOauthPolicies/CQ_Offline_Forms_oauthPlcy.ecaOauthPlcy-meta.xml',
      'extlClntAppOauthSettings/CQ_Offline_Forms_oauth.ecaOauth-meta.xml',
    ]);
    // ExtlClntAppCanvasSettings exists from API 66.0: the project's source API version must reach it.
    const project = JSON.parse(readFileSync(new URL('../sfdx-project.json', import.meta.url), 'utf8')) as {
      sourceApiVersion: string;
      packageDirectories: { path: string }[];
    };
    expect(Number(project.sourceApiVersion)).toBeGreaterThanOrEqual(66);
    expect(project.packageDirectories.map((p) => p.path)).toEqual(['force-app', 'external-client-app']);
  });

  it('every plugin names the app; PKCE required, no secret or key in source, the scopes the BFF asks for', () => {
    const header = file('externalClientApps/CQ_Offline_Forms.eca-meta.xml', 'ExternalClientApplication');
    expect(header).toMatchObject({
      label: 'CQ Offline Forms',
      contactEmail: expect.stringContaining('@'),
      distributionState: 'Local',
    });
    const oauth = file(
      'extlClntAppOauthSettings/CQ_Offline_Forms_oauth.ecaOauth-meta.xml',
      'ExtlClntAppOauthSettings',
    );
    // api → Api, refresh_token → RefreshToken, id → Basic (the BFF asks for `api refresh_token id`).
    expect(String(oauth.commaSeparatedOauthScopes).split(/,\s*/)).toEqual(['Api', 'Basic', 'RefreshToken']);
    const global = file(
      'extlClntAppGlobalOauthSets/CQ_Offline_Forms_glbloauth.ecaGlblOauth-meta.xml',
      'ExtlClntAppGlobalOauthSettings',
    );
    expect(global).toMatchObject({ isPkceRequired: 'true', isConsumerSecretOptional: 'true' });
    // The org generates the key and the secret: neither belongs in source control.
    expect(global).not.toHaveProperty('consumerKey');
    expect(global).not.toHaveProperty('consumerSecret');
    const policies = file(
      'extlClntAppOauthPolicies/CQ_Offline_Forms_oauthPlcy.ecaOauthPlcy-meta.xml',
      'ExtlClntAppOauthConfigurablePolicies',
    );
    expect(policies).toMatchObject({ permittedUsersPolicyType: 'AllSelfAuthorized' });
    const canvas = file(
      'extlClntAppCanvasSettings/CQ_Offline_Forms_canvas.ecaCanvas-meta.xml',
      'ExtlClntAppCanvasSettings',
    );
    // The signed request is POSTed to the BFF's /canvas (bff/README.md, "Canvas").
    expect(canvas).toMatchObject({ accessMethod: 'Post', canvasUrl: 'http://127.0.0.1:4000/canvas' });
    for (const plugin of [oauth, global, policies, canvas])
      expect(plugin.externalClientApplication).toBe('CQ_Offline_Forms');
  });
});
