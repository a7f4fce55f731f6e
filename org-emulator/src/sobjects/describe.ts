// describeGlobal / describe bodies in Salesforce's shapes, generated from the metadata registry.
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { FieldDef } from '../metadata/types.js';
import { RECORD_TYPE_IDS } from '../metadata/objects.js';

const SOAP: Record<string, string> = {
  id: 'tns:ID',
  reference: 'tns:ID',
  boolean: 'xsd:boolean',
  int: 'xsd:int',
  double: 'xsd:double',
  currency: 'xsd:double',
  percent: 'xsd:double',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
  base64: 'xsd:base64Binary',
  anyType: 'xsd:anyType',
  location: 'urn:location',
};

/** validFor: bit i (most significant bit of byte 0 first) set when controller value i enables this value. */
export function validForBase64(controllerValues: string[], validFor: string[]): string {
  const bytes = new Uint8Array(Math.max(1, Math.ceil(controllerValues.length / 8)) + 0);
  controllerValues.forEach((v, i) => {
    if (validFor.includes(v)) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (0x80 >> (i & 7));
  });
  return Buffer.from(bytes).toString('base64');
}

export function controllerValues(meta: ObjectMeta, f: FieldDef): string[] | undefined {
  if (!f.controllerName) return undefined;
  const ctrl = meta.field(f.controllerName);
  if (!ctrl) return undefined;
  return ctrl.type === 'boolean' ? ['false', 'true'] : (ctrl.picklistValues ?? []).map((p) => p.value);
}

export function picklistDescribe(meta: ObjectMeta, f: FieldDef): Record<string, unknown>[] {
  const ctrl = controllerValues(meta, f);
  return (f.picklistValues ?? []).map((p) => ({
    active: true,
    defaultValue: p.defaultValue ?? false,
    label: p.label ?? p.value,
    validFor: ctrl && p.validFor ? validForBase64(ctrl, p.validFor) : null,
    value: p.value,
  }));
}

function describeField(meta: ObjectMeta, f: FieldDef): Record<string, unknown> {
  const isText = ['string', 'textarea', 'email', 'phone', 'url', 'picklist', 'multipicklist'].includes(
    f.type,
  );
  const length = isText || f.type === 'id' || f.type === 'reference' ? (f.length ?? 255) : 0;
  const nillable = f.nillable ?? !(f.required ?? false);
  // A geolocation compound is read-only and can be neither filtered nor sorted (DISTANCE() does that).
  const compound = f.type === 'location';
  return {
    aggregatable: f.type !== 'textarea' && f.type !== 'base64' && !compound,
    aiPredictionField: false,
    autoNumber: f.autoNumber ?? false,
    byteLength: length * 3,
    calculated: f.calculated ?? false,
    calculatedFormula: null,
    cascadeDelete: f.cascadeDelete ?? false,
    caseSensitive: false,
    compoundFieldName: f.compoundFieldName ?? null,
    controllerName: f.controllerName ?? null,
    createable: f.createable ?? true,
    custom: f.custom ?? false,
    defaultValue: f.defaultValue ?? null,
    defaultValueFormula: null,
    defaultedOnCreate: f.defaultValue !== undefined || f.system === true || f.autoNumber === true,
    dependentPicklist: f.controllerName !== undefined,
    deprecatedAndHidden: false,
    digits: f.type === 'int' ? 9 : 0,
    displayLocationInDecimal: f.displayLocationInDecimal ?? false,
    encrypted: false,
    externalId: f.externalId ?? false,
    extraTypeInfo: f.type === 'textarea' && (f.length ?? 0) > 255 ? 'plaintextarea' : null,
    filterable: f.type !== 'textarea' && !compound,
    filteredLookupInfo: null,
    groupable: !['textarea', 'double', 'datetime', 'location'].includes(f.type),
    highScaleNumber: false,
    htmlFormatted: f.htmlFormatted ?? false,
    idLookup: f.type === 'id' || f.externalId === true || f.name === 'Username',
    inlineHelpText: null,
    label: f.label,
    length,
    mask: null,
    maskType: null,
    name: f.name,
    nameField: f.nameField ?? false,
    namePointing: (f.referenceTo?.length ?? 0) > 1,
    nillable,
    permissionable: nillable && f.system !== true,
    picklistValues: picklistDescribe(meta, f),
    polymorphicForeignKey: (f.referenceTo?.length ?? 0) > 1,
    precision: f.precision ?? 0,
    queryByDistance: compound,
    referenceTargetField: null,
    referenceTo: f.referenceTo ?? [],
    relationshipName: f.relationshipName ?? null,
    relationshipOrder: null,
    restrictedDelete: false,
    restrictedPicklist: f.type === 'picklist',
    scale: f.scale ?? 0,
    searchPrefilterable: false,
    soapType: SOAP[f.type] ?? 'xsd:string',
    sortable: f.type !== 'textarea' && !compound,
    type: f.type,
    unique: f.unique ?? false,
    updateable: f.updateable ?? true,
    writeRequiresMasterRead: false,
  };
}

