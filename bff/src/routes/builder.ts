import { API_MESSAGES, BUILDER, FLOW_LABEL_PREFIX, PUBLISH_MESSAGES, nsPrefix } from 'shared-contracts';
import type { Connection } from 'jsforce';
import { ApiError } from '../http/errors';
import { safeJsonParse } from '../http/body';
import { describeObject, fieldSummary } from '../org/describe';
import { isLocationComponent } from '../org/schema-mapping';
import { eq, eqId, escapeSoqlLike, fieldPath, identifier, select } from '../org/soql';
import { DEFAULT_BASE_CLASS, TEMPLATES } from '../org/templates';
import { packageFiles, packageZip, publishTemplate, readPublishRequest } from '../org/templates-publish';
import { clean, queryAll, type SfRecord } from '../org/util';
import { HANDLED, type Call, type Handler } from './types';
import { orgName as n } from './ns';

/** Objects offered by the builder: namespace custom objects, no metadata types, events, settings or audit. */
async function listObjects(call: Call, instanceUrl?: string): Promise<SfRecord[]> {
  const ns = call.deps.config.salesforce.namespace;
  const global = (await call.conn(instanceUrl).describeGlobal()) as unknown as {
    sobjects: { name: string; label: string; custom: boolean; customSetting: boolean }[];
  };
  return global.sobjects
    .filter(
      (o) =>
        o.custom &&
        // The package's objects: `<ns>__…__c`, or without a namespace any custom object of the org's own.
        (ns
          ? o.name.startsWith(nsPrefix(ns)) || o.name.startsWith('cqext__')
          : o.name.split('__').length === 2) &&
        !o.customSetting &&
        !o.name.endsWith('__mdt') &&
        !o.name.endsWith('__e') &&
        !/audit/i.test(o.name),
    )
    .map((o) => ({ name: o.name, label: o.label, custom: o.custom, customSetting: o.customSetting }));
}

function decodeBase64Json(b64: string): unknown {
  const text = Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('utf8');
  try {
    return safeJsonParse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'formJSON is not base64-encoded JSON.');
  }
}

async function tooling(conn: Connection, soql: string): Promise<SfRecord[]> {
  try {
    const res = await conn.tooling.query<SfRecord>(soql);
    return res.records.map(clean);
  } catch (err) {
    const code = (err as { errorCode?: string }).errorCode ?? '';
    // An org without the object (or the Tooling API) simply has none.
    if (/INVALID_TYPE|NOT_FOUND|ERROR_HTTP_404|MALFORMED_QUERY/.test(code)) return [];
    throw err;
  }
}

async function saveBuilderJson(call: Call, explicit: boolean): Promise<string> {
  const recordId = call.query.recordId ?? '';
  const conn = call.conn();
  const object = n(call, 'SQX_Form_Definition__c');
  const [rec] = await queryAll(
    conn,
    select({ fields: ['Id'], from: object, where: [eqId('Id', recordId)], limit: 1 }),
  );
  if (!rec) throw new ApiError('NOT_FOUND', API_MESSAGES.formRecordNotFound);
  const formJSON = String(call.body.formJSON).replace(/\s+/g, '');
  const parsed = decodeBase64Json(formJSON);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ApiError('BAD_REQUEST', 'formJSON must encode an object.');
  const builder = parsed as SfRecord;
  let encoded = formJSON;
  if (explicit && typeof call.body.sectionIds === 'string') {
    builder.selectedSICDocIds = call.body.sectionIds ? call.body.sectionIds.split(',') : [];
    encoded = Buffer.from(JSON.stringify(builder)).toString('base64');
  }
  const update: SfRecord = { Id: recordId, [n(call, 'Form_Builder_JSON__c')]: encoded };
  if (explicit) {
    // The renderer reads Form_JSON: an explicit save publishes the definition to it.
    update[n(call, 'Form_JSON__c')] = JSON.stringify(builder);
    if (typeof builder.cqFormType === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,79}$/.test(builder.cqFormType)) {
      update[n(call, 'Object_Type__c')] = builder.cqFormType;
    }
  }
  const res = (await conn.sobject(object).update(update as never)) as unknown as {
    success?: boolean;
    errors?: unknown[];
  };
  if (res && res.success === false) throw new ApiError('ORG_ERROR', 'Save Failed', { errors: res.errors });
  return 'Success';
}

