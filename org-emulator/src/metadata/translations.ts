// The org's object translations (Translation Workbench; Metadata API CustomObjectTranslation), and
// describe as the org answers it in the calling user's language: object labels, field labels and help,
// picklist value labels and record type names. What has no translation in the user's language shows
// the org's own label, as Salesforce does; a regional language without its own translation (es_MX)
// first takes its base language's (es).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { Naming } from './sfdx.js';

export interface FieldTranslation {
  label?: string;
  help?: string;
  /** Picklist value label in the org's language (masterLabel) → translation. */
  picklist: Record<string, string>;
}

export interface ObjectTranslation {
  /** API name without namespace, e.g. SQX_Inspection__c. */
  object: string;
  /** Language code as the org spells it: es, pt_BR, ja, ar. */
  language: string;
  label?: string;
  pluralLabel?: string;
  /** Record type developer name → translated name. */
  recordTypes: Record<string, string>;
  /** Field API name without namespace → translation. */
  fields: Record<string, FieldTranslation>;
}

const xml = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['caseValues', 'recordTypes', 'picklistValues', 'fields'].includes(name),
});

type Rec = Record<string, unknown>;
/** Text content; the Metadata API parser (sfdx.ts) reads some names (`value`) as lists. */
const str = (v: unknown): string | undefined => {
  const one: unknown = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' && one !== '' ? one : undefined;
};
/** Repeated elements: an array, or one object where the parser saw a single one. */
const list = (v: unknown): Rec[] =>
  Array.isArray(v) ? (v as Rec[]) : typeof v === 'object' && v !== null ? [v as Rec] : [];

function fieldTranslation(body: Rec): [string, FieldTranslation] | undefined {
  const name = str(body.name);
  if (!name) return undefined;
  const picklist: Record<string, string> = {};
  for (const p of list(body.picklistValues)) {
    const master = str(p.masterLabel);
    const translation = str(p.translation);
    if (master && translation) picklist[master] = translation;
  }
  return [name, { label: str(body.label), help: str(body.help), picklist }];
}

/** One CustomObjectTranslation body (metadata format: fields inline; source format adds field files). */
export function objectTranslation(
  object: string,
  language: string,
  body: Rec,
  fieldFiles: Rec[] = [],
): ObjectTranslation {
  const caseValues = list(body.caseValues);
  const caseValue = (plural: boolean): string | undefined =>
    str(caseValues.find((c) => String(c.plural) === String(plural))?.value);
  const recordTypes: Record<string, string> = {};
  for (const rt of list(body.recordTypes)) {
    const name = str(rt.name);
    const label = str(rt.label);
    if (name && label) recordTypes[name] = label;
  }
  const fields: Record<string, FieldTranslation> = Object.fromEntries(
    [...list(body.fields), ...fieldFiles].flatMap((f) => {
      const t = fieldTranslation(f);
      return t ? [t] : [];
    }),
  );
  // The name field is translated on the object (nameFieldLabel), not as a field of its own.
  const nameLabel = str(body.nameFieldLabel);
  if (nameLabel) fields.Name = { label: nameLabel, picklist: {} };
  return { object, language, label: caseValue(false), pluralLabel: caseValue(true), recordTypes, fields };
}

/** `SQX_Inspection__c-pt_BR` → object and language. */
export function splitTranslationName(name: string): { object: string; language: string } | undefined {
  const at = name.lastIndexOf('-');
  if (at <= 0 || at === name.length - 1) return undefined;
  return { object: name.slice(0, at), language: name.slice(at + 1) };
}

/** Reads `objectTranslations/<Object>-<lang>/…` of a source-format package directory. */
export function readSourceTranslations(sourceDir: string): ObjectTranslation[] {
  const dir = join(sourceDir, 'objectTranslations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const parts = splitTranslationName(name);
      if (!parts) return [];
      const folder = join(dir, name);
      const head = join(folder, `${name}.objectTranslation-meta.xml`);
      const root = (file: string, tag: string): Rec =>
        ((xml.parse(readFileSync(file, 'utf8')) as Rec)[tag] as Rec | undefined) ?? {};
      const fieldFiles = readdirSync(folder)
        .filter((f) => f.endsWith('.fieldTranslation-meta.xml'))
        .sort()
        .map((f) => root(join(folder, f), 'CustomFieldTranslation'));
      const body = existsSync(head) ? root(head, 'CustomObjectTranslation') : {};
      return [objectTranslation(parts.object, parts.language, body, fieldFiles)];
    });
}

