// Metadata API deploys of the org's schema (metadata format, as `sf project deploy start` zips it):
// custom objects with their fields, record types and validation rules, permission sets, tabs, Apex
// classes and triggers, connected apps (registered as OAuth clients: oauth/connected-apps.ts), object
// translations (translations.ts), custom metadata records (custom-metadata.ts). Checked as the org checks them (every reference resolves, every field
// type is known, every formula compiles), then applied all at once; what was deployed is kept for retrieve.
import { XMLValidator } from 'fast-xml-parser';
import type { Org } from '../org.js';
import { permissionSetKey } from '../security/access.js';
import { insertRaw } from '../sobjects/dml.js';
import { standardObjects } from './objects.js';
import { type CustomObjectMd, customSchema, parseMetadataXml } from './sfdx.js';
import { applyMetadataRecords, type MetadataRecord, metadataRecord } from './custom-metadata.js';
import {
  mergeTranslations,
  type ObjectTranslation,
  objectTranslation,
  splitTranslationName,
} from './translations.js';
import {
  type ConnectedAppPlan,
  connectedAppConsumerKeys,
  planConnectedApp,
} from '../oauth/connected-apps.js';
import { ECA_FOLDERS, isEcaType, planExternalClientApps } from '../oauth/external-client-apps.js';

export interface ComponentResult {
  componentType: string;
  fullName: string;
  fileName: string;
  problem?: string;
  problemType?: 'Error' | 'Warning';
  created: boolean;
  changed: boolean;
  deleted: boolean;
  success: boolean;
}

/** Metadata-format folders the emulator deploys (LWC bundles are deploy.ts's). */
export const FOLDERS: Record<string, { type: string; suffix: string; root: string }> = {
  objects: { type: 'CustomObject', suffix: '.object', root: 'CustomObject' },
  permissionsets: { type: 'PermissionSet', suffix: '.permissionset', root: 'PermissionSet' },
  tabs: { type: 'CustomTab', suffix: '.tab', root: 'CustomTab' },
  classes: { type: 'ApexClass', suffix: '.cls', root: 'ApexClass' },
  triggers: { type: 'ApexTrigger', suffix: '.trigger', root: 'ApexTrigger' },
  connectedApps: { type: 'ConnectedApp', suffix: '.connectedApp', root: 'ConnectedApp' },
  customMetadata: { type: 'CustomMetadata', suffix: '.md', root: 'CustomMetadata' },
  objectTranslations: {
    type: 'CustomObjectTranslation',
    suffix: '.objectTranslation',
    root: 'CustomObjectTranslation',
  },
  ...ECA_FOLDERS,
};
const CODE = new Set(['ApexClass', 'ApexTrigger']);

const KV_FILES = 'metadataFiles';

/** The deployed metadata files (path → text), as a retrieve hands them back. */
export function deployedFiles(org: Org): Record<string, string> {
  return JSON.parse(org.store.getKv(KV_FILES) ?? '{}') as Record<string, string>;
}

export interface MetadataPlan {
  /** Components found in the package (0 = nothing of the schema in it). */
  count: number;
  failures: ComponentResult[];
  successes: ComponentResult[];
  apply(userId: string): void;
}

const result = (
  componentType: string,
  fullName: string,
  fileName: string,
  fields: Partial<ComponentResult> = {},
): ComponentResult => ({
  componentType,
  fullName,
  fileName,
  created: false,
  changed: false,
  deleted: false,
  success: true,
  ...fields,
});

