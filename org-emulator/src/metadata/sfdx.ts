// The org's custom schema comes from Salesforce metadata, the same files an admin deploys to a real org
// (the repository's salesforce/ SFDX project): custom objects, their fields, record types and validation
// rules, plus custom fields on standard objects. Source format (one file per field) is read into the
// Metadata API's CustomObject shape, then turned into the definitions describe, SOQL and DML run on.
import { parseSync } from 'sformula';
import type { ValidationRule } from './types.js';
import { IdFactory } from '../ids.js';
import { isMetadataType, metadataTypeDef, metadataTypePrefix } from './mdt-schema.js';
import { lookup, systemFields } from './dsl.js';
import type { FieldDef, ObjectDef, PicklistValue, RecordTypeDef } from './types.js';
import type { CustomFieldMd, CustomObjectMd, ValidationRuleMd } from './sfdx-source.js';

export * from './sfdx-source.js';

const isTrue = (v: string | undefined): boolean => v === 'true';
const int = (v: string | undefined, fallback: number): number => (v === undefined ? fallback : Number(v));

/** Real long text areas stop at 131,072 characters; the emulator lets such a field hold 4 MB (a 1,000-field form's JSON needs more). */
export const EMULATOR_LONG_TEXT_MAX = 4_000_000;
const PLATFORM_LONG_TEXT_MAX = 131_072;

/** Names as the org shows them: the namespace prefix on custom objects, fields and relationships. */
export class Naming {
  constructor(readonly ns: string) {}
  private get p(): string {
    return this.ns ? `${this.ns}__` : '';
  }
  /** `Title__c` → `cqext__Title__c`; standard names and already-qualified names stay. */
  qualify(name: string): string {
    if (!/__(?:[cr]|mdt)$/.test(name)) return name;
    return name.split('__').length > 2 ? name : `${this.p}${name}`;
  }
  /** The child relationship name (`Form_Submissions`) as SOQL sees it: `cqext__Form_Submissions__r`. */
  childRelationship(name: string): string {
    return `${this.p}${name}__r`;
  }
  /** Strips this org's namespace (`cqext__Title__c` → `Title__c`). */
  local(name: string): string {
    return this.p && name.startsWith(this.p) ? name.slice(this.p.length) : name;
  }
}

function picklistValues(f: CustomFieldMd): PicklistValue[] {
  const validFor = new Map<string, string[]>();
  for (const s of f.valueSet?.valueSettings ?? []) validFor.set(s.valueName, s.controllingFieldValue ?? []);
  return (f.valueSet?.valueSetDefinition?.value ?? []).map((v) => ({
    value: v.fullName,
    label: v.label ?? v.fullName,
    ...(isTrue(v.default) ? { defaultValue: true } : {}),
    ...(validFor.has(v.fullName) ? { validFor: validFor.get(v.fullName) } : {}),
  }));
}

/**
 * The fields one CustomField gives the org: itself, and for a geolocation (`Location`) its two
 * components. The compound `Site__c` is read-only (type location); `Site__Latitude__s` and
 * `Site__Longitude__s` are the doubles a record is written and filtered through.
 */
export function fieldDefs(f: CustomFieldMd, naming: Naming): FieldDef[] {
  if (f.type !== 'Location') return [fieldDef(f, naming)];
  const name = naming.qualify(f.fullName);
  const label = f.label ?? f.fullName;
  const scale = int(f.scale, 6);
  const decimal = isTrue(f.displayLocationInDecimal);
  const common = { custom: true, scale, displayLocationInDecimal: decimal, nillable: true } as const;
  const component = (part: 'Latitude' | 'Longitude'): FieldDef => ({
    ...common,
    name: name.replace(/__c$/, `__${part}__s`),
    label: `${label} (${part})`,
    type: 'double',
    precision: scale + 3,
    compoundFieldName: name,
  });
  return [
    { ...common, name, label, type: 'location', createable: false, updateable: false },
    component('Latitude'),
    component('Longitude'),
  ];
}