/** Builder spec 7: a list call's limit is the search limit with a term, else the default; never above the search limit. */
function listLimit(requested: unknown, term: string, searchLimit: number, defaultLimit: number): number {
  return Math.min(typeof requested === 'number' ? requested : term ? searchLimit : defaultLimit, searchLimit);
}

export const builderHandlers: Record<string, Handler> = {
  async getSavedFormBuilderJSON(call) {
    const [rec] = await queryAll(
      call.conn(),
      select({
        fields: [
          'Id',
          'Name',
          n(call, 'Title__c'),
          n(call, 'Form_Builder_JSON__c'),
          n(call, 'Object_Type__c'),
        ],
        from: n(call, 'SQX_Form_Definition__c'),
        where: [eqId('Id', call.query.recordId ?? '')],
        limit: 1,
      }),
    );
    if (!rec) throw new ApiError('NOT_FOUND', API_MESSAGES.formRecordNotFound);
    const formJSON =
      typeof rec[n(call, 'Form_Builder_JSON__c')] === 'string'
        ? String(rec[n(call, 'Form_Builder_JSON__c')])
        : '';
    let selected: string[] = [];
    if (formJSON) {
      try {
        const parsed = decodeBase64Json(formJSON) as SfRecord | null;
        if (parsed && Array.isArray(parsed.selectedSICDocIds))
          selected = parsed.selectedSICDocIds.filter((s): s is string => typeof s === 'string');
      } catch {
        selected = [];
      }
    }
    return {
      formJSON,
      selectedSICDocIds: selected,
      objectType: (rec[n(call, 'Object_Type__c')] as string | null) ?? null,
      // The builder's header names the form (builder spec section 2), also one started in the builder.
      name: typeof rec.Name === 'string' ? rec.Name : null,
      title: typeof rec[n(call, 'Title__c')] === 'string' ? String(rec[n(call, 'Title__c')]) : null,
    };
  },
  saveFormBuilderJSON: (call) => saveBuilderJson(call, true),
  autosaveFormBuilderJSON: (call) => saveBuilderJson(call, false),

  async sfOrgInfo(call) {
    const [org] = await queryAll(
      call.conn(String(call.body.instanceUrl)),
      select({
        fields: [
          'Id',
          'Name',
          'OrganizationType',
          'InstanceName',
          'IsSandbox',
          'TimeZoneSidKey',
          'LanguageLocaleKey',
          'NamespacePrefix',
        ],
        from: 'Organization',
        limit: 1,
      }),
    );
    return org ? clean(org) : {};
  },

  async sfUserInfo(call) {
    const auth = call.auth(String(call.body.instanceUrl));
    const [user] = await queryAll(
      call.conn(String(call.body.instanceUrl)),
      select({
        fields: ['Id', 'Name', 'Username', 'Email', 'SmallPhotoUrl', 'TimeZoneSidKey', 'UserType'],
        from: 'User',
        where: [eqId('Id', auth.userId)],
        limit: 1,
      }),
    );
    return {
      ...(user ? clean(user) : {}),
      organizationId: auth.organizationId,
      userType: auth.userType ?? null,
    };
  },

  async sfGetPicklistValues(call) {
    const describe = await describeObject(
      call.conn(call.body.instanceUrl as string | undefined),
      String(call.body.objectName),
    );
    const field = describe.fields.find(
      (f) => f.name.toLowerCase() === String(call.body.fieldName).toLowerCase(),
    );
    if (!field) throw new ApiError('BAD_REQUEST', API_MESSAGES.unknownPicklistField);
    if (!/picklist/i.test(field.type)) throw new ApiError('BAD_REQUEST', API_MESSAGES.notAPicklist);
    return {
      controllerName: field.controllerName ?? null,
      values: (field.picklistValues ?? [])
        .filter((v) => v.active !== false)
        .map((v) => ({
          label: v.label ?? v.value,
          value: v.value,
          defaultValue: Boolean(v.defaultValue),
          validFor: v.validFor ?? null,
        })),
    };
  },

  objects: (call) => listObjects(call),
  sfObject: (call) => listObjects(call, String(call.body.instanceUrl)),

  async sfLayouts(call) {
    const object = identifier(String(call.body.objectName));
    const conn = call.conn(String(call.body.instanceUrl));
    await describeObject(conn, object);
    try {
      const res = (await conn.request(
        `/services/data/v${call.deps.config.salesforce.apiVersion}/sobjects/${object}/describe/layouts`,
      )) as {
        layouts?: { id?: string; name?: string }[];
      };
      return (res.layouts ?? []).map((l) => ({ id: l.id ?? null, name: l.name ?? `${object} Layout` }));
    } catch (err) {
      const code = (err as { errorCode?: string }).errorCode ?? '';
      if (/NOT_FOUND|ERROR_HTTP_404/.test(code)) return [{ id: null, name: `${object} Layout` }];
      throw err;
    }
  },

  async sfLayout(call) {
    const describe = await describeObject(
      call.conn(String(call.body.instanceUrl)),
      String(call.body.objName),
    );
    return {
      name: call.body.layoutName ?? `${describe.name} Layout`,
      objectName: describe.name,
      sections: [
        {
          heading: 'Information',
          fields: describe.fields
            .filter((f) => f.updateable !== false && !['Id', 'IsDeleted', 'SystemModstamp'].includes(f.name))
            .map((f) => f.name),
        },
      ],
    };
  },

  async sfGetObjectFields(call) {
    const conn = call.conn(String(call.body.instanceUrl));
    const describe = await describeObject(conn, String(call.body.objectName));
    const include = call.body.includeNonUpdateable === true;
    const byName = new Map(describe.fields.map((f) => [f.name, f]));
    // A geolocation is offered whole, not as two numbers: its compound is read-only in the API and
    // written through its latitude and longitude, so it is as writable as they are.
    const writable = (f: (typeof describe.fields)[number]): boolean =>
      f.type === 'location'
        ? describe.fields.some((c) => c.compoundFieldName === f.name && c.updateable !== false)
        : f.updateable !== false;
    const fields = describe.fields
      .filter((f) => !['Id', 'IsDeleted', 'SystemModstamp'].includes(f.name))
      .filter((f) => include || writable(f))
      .filter((f) => !isLocationComponent(f, byName))
      .map((f) => ({
        ...fieldSummary(f),
        updateable: writable(f),
        required:
          f.nillable === false &&
          f.createable !== false &&
          f.defaultedOnCreate !== true &&
          f.type !== 'boolean',
        length: f.length ?? null,
        // RecordTypeId is chosen by record type name (builder spec 5), not typed as an id.
        ...(f.name === 'RecordTypeId'
          ? {
              recordTypes: (describe.recordTypeInfos ?? [])
                .filter((rt) => rt.master !== true && rt.active !== false && rt.available !== false)
                .map((rt) => ({ id: rt.recordTypeId, name: rt.name })),
            }
          : {}),
      }));
    const parents =
      call.body.hasParent === true
        ? describe.fields
            .filter((f) => f.type === 'reference' && f.relationshipName && (f.referenceTo ?? []).length > 0)
            .map((f) => ({
              field: f.name,
              label: f.label,
              relationshipName: f.relationshipName,
              referenceTo: f.referenceTo ?? [],
            }))
        : [];
    return { name: describe.name, label: describe.label, fields, parents };
  },

  async sfGetComponent(call) {
    // `ns.Name` or `Name`: classes implementing that interface (Tooling ApexTypeImplementor).
    const [ns, iface] = String(call.body.interfaceName).includes('.')
      ? String(call.body.interfaceName).split('.', 2)
      : ['', String(call.body.interfaceName)];
    const where = [eq('InterfaceName', iface ?? '')];
    if (ns) where.push(eq('InterfaceNamespacePrefix', ns));
    const rows = await tooling(
      call.conn(String(call.body.instanceUrl)),
      select({
        fields: ['Id', 'ClassName', 'ClassNamespacePrefix', 'IsConcrete'],
        from: 'ApexTypeImplementor',
        where,
        orderBy: { field: 'ClassName' },
        limit: 200,
      }),
    );
    return rows
      .filter((r) => r.IsConcrete !== false)
      .map((r) => ({
        Id: r.Id,
        Name: r.ClassNamespacePrefix
          ? `${String(r.ClassNamespacePrefix)}.${String(r.ClassName)}`
          : r.ClassName,
        NamespacePrefix: r.ClassNamespacePrefix ?? null,
      }));
  },

  async sfGetAutoLaunchedFlow(call) {
    const prefix =
      typeof call.body.labelPrefix === 'string' && call.body.labelPrefix !== ''
        ? call.body.labelPrefix
        : FLOW_LABEL_PREFIX;
    return tooling(
      call.conn(String(call.body.instanceUrl)),
      `SELECT ApiName, Label, ProcessType, DurableId FROM FlowDefinitionView WHERE ProcessType = 'AutoLaunchedFlow' AND IsActive = true AND Label LIKE '${escapeSoqlLike(prefix)}%' ORDER BY Label LIMIT 200`,
    );
  },

  async sfGetDefaultBaseClassJSON(call) {
    const [bundle] = await tooling(
      call.conn(String(call.body.instanceUrl)),
      select({
        fields: ['Id', 'DeveloperName', 'ApiVersion'],
        from: 'LightningComponentBundle',
        where: [eq('DeveloperName', DEFAULT_BASE_CLASS.name)],
        limit: 1,
      }),
    );
    // Whether the org has it decides if a publish deploys it beside the component.
    return { ...DEFAULT_BASE_CLASS, inOrg: Boolean(bundle), orgApiVersion: bundle?.ApiVersion ?? null };
  },

  async sfRetrievePackage(call) {
    const name =
      typeof call.body.developerName === 'string' && call.body.developerName
        ? call.body.developerName
        : BUILDER.defaultTemplateDeveloperName;
    const conn = call.conn(String(call.body.instanceUrl));
    const [bundle] = await tooling(
      conn,
      select({
        fields: ['Id', 'DeveloperName', 'MasterLabel', 'ApiVersion'],
        from: 'LightningComponentBundle',
        where: [eq('DeveloperName', name)],
        limit: 1,
      }),
    );
    if (!bundle) return { exists: false, bundle: null, resources: [] };
    const resources = await tooling(
      conn,
      select({
        fields: ['Id', 'FilePath', 'Format', 'Source'],
        from: 'LightningComponentResource',
        where: [eqId('LightningComponentBundleId', String(bundle.Id))],
        limit: 200,
      }),
    );
    return { exists: true, bundle, resources };
  },

  async sfGetLWCList(call) {
    const term = typeof call.body.developerName === 'string' ? call.body.developerName : '';
    const limit = listLimit(call.body.limit, term, BUILDER.lwcListLimitSearch, BUILDER.lwcListLimitDefault);
    const name = term || FLOW_LABEL_PREFIX;
    return tooling(
      call.conn(String(call.body.instanceUrl)),
      `SELECT Id, DeveloperName, MasterLabel FROM LightningComponentBundle WHERE ${fieldPath('DeveloperName')} LIKE '${escapeSoqlLike(name)}%' ORDER BY DeveloperName LIMIT ${limit}`,
    );
  },

  async sfGetVFPages(call) {
    const term = typeof call.body.name === 'string' ? call.body.name : '';
    const limit = listLimit(call.body.limit, term, BUILDER.vfPageLimitSearch, BUILDER.vfPageLimitDefault);
    return tooling(
      call.conn(String(call.body.instanceUrl)),
      `SELECT Id, Name, MasterLabel FROM ApexPage WHERE Name LIKE '${escapeSoqlLike(term)}%' ORDER BY Name LIMIT ${limit}`,
    );
  },

  async getTemplates(call) {
    const x = call.params.x ?? 'all';
    return TEMPLATES.filter((t) => x === 'all' || t.category === x || t.name === x).map((t) => ({ ...t }));
  },

  publish: (call) =>
    publishTemplate(call, typeof call.body.instanceUrl === 'string' ? call.body.instanceUrl : undefined),

  async publishDiffOrg(call) {
    const other = call.session?.otherOrg;
    // 400, not 401: the main session is fine; a 401 would make the client drop it.
    if (!other) throw new ApiError('BAD_REQUEST', PUBLISH_MESSAGES.otherOrgNotSignedIn);
    return publishTemplate(call, other.instanceUrl);
  },

  async download(call) {
    const req = readPublishRequest(call);
    const files = packageFiles(call, req, true);
    call.ctx.status = 200;
    call.ctx.type = 'application/zip';
    call.ctx.set('Content-Disposition', `attachment; filename="${BUILDER.downloadArchiveName}"`);
    call.ctx.body = packageZip(files, call.deps.config.salesforce.apiVersion);
    return HANDLED;
  },
};