/** Merges deployed objects into the org's: a deployed field, record type or rule replaces its namesake. */
export function mergeObjects(current: CustomObjectMd[], incoming: CustomObjectMd[]): CustomObjectMd[] {
  const byName = new Map(current.map((o) => [o.fullName.toLowerCase(), structuredClone(o)]));
  for (const o of incoming) {
    const key = o.fullName.toLowerCase();
    const existing = byName.get(key);
    if (!existing) {
      byName.set(key, structuredClone(o));
      continue;
    }
    const mergeList = <T extends { fullName: string }>(a: T[], b: T[]): T[] => {
      const out = new Map(a.map((x) => [x.fullName.toLowerCase(), x]));
      for (const x of b) out.set(x.fullName.toLowerCase(), x);
      return [...out.values()];
    };
    const { fields, recordTypes, validationRules, ...head } = o;
    byName.set(key, {
      ...existing,
      ...head,
      fields: mergeList(existing.fields, fields),
      // A redeployed record type keeps the id the org gave it.
      recordTypes: mergeList(
        existing.recordTypes,
        recordTypes.map((r) => ({
          ...r,
          id: existing.recordTypes.find((x) => x.fullName === r.fullName)?.id,
        })),
      ).map((r) => (r.id === undefined ? (({ id: _id, ...rest }) => rest)(r) : r)),
      validationRules: mergeList(existing.validationRules, validationRules),
    });
  }
  return [...byName.values()].sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** Reads and checks a package's schema components; `apply` makes them the org's. */
export function planMetadata(org: Org, files: Record<string, Uint8Array>): MetadataPlan {
  const decoder = new TextDecoder();
  const text = (path: string): string | undefined => {
    const data = files[path];
    return data ? decoder.decode(data) : undefined;
  };
  const failures: ComponentResult[] = [];
  const successes: ComponentResult[] = [];
  const objects: CustomObjectMd[] = [];
  const others: { type: string; fullName: string; fileName: string; body: Record<string, unknown> }[] = [];
  const kept: Record<string, string> = {};
  for (const path of Object.keys(files).sort()) {
    const m = /^([^/]+)\/([^/]+)$/.exec(path);
    const folder = m?.[1] ? FOLDERS[m[1]] : undefined;
    if (!m?.[2] || !folder || path.endsWith('-meta.xml')) continue;
    if (!m[2].endsWith(folder.suffix)) continue;
    const fullName = m[2].slice(0, -folder.suffix.length);
    const code = CODE.has(folder.type);
    const xmlPath = code ? `${path}-meta.xml` : path;
    const xml = text(xmlPath);
    const fail = (problem: string): void => {
      failures.push(result(folder.type, fullName, path, { problem, problemType: 'Error', success: false }));
    };
    if (xml === undefined) {
      fail(`${folder.type} ${fullName}: the ${xmlPath} file is missing.`);
      continue;
    }
    if (XMLValidator.validate(xml) !== true) {
      fail(`${xmlPath}: not valid XML.`);
      continue;
    }
    let body: Record<string, unknown>;
    try {
      body = parseMetadataXml(xml, folder.root);
    } catch {
      fail(`${xmlPath}: the root element must be ${folder.root}.`);
      continue;
    }
    kept[path] = text(path) ?? '';
    if (code) kept[xmlPath] = xml;
    if (folder.type === 'CustomObject') {
      objects.push({
        fields: [],
        recordTypes: [],
        validationRules: [],
        ...(body as Partial<CustomObjectMd>),
        fullName,
      });
    } else others.push({ type: folder.type, fullName, fileName: path, body });
  }

  const naming = org.naming;
  const current = org.customMetadata();
  const merged = mergeObjects(current, objects);
  let schemaOk = objects.length === 0;
  if (objects.length > 0) {
    try {
      customSchema(merged, standardObjects, naming.ns);
      schemaOk = true;
    } catch (e) {
      const problem = e instanceof Error ? e.message : String(e);
      const culprit =
        objects.find((o) => problem.startsWith(`${o.fullName}.`) || problem.startsWith(`${o.fullName}:`)) ??
        objects[0];
      if (culprit) {
        failures.push(
          result('CustomObject', culprit.fullName, `objects/${culprit.fullName}.object`, {
            problem,
            problemType: 'Error',
            success: false,
          }),
        );
      }
    }
  }
  if (schemaOk) {
    const before = new Map(current.map((o) => [o.fullName.toLowerCase(), o]));
    for (const o of objects) {
      const had = before.get(o.fullName.toLowerCase());
      const fileName = `objects/${o.fullName}.object`;
      // A standard object is never created: its custom fields are.
      const created = !had && o.fullName.endsWith('__c');
      successes.push(result('CustomObject', o.fullName, fileName, { created, changed: !created }));
      const child = (type: string, names: string[], old: { fullName: string }[] | undefined): void => {
        for (const n of names) {
          const existed = old?.some((x) => x.fullName.toLowerCase() === n.toLowerCase());
          successes.push(
            result(type, `${o.fullName}.${n}`, fileName, { created: !existed, changed: !!existed }),
          );
        }
      };
      child(
        'CustomField',
        o.fields.map((f) => f.fullName),
        had?.fields,
      );
      child(
        'RecordType',
        o.recordTypes.map((r) => r.fullName),
        had?.recordTypes,
      );
      child(
        'ValidationRule',
        o.validationRules.map((r) => r.fullName),
        had?.validationRules,
      );
    }
  }

  // Tabs and permission sets name objects and fields: those must exist once this deploy is in.
  const objectNames = new Set(merged.map((o) => o.fullName.toLowerCase()));
  const fieldNames = new Set(
    merged.flatMap((o) => o.fields.map((f) => `${o.fullName}.${f.fullName}`.toLowerCase())),
  );
  const recordTypeNames = new Set(
    merged.flatMap((o) => o.recordTypes.map((r) => `${o.fullName}.${r.fullName}`.toLowerCase())),
  );
  const list = (v: unknown): Record<string, unknown>[] =>
    (Array.isArray(v) ? v : v === undefined ? [] : [v]) as Record<string, unknown>[];
  const isStandard = (name: string): boolean => !name.endsWith('__c');
  const apps: ConnectedAppPlan[] = [];
  const ecas = planExternalClientApps(
    org,
    others.filter((c) => isEcaType(c.type)),
    (fileName) => kept[fileName] ?? '',
    connectedAppConsumerKeys(org),
  );
  for (const [fileName, xml] of ecas.retrievable) kept[fileName] = xml;
  const translations: ObjectTranslation[] = [];
  const metadataRecords: MetadataRecord[] = [];
  for (const c of others) {
    let problem: string | undefined = ecas.problems.get(c.fileName);
    if (c.type === 'ConnectedApp') {
      const app = planConnectedApp(org, c.fullName, c.body, kept[c.fileName] ?? '');
      problem = app.problem;
      kept[c.fileName] = app.retrievable;
      apps.push(app);
    }
    if (
      c.type === 'CustomTab' &&
      c.body.customObject === 'true' &&
      !objectNames.has(c.fullName.toLowerCase())
    ) {
      problem = `no CustomObject named ${c.fullName} found`;
    }
    if (c.type === 'PermissionSet') {
      for (const fp of list(c.body.fieldPermissions)) {
        const field = String(fp.field);
        if (!fieldNames.has(field.toLowerCase()))
          problem ??= `In field: field - no CustomField named ${field} found`;
      }
      for (const op of list(c.body.objectPermissions)) {
        const object = String(op.object);
        if (!isStandard(object) && !objectNames.has(object.toLowerCase()))
          problem ??= `In field: object - no CustomObject named ${object} found`;
      }
      for (const rt of list(c.body.recordTypeVisibilities)) {
        const name = String(rt.recordType);
        if (!recordTypeNames.has(name.toLowerCase()))
          problem ??= `In field: recordType - no RecordType named ${name} found`;
      }
      for (const t of list(c.body.tabSettings)) {
        const tab = String(t.tab);
        const known =
          others.some((o) => o.type === 'CustomTab' && o.fullName === tab) || kvHas(org, `tabs/${tab}.tab`);
        if (!known) problem ??= `In field: tab - no CustomTab named ${tab} found`;
      }
    }
    if (c.type === 'CustomMetadata') {
      const record = metadataRecord(c.fullName, c.body);
      if (!record || !objectNames.has(record.type.toLowerCase()))
        problem = `no CustomObject named ${record?.type ?? c.fullName} found`;
      else {
        const unknown = Object.keys(record.values).find(
          (f) => !fieldNames.has(`${record.type}.${f}`.toLowerCase()),
        );
        if (unknown) problem = `In field: field - no CustomField named ${record.type}.${unknown} found`;
        else metadataRecords.push(record);
      }
    }
    if (c.type === 'CustomObjectTranslation') {
      const parts = splitTranslationName(c.fullName);
      const translation = parts && objectTranslation(parts.object, parts.language, c.body);
      if (!translation || !objectNames.has(translation.object.toLowerCase()))
        problem = `In field: fullName - no CustomObject named ${parts?.object ?? c.fullName} found`;
      else {
        const unknown = Object.keys(translation.fields).find(
          (f) => f !== 'Name' && !fieldNames.has(`${translation.object}.${f}`.toLowerCase()),
        );
        if (unknown) problem = `In field: name - no CustomField named ${translation.object}.${unknown} found`;
        else translations.push(translation);
      }
    }
    const existed = kvHas(org, c.fileName);
    if (problem) {
      failures.push(
        result(c.type, c.fullName, c.fileName, { problem, problemType: 'Error', success: false }),
      );
    } else {
      successes.push(result(c.type, c.fullName, c.fileName, { created: !existed, changed: existed }));
    }
  }

  return {
    count: objects.length + others.length,
    failures,
    successes,
    apply(userId: string) {
      if (objects.length > 0) org.setCustomMetadata(merged);
      const rtMeta = org.registry.get('RecordType');
      if (rtMeta) {
        const existing = new Set(
          org.store
            .list('RecordType')
            .map((r) => `${String(r.SobjectType)}.${String(r.DeveloperName)}`.toLowerCase()),
        );
        for (const o of objects) {
          const def = org.registry.get(naming.qualify(o.fullName));
          for (const rt of def?.def.recordTypes ?? []) {
            if (existing.has(`${def?.name ?? ''}.${rt.developerName}`.toLowerCase())) continue;
            insertRaw(
              org,
              rtMeta,
              {
                Name: rt.name,
                DeveloperName: rt.developerName,
                SobjectType: def?.name,
                NamespacePrefix: naming.ns || null,
                IsActive: true,
              },
              userId,
              rt.id,
            );
          }
        }
      }
      for (const c of others) {
        if (c.type !== 'PermissionSet') continue;
        recordPermissionSet(org, c.fullName, c.body, userId);
      }
      applyMetadataRecords(org, metadataRecords, userId);
      if (translations.length > 0)
        org.setObjectTranslations(mergeTranslations(org.objectTranslations(), translations));
      for (const app of apps) app.register(org);
      ecas.register(org);
      org.store.setKv(KV_FILES, JSON.stringify({ ...deployedFiles(org), ...kept }));
    },
  };
}

function kvHas(org: Org, path: string): boolean {
  return deployedFiles(org)[path] !== undefined;
}

/** The PermissionSet row of a deployed permission set (created, or its label and description updated). */
export function recordPermissionSet(
  org: Org,
  name: string,
  body: Record<string, unknown>,
  userId: string,
): void {
  const meta = org.registry.get('PermissionSet');
  if (!meta) return;
  const values = {
    Name: name,
    Label: typeof body.label === 'string' ? body.label : name,
    Description: typeof body.description === 'string' ? body.description : null,
    IsCustom: true,
  };
  const existing = org.store
    .list('PermissionSet')
    .find((r) => String(r.Name).toLowerCase() === name.toLowerCase());
  if (existing) org.store.put('PermissionSet', { ...existing, ...values });
  else insertRaw(org, meta, values, userId);
  // What it grants, read by the security layer for every user assigned to it.
  org.store.setKv(permissionSetKey(name), JSON.stringify(body));
}