/** One CustomField as the org describes it. */
export function fieldDef(f: CustomFieldMd, naming: Naming): FieldDef {
  const name = naming.qualify(f.fullName);
  const label = f.label ?? f.fullName;
  const base: FieldDef = { name, label, type: 'string', custom: true };
  if (isTrue(f.required)) Object.assign(base, { required: true, nillable: false });
  switch (f.type) {
    case 'Text':
      return {
        ...base,
        length: int(f.length, 255),
        ...(isTrue(f.externalId) ? { externalId: true } : {}),
        ...(isTrue(f.unique) ? { unique: true } : {}),
      };
    case 'TextArea':
      return { ...base, type: 'textarea', length: 255 };
    case 'LongTextArea':
    case 'Html': {
      const length = int(f.length, 32768);
      return {
        ...base,
        type: 'textarea',
        length: length >= PLATFORM_LONG_TEXT_MAX ? EMULATOR_LONG_TEXT_MAX : length,
        ...(f.type === 'Html' ? { htmlFormatted: true } : {}),
      };
    }
    case 'Email':
      return { ...base, type: 'email', length: 80 };
    case 'Phone':
      return { ...base, type: 'phone', length: 40 };
    case 'Url':
      return { ...base, type: 'url', length: 255 };
    case 'Checkbox':
      return { ...base, type: 'boolean', defaultValue: isTrue(f.defaultValue), nillable: false };
    case 'Number':
    case 'Currency':
    case 'Percent':
      return {
        ...base,
        type: f.type === 'Number' ? 'double' : f.type === 'Currency' ? 'currency' : 'percent',
        precision: int(f.precision, 18),
        scale: int(f.scale, 0),
      };
    case 'Date':
      return { ...base, type: 'date' };
    case 'DateTime':
      return { ...base, type: 'datetime' };
    case 'Lookup':
    case 'MasterDetail': {
      const target = naming.qualify(f.referenceTo ?? '');
      const md = f.type === 'MasterDetail';
      return {
        ...base,
        type: 'reference',
        length: 18,
        referenceTo: [target],
        relationshipName: name.replace(/__c$/, '__r'),
        ...(f.relationshipName
          ? { childRelationshipName: naming.childRelationship(f.relationshipName) }
          : {}),
        ...(md ? { cascadeDelete: true, required: true, nillable: false } : {}),
      };
    }
    case 'Picklist':
    case 'MultiselectPicklist': {
      const values = picklistValues(f);
      const byDefault = values.find((v) => v.defaultValue);
      return {
        ...base,
        type: f.type === 'Picklist' ? 'picklist' : 'multipicklist',
        length: 255,
        picklistValues: values,
        ...(f.valueSet?.controllingField
          ? { controllerName: naming.qualify(f.valueSet.controllingField) }
          : {}),
        ...(isTrue(f.valueSet?.restricted) ? { restrictedPicklist: true } : {}),
        ...(byDefault ? { defaultValue: byDefault.value } : {}),
      };
    }
    default:
      throw new Error(`${f.fullName}: field type ${String(f.type)} is not modelled by the emulator`);
  }
}

/** The Name field a CustomObject's nameField declares (Text, or AutoNumber with its display format). */
function nameFieldDef(o: CustomObjectMd): FieldDef {
  const nf = o.nameField ?? {};
  const label = nf.label ?? 'Name';
  if (nf.type === 'AutoNumber') {
    return {
      name: 'Name',
      label,
      type: 'string',
      length: 80,
      createable: false,
      updateable: false,
      autoNumber: true,
      autoNumberFormat: nf.displayFormat ?? '{0}',
      nameField: true,
      nillable: false,
    };
  }
  return {
    name: 'Name',
    label,
    type: 'string',
    length: 80,
    required: true,
    nillable: false,
    nameField: true,
  };
}

/** Key prefixes are the org's to assign: these are the ones the demo org's objects got; others get the next free one. */
const KNOWN_PREFIXES: Record<string, string> = {
  SQX_Form_Definition__c: 'a0F',
  SQX_Form_Submission__c: 'a0G',
  SQX_Inspection_Program__c: 'a0H',
  SQX_Controlled_Document__c: 'a0J',
  SQX_Document_Section__c: 'a0K',
  SQX_Document_Question__c: 'a0L',
  SQX_Safety_Inspection__c: 'a0M',
  SQX_Inspection__c: 'a0N',
};

export class KeyPrefixes {
  private readonly used = new Set<string>(Object.values(KNOWN_PREFIXES));
  private next = 0;
  constructor(taken: Iterable<string> = []) {
    for (const p of taken) this.used.add(p);
  }
  for(localName: string): string {
    const known = KNOWN_PREFIXES[localName];
    if (known) return known;
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let prefix: string;
    do {
      prefix = `a1${alphabet[this.next % 36] ?? '0'}`;
      this.next++;
    } while (this.used.has(prefix));
    this.used.add(prefix);
    return prefix;
  }
}

