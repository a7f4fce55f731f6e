// Custom metadata types (`…__mdt`) and their records, as an org keeps them: the type is deployed like an
// object (fields in `objects/<Type>__mdt/fields`), its records are metadata too (`customMetadata/
// <Type>.<Record>.md`), and through the APIs they are read-only rows SOQL returns. Who may read a type is
// the permission set's customMetadataTypeAccesses (an org restricts access to custom metadata types by
// default); DML on them is refused, as in an org where only the Metadata API writes them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Org } from '../org.js';
import { insertRaw } from '../sobjects/dml.js';
import { parseMetadataXml } from './sfdx.js';

export interface MetadataRecord {
  /** `CQ_Device_Policy__mdt` (no namespace). */
  type: string;
  /** DeveloperName, e.g. `Default`. */
  name: string;
  label: string;
  protected: boolean;
  values: Record<string, string | null>;
}

type Rec = Record<string, unknown>;
const asList = (v: unknown): Rec[] =>
  Array.isArray(v) ? (v as Rec[]) : typeof v === 'object' && v !== null ? [v as Rec] : [];
const textOf = (v: unknown): string | null => {
  const one: unknown = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one : null;
};

/** One `CustomMetadata` body: `CQ_Device_Policy.Default` → type `CQ_Device_Policy__mdt`, record `Default`. */
export function metadataRecord(fullName: string, body: Rec): MetadataRecord | undefined {
  const dot = fullName.indexOf('.');
  if (dot <= 0 || dot === fullName.length - 1) return undefined;
  const values: Record<string, string | null> = {};
  for (const v of asList(body.values)) {
    const field = textOf(v.field);
    if (field) values[field] = textOf(v.value);
  }
  return {
    type: `${fullName.slice(0, dot)}__mdt`,
    name: fullName.slice(dot + 1),
    label: textOf(body.label) ?? fullName.slice(dot + 1),
    protected: textOf(body.protected) === 'true',
    values,
  };
}

/** Reads `customMetadata/*.md-meta.xml` of a source-format package directory. */
export function readSourceMetadataRecords(sourceDir: string): MetadataRecord[] {
  const dir = join(sourceDir, 'customMetadata');
  if (!existsSync(dir)) return [];
  const suffix = '.md-meta.xml';
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .flatMap((f) => {
      const record = metadataRecord(
        f.slice(0, -suffix.length),
        parseMetadataXml(readFileSync(join(dir, f), 'utf8'), 'CustomMetadata'),
      );
      return record ? [record] : [];
    });
}

/** Writes the records (a record of the same type and name is replaced), as the Metadata API does. */
export function applyMetadataRecords(org: Org, records: readonly MetadataRecord[], userId: string): void {
  for (const r of records) {
    const meta = org.registry.get(org.naming.qualify(r.type));
    if (!meta) continue;
    const existing = org.store
      .list(meta.name)
      .find((x) => String(x.DeveloperName).toLowerCase() === r.name.toLowerCase());
    const values: Record<string, unknown> = {
      DeveloperName: r.name,
      MasterLabel: r.label,
      Label: r.label,
      Language: 'en_US',
      NamespacePrefix: org.naming.ns || null,
      QualifiedApiName: r.name,
      IsProtected: r.protected,
    };
    for (const [field, raw] of Object.entries(r.values)) {
      const f = meta.field(org.naming.qualify(field));
      if (!f) continue;
      values[f.name] =
        raw === null
          ? null
          : f.type === 'boolean'
            ? raw === 'true'
            : f.type === 'double' || f.type === 'int' || f.type === 'percent' || f.type === 'currency'
              ? Number(raw)
              : raw;
    }
    if (existing) org.store.put(meta.name, { ...existing, ...values, LastModifiedById: userId });
    else insertRaw(org, meta, values, userId);
  }
}