/** The translations a user of this language sees, most specific first: es_MX, then es. */
export function languageChain(language: string): string[] {
  const base = language.split('_')[0] ?? language;
  return base && base !== language ? [language, base] : [language];
}

/** Looks labels up in one language's translations, falling back along the chain, then to the org's label. */
export class Translator {
  private readonly byObject = new Map<string, ObjectTranslation[]>();

  constructor(
    all: readonly ObjectTranslation[],
    language: string,
    private readonly naming: Naming,
  ) {
    const chain = languageChain(language);
    for (const lang of chain) {
      for (const t of all.filter((x) => x.language === lang)) {
        const key = t.object.toLowerCase();
        this.byObject.set(key, [...(this.byObject.get(key) ?? []), t]);
      }
    }
  }

  get empty(): boolean {
    return this.byObject.size === 0;
  }

  private chain(object: string): ObjectTranslation[] {
    return this.byObject.get(this.naming.local(object).toLowerCase()) ?? [];
  }

  private first<T>(object: string, pick: (t: ObjectTranslation) => T | undefined): T | undefined {
    for (const t of this.chain(object)) {
      const v = pick(t);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  objectLabel(object: string, label: string): string {
    return this.first(object, (t) => t.label) ?? label;
  }
  objectPlural(object: string, plural: string): string {
    return this.first(object, (t) => t.pluralLabel) ?? plural;
  }
  recordType(object: string, developerName: string, name: string): string {
    return this.first(object, (t) => t.recordTypes[developerName]) ?? name;
  }
  private field(object: string, field: string, pick: (f: FieldTranslation) => string | undefined) {
    const local = this.naming.local(field);
    return this.first(object, (t) => {
      const f = t.fields[local];
      return f ? pick(f) : undefined;
    });
  }
  fieldLabel(object: string, field: string, label: string): string {
    return this.field(object, field, (f) => f.label) ?? label;
  }
  fieldHelp(object: string, field: string, help: string | null): string | null {
    return this.field(object, field, (f) => f.help) ?? help;
  }
  picklistLabel(object: string, field: string, masterLabel: string): string {
    return this.field(object, field, (f) => f.picklist[masterLabel]) ?? masterLabel;
  }
}

type Body = Record<string, unknown>;

/** describeGlobal's entries, translated (label and labelPlural). */
export function translateGlobalEntry(t: Translator, entry: Body): Body {
  if (t.empty) return entry;
  const name = String(entry.name);
  return {
    ...entry,
    label: t.objectLabel(name, String(entry.label)),
    labelPlural: t.objectPlural(name, String(entry.labelPlural)),
  };
}

/** An sObject describe, translated: its labels, its fields' labels, help and picklist labels, its record types. */
export function translateDescribe(t: Translator, body: Body): Body {
  if (t.empty) return body;
  const object = String(body.name);
  const fields = Array.isArray(body.fields) ? (body.fields as Body[]) : [];
  const recordTypes = Array.isArray(body.recordTypeInfos) ? (body.recordTypeInfos as Body[]) : [];
  return {
    ...translateGlobalEntry(t, body),
    fields: fields.map((f) => {
      const name = String(f.name);
      const values = Array.isArray(f.picklistValues) ? (f.picklistValues as Body[]) : [];
      return {
        ...f,
        label: t.fieldLabel(object, name, String(f.label)),
        inlineHelpText: t.fieldHelp(object, name, (f.inlineHelpText as string | null) ?? null),
        picklistValues: values.map((p) => ({ ...p, label: t.picklistLabel(object, name, String(p.label)) })),
      };
    }),
    recordTypeInfos: recordTypes.map((rt) =>
      rt.master === true
        ? rt
        : { ...rt, name: t.recordType(object, String(rt.developerName), String(rt.name)) },
    ),
  };
}

/** A deploy's translations replace the org's for the same object and language; the others stay. */
export function mergeTranslations(
  current: readonly ObjectTranslation[],
  incoming: readonly ObjectTranslation[],
): ObjectTranslation[] {
  const key = (t: ObjectTranslation): string => `${t.object.toLowerCase()}-${t.language}`;
  const byKey = new Map(current.map((t) => [key(t), t]));
  for (const t of incoming) byKey.set(key(t), t);
  return [...byKey.values()].sort((a, b) => key(a).localeCompare(key(b)));
}