/** A custom object as the org describes it. */
export function objectDef(
  o: CustomObjectMd,
  naming: Naming,
  keyPrefix: string,
  recordTypeId: (developerName: string) => string,
): ObjectDef {
  const fields = o.fields.flatMap((f) => fieldDefs(f, naming));
  // A master-detail child has no owner: its parent's sharing controls it.
  const owned = !o.fields.some((f) => f.type === 'MasterDetail');
  const recordTypes: RecordTypeDef[] = o.recordTypes
    .filter((rt) => rt.active !== 'false')
    .map((rt) => ({
      id: rt.id ?? recordTypeId(rt.fullName),
      developerName: rt.fullName,
      name: rt.label ?? rt.fullName,
    }));
  const name = naming.qualify(o.fullName);
  return {
    name,
    label: o.label ?? o.fullName,
    labelPlural: o.pluralLabel ?? o.label ?? o.fullName,
    keyPrefix,
    custom: true,
    activities: isTrue(o.enableActivities),
    fields: [
      ...systemFields(owned),
      nameFieldDef(o),
      ...(recordTypes.length > 0
        ? [lookup('RecordTypeId', 'Record Type ID', 'RecordType', 'RecordType')]
        : []),
      ...fields,
    ],
    ...(recordTypes.length > 0 ? { recordTypes } : {}),
    ...(o.sharingModel ? { sharingModel: o.sharingModel } : {}),
    ...(o.externalSharingModel ? { externalSharingModel: o.externalSharingModel } : {}),
  };
}

const FORMULA_TYPES: Partial<Record<FieldDef['type'], string>> = {
  double: 'number',
  int: 'number',
  currency: 'currency',
  percent: 'percent',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  picklist: 'picklist',
  multipicklist: 'multipicklist',
  reference: 'id',
  id: 'id',
};

/** A ValidationRule whose error condition is evaluated as Salesforce evaluates the formula. */
export function validationRule(object: ObjectDef, r: ValidationRuleMd, naming: Naming): ValidationRule {
  const fieldOf = (ref: string): FieldDef | undefined => {
    const lower = naming.qualify(ref).toLowerCase();
    return object.fields.find((f) => f.name.toLowerCase() === lower);
  };
  // The formula names fields as the package's source does (no namespace): resolve each to the org's field.
  const refs = new Map<string, FieldDef>();
  const probe = parseSync(r.errorConditionFormula, {
    inputTypes: Object.fromEntries(
      object.fields.map((f) => [naming.local(f.name), { type: FORMULA_TYPES[f.type] ?? 'string' }]),
    ) as never,
    returnType: 'boolean',
  });
  for (const ref of probe.compiled.fields) {
    const f = fieldOf(ref);
    if (!f) throw new Error(`${object.name}.${r.fullName}: the formula names an unknown field ${ref}`);
    refs.set(ref, f);
  }
  const display = r.errorDisplayField ? fieldOf(r.errorDisplayField)?.name : undefined;
  return {
    object: object.name,
    fullName: `${object.name}.${r.fullName}`,
    active: r.active !== 'false',
    errorConditionFormula: r.errorConditionFormula,
    ...(display ? { errorDisplayField: display } : {}),
    errorMessage: r.errorMessage,
    violated: (record) => {
      const context: Record<string, unknown> = {};
      for (const [ref, f] of refs) {
        const v = record[f.name];
        context[ref] =
          v === '' ? null : typeof v === 'string' && FORMULA_TYPES[f.type] === 'number' ? Number(v) : v;
      }
      return probe.evaluate(context) === true;
    },
  };
}

export interface CustomSchema {
  objects: ObjectDef[];
  /** Standard objects with the custom fields the metadata adds and their polymorphic lookups widened. */
  standard: ObjectDef[];
  rules: ValidationRule[];
}