function urls(meta: ObjectMeta, v: string): Record<string, string> {
  const base = `/services/data/${v}/sobjects/${meta.name}`;
  return {
    compactLayouts: `${base}/describe/compactLayouts`,
    rowTemplate: `${base}/{ID}`,
    approvalLayouts: `${base}/describe/approvalLayouts`,
    defaultValues: `${base}/defaultValues?recordTypeId&fields`,
    listviews: `${base}/listviews`,
    describe: `${base}/describe`,
    quickActions: `${base}/quickActions`,
    layouts: `${base}/describe/layouts`,
    sobject: base,
  };
}

export function globalEntry(meta: ObjectMeta, v: string): Record<string, unknown> {
  const d = meta.def;
  return {
    activateable: false,
    associateEntityType: null,
    associateParentEntity: null,
    createable: d.createable ?? true,
    custom: d.custom,
    customSetting: false,
    deepCloneable: false,
    deletable: d.deletable ?? true,
    deprecatedAndHidden: false,
    feedEnabled: false,
    hasSubtypes: false,
    isInterface: false,
    isSubtype: false,
    keyPrefix: d.keyPrefix,
    label: d.label,
    labelPlural: d.labelPlural,
    layoutable: true,
    mergeable: false,
    mruEnabled: true,
    name: d.name,
    queryable: d.queryable ?? true,
    replicateable: true,
    retrieveable: true,
    searchable: true,
    triggerable: true,
    undeletable: true,
    updateable: d.updateable ?? true,
    urls: urls(meta, v),
  };
}

export function recordTypeInfos(meta: ObjectMeta, v: string): Record<string, unknown>[] {
  const infos = (meta.def.recordTypes ?? []).map((rt, i) => ({
    active: true,
    available: true,
    defaultRecordTypeMapping: i === 0,
    developerName: rt.developerName,
    master: false,
    name: rt.name,
    recordTypeId: rt.id,
    urls: { layout: `/services/data/${v}/sobjects/${meta.name}/describe/layouts/${rt.id}` },
  }));
  infos.push({
    active: true,
    available: true,
    defaultRecordTypeMapping: infos.length === 0,
    developerName: 'Master',
    master: true,
    name: 'Master',
    recordTypeId: RECORD_TYPE_IDS.master,
    urls: { layout: `/services/data/${v}/sobjects/${meta.name}/describe/layouts/${RECORD_TYPE_IDS.master}` },
  });
  return infos;
}

export function describeObject(registry: Registry, meta: ObjectMeta, v: string): Record<string, unknown> {
  return {
    ...globalEntry(meta, v),
    actionOverrides: [],
    childRelationships: meta.children.map((c) => ({
      cascadeDelete: c.cascadeDelete,
      childSObject: c.childSObject,
      deprecatedAndHidden: false,
      field: c.field,
      junctionIdListNames: [],
      junctionReferenceTo: [],
      relationshipName: c.relationshipName,
      restrictedDelete: false,
    })),
    compactLayoutable: true,
    fields: meta.def.fields.map((f) => describeField(meta, f)),
    listviewable: null,
    lookupLayoutable: null,
    namedLayoutInfos: [],
    networkScopeFieldName: null,
    recordTypeInfos: recordTypeInfos(meta, v),
    searchLayoutable: true,
    sobjectDescribeOption: 'FULL',
    supportedScopes: [{ label: 'All records', name: 'everything' }],
  };
}

export function basicInfo(
  meta: ObjectMeta,
  v: string,
  recent: Record<string, unknown>[],
): Record<string, unknown> {
  return { objectDescribe: globalEntry(meta, v), recentItems: recent };
}
