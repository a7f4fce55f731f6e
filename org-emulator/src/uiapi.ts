// UI API object-info and picklist-values in Salesforce's shapes (what record forms and pickers read).
import Router from '@koa/router';
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { type Emu, userOf } from './context.js';
import { SfError } from './errors.js';
import { apiVersion } from './http/apiVersion.js';
import { RECORD_TYPE_IDS } from './metadata/objects.js';
import type { ObjectMeta } from './metadata/registry.js';
import type { Translator } from './metadata/translations.js';
import type { FieldDef } from './metadata/types.js';
import { controllerValues } from './sobjects/describe.js';

const DATA_TYPES: Record<string, string> = {
  id: 'String',
  string: 'String',
  textarea: 'TextArea',
  boolean: 'Boolean',
  int: 'Int',
  double: 'Double',
  currency: 'Currency',
  percent: 'Percent',
  date: 'Date',
  datetime: 'DateTime',
  reference: 'Reference',
  picklist: 'Picklist',
  multipicklist: 'MultiPicklist',
  email: 'Email',
  phone: 'Phone',
  url: 'Url',
  base64: 'Base64',
  anyType: 'AnyType',
};

const etag = (x: unknown): string => createHash('md5').update(JSON.stringify(x)).digest('hex');

/** The object as the running user sees it (only fields they can read; createable/updateable theirs). */
function objectOf(emu: Emu, ctx: Context, name: string): ObjectMeta {
  const meta = emu.org.security.forUser(userOf(ctx)).registry.get(name);
  if (!meta) throw new SfError(400, 'INVALID_TYPE', `Object ${name} is not supported in UI API`);
  return meta;
}

function fieldInfo(emu: Emu, meta: ObjectMeta, f: FieldDef): Record<string, unknown> {
  const controlling: string[] = [];
  let c = f.controllerName;
  while (c) {
    controlling.push(c);
    c = meta.field(c)?.controllerName;
  }
  return {
    apiName: f.name,
    calculated: f.calculated ?? false,
    compound: false,
    compoundComponentName: null,
    compoundFieldName: null,
    controllerName: f.controllerName ?? null,
    controllingFields: controlling,
    createable: f.createable ?? true,
    custom: f.custom ?? false,
    dataType: DATA_TYPES[f.type] ?? 'String',
    externalId: f.externalId ?? false,
    extraTypeInfo: f.type === 'textarea' ? 'PlainTextArea' : null,
    filterable: f.type !== 'textarea',
    filteredLookupInfo: null,
    highScaleNumber: false,
    htmlFormatted: false,
    inlineHelpText: null,
    label: f.label,
    length: f.length ?? 0,
    maskType: null,
    nameField: f.nameField ?? false,
    polymorphicForeignKey: (f.referenceTo?.length ?? 0) > 1,
    precision: f.precision ?? 0,
    reference: f.type === 'reference',
    referenceTargetField: null,
    referenceToInfos: (f.referenceTo ?? []).map((t) => {
      const target = emu.org.registry.get(t);
      return { apiName: t, nameFields: target?.nameField ? [target.nameField.name] : ['Name'] };
    }),
    relationshipName: f.relationshipName ?? null,
    required: f.required === true && f.createable !== false,
    scale: f.scale ?? 0,
    searchPrefilterable: false,
    sortable: f.type !== 'textarea',
    unique: f.unique ?? false,
    updateable: f.updateable ?? true,
  };
}

function recordTypeInfos(meta: ObjectMeta, t: Translator): Record<string, unknown> {
  const infos: Record<string, unknown> = {};
  const rts = meta.def.recordTypes ?? [];
  rts.forEach((rt, i) => {
    infos[rt.id] = {
      available: true,
      defaultRecordTypeMapping: i === 0,
      master: false,
      name: t.recordType(meta.name, rt.developerName, rt.name),
      recordTypeId: rt.id,
    };
  });
  infos[RECORD_TYPE_IDS.master] = {
    available: true,
    defaultRecordTypeMapping: rts.length === 0,
    master: true,
    name: 'Master',
    recordTypeId: RECORD_TYPE_IDS.master,
  };
  return infos;
}

function picklistValues(
  meta: ObjectMeta,
  f: FieldDef,
  v: string,
  rt: string,
  t: Translator,
): Record<string, unknown> {
  const label = (p: { label?: string; value: string }): string =>
    t.picklistLabel(meta.name, f.name, p.label ?? p.value);
  const ctrl = controllerValues(meta, f);
  const controllerMap: Record<string, number> = {};
  (ctrl ?? []).forEach((value, i) => {
    controllerMap[value] = i;
  });
  const def = (f.picklistValues ?? []).find((p) => p.defaultValue);
  const body = {
    controllerValues: controllerMap,
    defaultValue: def ? { attributes: null, label: label(def), validFor: [], value: def.value } : null,
    url: `/services/data/${v}/ui-api/object-info/${meta.name}/picklist-values/${rt}/${f.name}`,
    values: (f.picklistValues ?? []).map((p) => ({
      attributes: null,
      label: label(p),
      validFor: ctrl && p.validFor ? p.validFor.map((x) => ctrl.indexOf(x)).filter((i) => i >= 0) : [],
      value: p.value,
    })),
  };
  return { ...body, eTag: etag(body) };
}