/** Builds the org's custom schema from metadata, on top of the standard objects. */
export function customSchema(mds: CustomObjectMd[], standard: ObjectDef[], ns: string): CustomSchema {
  const naming = new Naming(ns);
  const prefixes = new KeyPrefixes(mds.flatMap((o) => (o.keyPrefix ? [o.keyPrefix] : [])));
  const rtIds = new IdFactory();
  const takenRt = new Set(mds.flatMap((o) => o.recordTypes.flatMap((r) => (r.id ? [r.id] : []))));
  let rtSeq = 0;
  const nextRt = (): string => {
    let id: string;
    do id = rtIds.next('012', ++rtSeq);
    while (takenRt.has(id));
    return id;
  };
  const customMds = mds.filter((o) => o.fullName.endsWith('__c'));
  const takenMdt = new Set(mds.flatMap((o) => (o.keyPrefix ? [o.keyPrefix] : [])));
  let mdtSeq = 0;
  const nextMdt = (): string => {
    let p: string;
    do p = metadataTypePrefix(mdtSeq++);
    while (takenMdt.has(p));
    takenMdt.add(p);
    return p;
  };
  const objects = [
    ...customMds.map((o) => objectDef(o, naming, o.keyPrefix ?? prefixes.for(o.fullName), nextRt)),
    ...mds
      .filter((o) => isMetadataType(o.fullName))
      .map((o) =>
        metadataTypeDef(
          o,
          naming,
          o.keyPrefix ?? nextMdt(),
          o.fields.flatMap((f) => fieldDefs(f, naming)),
        ),
      ),
  ];
  const byName = new Map(standard.map((s) => [s.name.toLowerCase(), s]));
  const extraFields = new Map<string, FieldDef[]>();
  for (const o of mds) {
    // Platform events (__e) are event channels (src/streaming), not objects records are stored in.
    if (o.fullName.endsWith('__c') || o.fullName.endsWith('__e') || isMetadataType(o.fullName)) continue;
    // Custom activity fields are declared on Activity and appear on Task and Event alike.
    const targets =
      o.fullName === 'Activity' ? ['task', 'event'].filter((t) => byName.has(t)) : [o.fullName.toLowerCase()];
    if (!targets.every((t) => byName.has(t)) || targets.length === 0)
      throw new Error(`standard object ${o.fullName} is not modelled by the emulator`);
    for (const t of targets)
      extraFields.set(t, [...(extraFields.get(t) ?? []), ...o.fields.flatMap((f) => fieldDefs(f, naming))]);
  }
  const widened = standard.map((s) => ({
    ...s,
    fields: [
      ...s.fields.map((f) => {
        if (!f.referenceToCustom) return f;
        const extra = objects.filter((o) => f.referenceToCustom === 'all' || o.activities).map((o) => o.name);
        return { ...f, referenceTo: [...(f.referenceTo ?? []), ...extra] };
      }),
      ...(extraFields.get(s.name.toLowerCase()) ?? []),
    ],
  }));
  const all = [...widened, ...objects];
  const known = new Set(all.map((d) => d.name.toLowerCase()));
  for (const d of all) {
    for (const f of d.fields) {
      if (!f.custom || f.type !== 'reference') continue;
      for (const target of f.referenceTo ?? []) {
        if (!known.has(target.toLowerCase())) {
          throw new Error(
            `${naming.local(d.name)}.${naming.local(f.name)}: referenceTo value of '${naming.local(target)}' does not resolve to a valid sObject type`,
          );
        }
      }
    }
  }
  const rules: ValidationRule[] = [];
  for (const o of mds) {
    const def = all.find((d) => d.name.toLowerCase() === naming.qualify(o.fullName).toLowerCase());
    if (!def) continue;
    for (const r of o.validationRules) rules.push(validationRule(def, r, naming));
  }
  return { objects, standard: widened, rules };
}

/**
 * The custom schema with the ids the org gives on first deploy filled in (key prefixes, record type ids),
 * so what an object or record type got stays its own when later deploys add others.
 */
export function withOrgIds(mds: CustomObjectMd[], standard: ObjectDef[], ns: string): CustomObjectMd[] {
  const schema = customSchema(mds, standard, ns);
  const naming = new Naming(ns);
  return mds.map((o) => {
    const def = schema.objects.find((d) => d.name === naming.qualify(o.fullName));
    if (!def) return o;
    return {
      ...o,
      keyPrefix: def.keyPrefix,
      recordTypes: o.recordTypes.map((r) => ({
        ...r,
        id: def.recordTypes?.find((x) => x.developerName === r.fullName)?.id ?? r.id,
      })),
    };
  });
}