function checkRecordType(meta: ObjectMeta, rt: string): void {
  const ok =
    rt === RECORD_TYPE_IDS.master ||
    rt === RECORD_TYPE_IDS.master.slice(0, 15) ||
    (meta.def.recordTypes ?? []).some((r) => r.id === rt || r.id.slice(0, 15) === rt);
  if (!ok) throw new SfError(404, 'NOT_FOUND', `Invalid record type id: ${rt}`);
}

export function uiApiRoutes(emu: Emu): Router {
  const router = new Router({ prefix: '/services/data/:version/ui-api' });

  router.get('/object-info', (ctx) => {
    const v = apiVersion(ctx);
    const objects: Record<string, unknown> = {};
    const t = emu.org.translatorFor(userOf(ctx));
    for (const m of emu.org.security.forUser(userOf(ctx)).registry.all()) {
      objects[m.name] = {
        apiName: m.name,
        label: t.objectLabel(m.name, m.def.label),
        labelPlural: t.objectPlural(m.name, m.def.labelPlural),
        keyPrefix: m.def.keyPrefix,
        custom: m.def.custom,
        url: `/services/data/${v}/ui-api/object-info/${m.name}`,
      };
    }
    ctx.body = { objects };
  });

  router.get('/object-info/:object', (ctx: Context) => {
    apiVersion(ctx);
    const meta = objectOf(emu, ctx, String(ctx.params.object));
    const t = emu.org.translatorFor(userOf(ctx));
    const fields: Record<string, unknown> = {};
    const dependentFields: Record<string, Record<string, unknown>> = {};
    for (const f of meta.def.fields) {
      fields[f.name] = { ...fieldInfo(emu, meta, f), label: t.fieldLabel(meta.name, f.name, f.label) };
      if (f.controllerName) {
        dependentFields[f.controllerName] = { ...(dependentFields[f.controllerName] ?? {}), [f.name]: {} };
      }
    }
    const rts = meta.def.recordTypes ?? [];
    const body = {
      apiName: meta.name,
      associateEntityType: null,
      associateParentEntity: null,
      childRelationships: meta.children.map((c) => ({
        childObjectApiName: c.childSObject,
        fieldName: c.field,
        junctionIdListNames: [],
        junctionReferenceTo: [],
        relationshipName: c.relationshipName,
      })),
      createable: meta.def.createable ?? true,
      custom: meta.def.custom,
      defaultRecordTypeId: rts[0]?.id ?? RECORD_TYPE_IDS.master,
      deletable: meta.def.deletable ?? true,
      dependentFields,
      feedEnabled: false,
      fields,
      keyPrefix: meta.def.keyPrefix,
      label: t.objectLabel(meta.name, meta.def.label),
      labelPlural: t.objectPlural(meta.name, meta.def.labelPlural),
      layoutable: true,
      mruEnabled: true,
      nameFields: meta.nameField ? [meta.nameField.name] : [],
      queryable: meta.def.queryable ?? true,
      recordTypeInfos: recordTypeInfos(meta, t),
      searchable: true,
      themeInfo: {
        color: meta.def.custom ? '3C97DD' : '7F8DE1',
        iconUrl: `/img/icon/t4v35/standard/${meta.def.custom ? 'custom' : meta.name.toLowerCase()}_120.png`,
      },
      updateable: meta.def.updateable ?? true,
    };
    ctx.body = { ...body, eTag: etag(body) };
  });

  router.get('/object-info/:object/picklist-values/:recordTypeId', (ctx) => {
    const v = apiVersion(ctx);
    const meta = objectOf(emu, ctx, String(ctx.params.object));
    const rt = String(ctx.params.recordTypeId);
    checkRecordType(meta, rt);
    const t = emu.org.translatorFor(userOf(ctx));
    const picklistFieldValues: Record<string, unknown> = {};
    for (const f of meta.def.fields) {
      if (f.type === 'picklist' || f.type === 'multipicklist')
        picklistFieldValues[f.name] = picklistValues(meta, f, v, rt, t);
    }
    ctx.body = { eTag: etag(picklistFieldValues), picklistFieldValues };
  });

  router.get('/object-info/:object/picklist-values/:recordTypeId/:field', (ctx) => {
    const v = apiVersion(ctx);
    const meta = objectOf(emu, ctx, String(ctx.params.object));
    const rt = String(ctx.params.recordTypeId);
    checkRecordType(meta, rt);
    const f = meta.field(String(ctx.params.field));
    if (!f || (f.type !== 'picklist' && f.type !== 'multipicklist')) {
      throw new SfError(
        404,
        'NOT_FOUND',
        `Picklist field ${String(ctx.params.field)} was not found on ${meta.name}`,
      );
    }
    ctx.body = picklistValues(meta, f, v, rt, emu.org.translatorFor(userOf(ctx)));
  });

  return router;
}
