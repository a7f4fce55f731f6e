import { formTitle } from 'shared-contracts';
import { sharedCache } from '../cache/shared-cache';
import { ApiError } from '../http/errors';
import { safeJsonParse } from '../http/body';
import { allowFields, describeObject } from '../org/describe';
import { mapObject } from '../org/schema-mapping';
import { contains, eq, eqBool, eqId, inIds, inList, isSfId, select } from '../org/soql';
import { clean, origin, queryAll, stripNs, type SfRecord } from '../org/util';
import { fileUpload, streamOrgImage, streamPreview } from '../org/files';
import { formDefinition, formFields } from './form-definition';
import { orgErrorItems } from './submission-errors';
import { HANDLED, type Call, type Handler } from './types';
import { orgName as n } from './ns';
import { allowObject, searchQuery } from './named-queries';

function submissionFields(call: Call): string[] {
  return [
    'Id',
    'Name',
    n(call, 'Uniqueness_Constraint__c'),
    n(call, 'Form_Definition__c'),
    n(call, 'Scheduled_Date__c'),
    n(call, 'SQX_Controlled_Document__c'),
    n(call, 'Main_Record_Id__c'),
    n(call, 'Version__c'),
    n(call, 'Status__c'),
    n(call, 'Submission_JSON__c'),
    // when the record was made: an imported record's 'Created' and its place in the newest-first lists
    'CreatedDate',
    'LastModifiedDate',
  ];
}

async function listForms(call: Call, extra: { whereAny?: string[] } = {}, limit = 2000): Promise<SfRecord[]> {
  const soql = select({
    fields: formFields(call),
    from: n(call, 'SQX_Form_Definition__c'),
    where: [eq(n(call, 'Status__c'), 'Active')],
    ...(extra.whereAny ? { whereAny: extra.whereAny } : {}),
    orderBy: { field: 'LastModifiedDate', direction: 'DESC' },
    limit,
  });
  const auth = call.auth();
  const ns = call.deps.config.salesforce.namespace;
  // Keyed by session: a failing refresh of one session never ends another device's session.
  return call.deps.lists.getOrLoad(`${call.ctx.session.id ?? ''}|${auth.instanceUrl}|${soql}`, async () => {
    const records = await queryAll(call.conn(), soql);
    return records.map((r) => stripNs(r, ns));
  });
}

type SelectSpec = Parameters<typeof select>[0];

/** The signed-in user's form submissions matching `where`, newest first, namespace stripped. */
async function mySubmissions(
  call: Call,
  where: NonNullable<SelectSpec['where']>,
  orderBy: SelectSpec['orderBy'] = { field: 'LastModifiedDate', direction: 'DESC' },
): Promise<SfRecord[]> {
  const records = await queryAll(
    call.conn(),
    select({
      fields: submissionFields(call),
      from: n(call, 'SQX_Form_Submission__c'),
      where: [...where, eqId('OwnerId', call.auth().userId)],
      orderBy,
      limit: 2000,
    }),
  );
  return records.map((r) => stripNs(r, call.deps.config.salesforce.namespace));
}

/**
 * Records made in the org (a manager's Pending or Scheduled submission) have no Submission_JSON__c, or
 * one without formName; the app shows and imports them under the form's title (name - title, as the
 * form card), so the answer's JSON carries that title. One query for all the forms involved. The
 * record's own fields are untouched; JSON that cannot be parsed is left as it is.
 */
async function withFormNames(call: Call, records: SfRecord[]): Promise<SfRecord[]> {
  const formKey = 'Form_Definition__c';
  const parse = (raw: unknown): SfRecord | null => {
    if (raw === null || raw === undefined || raw === '') return {};
    try {
      const json = safeJsonParse(String(raw));
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as SfRecord) : null;
    } catch {
      return null;
    }
  };
  const needs = (r: SfRecord): boolean => {
    const json = parse(r.Submission_JSON__c);
    return json !== null && typeof json.formName !== 'string';
  };
  const ids = [
    ...new Set(
      records
        .filter(needs)
        .map((r) => r[formKey])
        .filter(isSfId),
    ),
  ];
  if (ids.length === 0) return records;
  const forms = await queryAll(
    call.conn(),
    select({
      fields: ['Id', 'Name', n(call, 'Title__c')],
      from: n(call, 'SQX_Form_Definition__c'),
      where: [inIds('Id', ids)],
    }),
  );
  const titles = new Map(
    forms.map((f) => [
      String(f.Id),
      formTitle({ Name: String(f.Name ?? ''), Title__c: (f[n(call, 'Title__c')] as string | null) ?? null }),
    ]),
  );
  return records.map((r) => {
    const title = titles.get(String(r[formKey]));
    if (!title || !needs(r)) return r;
    return { ...r, Submission_JSON__c: JSON.stringify({ ...parse(r.Submission_JSON__c), formName: title }) };
  });
}

// Shared by the instances (Redis): the sign-in's two asks may reach two instances behind the balancer.
const userDetailsCache = sharedCache<unknown[]>('userDetails', { max: 5000, ttlMs: 60_000 });

async function readUserDetails(
  call: Call,
  auth: ReturnType<Call['auth']>,
  userId: string,
): Promise<unknown[]> {
  const [user] = await queryAll(
    call.conn(),
    select({
      fields: ['Id', 'Name', 'Username', 'SmallPhotoUrl', 'TimeZoneSidKey', 'UserType'],
      from: 'User',
      where: [eqId('Id', userId)],
      limit: 1,
    }),
  );
  if (!user) throw new ApiError('NOT_FOUND');
  const own = userId.slice(0, 15) === auth.userId.slice(0, 15);
  const orgType = typeof user.UserType === 'string' ? user.UserType : '';
  const userType =
    own && auth.userType
      ? auth.userType
      : orgType === 'PowerPartner'
        ? 'POWER_PARTNER'
        : orgType.toUpperCase();
  return [
    {
      Name: user.Name,
      Username: user.Username,
      SmallPhotoUrl: user.SmallPhotoUrl,
      TimeZoneSidKey: user.TimeZoneSidKey,
    },
    {
      timeZone: user.TimeZoneSidKey,
      userType,
      networkId: own ? (auth.networkId ?? null) : null,
      siteUrl: own ? (auth.siteUrl ?? null) : null,
    },
  ];
}

export const dataHandlers: Record<string, Handler> = {
  forms: (call) => listForms(call),

  async search(call) {
    const text = call.query.search ?? '';
    return listForms(call, { whereAny: [contains('Name', text), contains(n(call, 'Title__c'), text)] }, 200);
  },

  schema: (call) => formDefinition(call, call.query.recordId ?? ''),
  formDefinition: (call) => formDefinition(call, call.query.recordId ?? ''),

  async userDetails(call) {
    const auth = call.auth();
    const userId = call.query.userId ?? auth.userId;
    // A sign-in asks for the user twice within a second (the callback, then the session check): one
    // org call serves this session both times (issue 33). Per session, so sharing is untouched.
    const key = `${call.ctx.session.id ?? ''}|${auth.instanceUrl}|${userId}`;
    return userDetailsCache.getOrLoad(key, () => readUserDetails(call, auth, userId));
  },

  searchQuery,

  async pendingSubmissions(call) {
    return withFormNames(
      call,
      // Pending = not submitted: a Submitted record is the org's to process, never the user's work in
      // progress, so home's import must not bring it back (spec section 4, importing pending records).
      await mySubmissions(call, [inList(n(call, 'Status__c'), ['In Progress', 'Pending'])]),
    );
  },

  async pendingSubmissionByForm(call) {
    return mySubmissions(call, [
      eqId(n(call, 'Form_Definition__c'), call.query.formId ?? ''),
      inList(n(call, 'Status__c'), ['In Progress', 'Pending']),
    ]);
  },

  async syncPendingSubmissions(call) {
    const ns = call.deps.config.salesforce.namespace;
    const [rec] = await queryAll(
      call.conn(),
      select({
        fields: submissionFields(call),
        from: n(call, 'SQX_Form_Submission__c'),
        where: [eqId('Id', call.query.recordId ?? '')],
        limit: 1,
      }),
    );
    if (!rec) throw new ApiError('NOT_FOUND', "Couldn't find the matching submission.");
    const [out] = (await withFormNames(call, [stripNs(rec, ns)])) as [SfRecord];
    const formId = out.Form_Definition__c;
    if (isSfId(formId)) {
      try {
        out.formDefinition = await formDefinition(call, formId);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        out.formDefinition = null;
      }
    }
    return out;
  },

  async scheduledSubmissions(call) {
    return mySubmissions(call, [eq(n(call, 'Status__c'), 'Scheduled')], {
      field: n(call, 'Scheduled_Date__c'),
      direction: 'DESC',
      nulls: 'LAST',
    });
  },

  async checkFormStatus(call) {
    const ids = [...new Set((call.query.recordIds ?? '').split(','))];
    const records = await queryAll(
      call.conn(),
      select({
        fields: ['Id', n(call, 'Status__c')],
        from: n(call, 'SQX_Form_Definition__c'),
        where: [inIds('Id', ids)],
        limit: 200,
      }),
    );
    const active = new Set(
      records.filter((r) => r[n(call, 'Status__c')] === 'Active').map((r) => String(r.Id).slice(0, 15)),
    );
    return ids.filter((id) => !active.has(id.slice(0, 15)));
  },

  async selectedObjectFields(call) {
    const describe = await describeObject(call.conn(), call.query.selectedObject ?? '');
    return {
      name: describe.name,
      label: describe.label,
      fields: describe.fields.map((f) => ({
        name: f.name,
        label: f.label,
        type: f.type,
        custom: Boolean(f.custom),
        autoNumber: Boolean(f.autoNumber),
        referenceTo: f.referenceTo ?? [],
        relationshipName: f.relationshipName ?? null,
      })),
    };
  },

  async startingData(call) {
    const conn = call.conn();
    const recordId = call.query.recordId ?? '';
    const entries = (call.body.query as SfRecord[] | undefined) ?? [];
    const startingData: SfRecord = {};
    for (const entry of entries) {
      const object = allowObject(call, String(entry.objectType));
      const describe = await describeObject(conn, object);
      const fields = allowFields(describe, entry.fields as string[]);
      const filter = entry.filter as { field: string; value: string } | undefined;
      const where: string[] = [];
      if (filter) {
        const [field] = allowFields(describe, [filter.field]);
        const value = filter.value === '$recordId' ? recordId : filter.value;
        where.push(eq(field as string, value));
      }
      const subqueries = (
        (entry.relationships as { relationshipName: string; fields: string[] }[] | undefined) ?? []
      ).map((rel) => {
        const child = describe.childRelationships?.find(
          (c) => c.relationshipName?.toLowerCase() === rel.relationshipName.toLowerCase(),
        );
        if (!child?.relationshipName)
          throw new ApiError('BAD_REQUEST', `Unknown relationship ${rel.relationshipName.slice(0, 80)}`);
        return { fields: rel.fields.length > 0 ? rel.fields : ['Id'], from: child.relationshipName };
      });
      const records = await queryAll(
        conn,
        select({ fields: ['Id', ...fields], from: object, where, subqueries, limit: 200 }),
      );
      startingData[String(entry.key ?? object)] = records.map(clean);
    }
    const lookupCacheData: Record<string, Record<string, unknown>> = {};
    const lcs = typeof call.body.lookupCacheString === 'string' ? call.body.lookupCacheString.trim() : '';
    if (lcs) {
      const parsed = safeJsonParse(lcs);
      const list: { object: string; ids: string[] }[] = Array.isArray(parsed)
        ? (parsed as { object: string; ids: string[] }[])
        : parsed && typeof parsed === 'object'
          ? Object.entries(parsed as Record<string, string[]>).map(([object, ids]) => ({ object, ids }))
          : [];
      for (const item of list.slice(0, 20)) {
        if (!item || typeof item.object !== 'string' || !Array.isArray(item.ids))
          throw new ApiError('BAD_REQUEST', 'lookupCacheString is not valid.');
        const object = allowObject(call, item.object);
        const ids = item.ids.filter(isSfId).slice(0, 200);
        if (ids.length === 0) continue;
        const records = await queryAll(
          conn,
          select({ fields: ['Id', 'Name'], from: object, where: [inIds('Id', ids)], limit: 200 }),
        );
        lookupCacheData[object] = Object.fromEntries(records.map((r) => [String(r.Id), r.Name]));
      }
    }
    return { startingData, lookupCacheData };
  },

  async discardSubmission(call) {
    // Only the signed-in user's own draft and only while In Progress: anything else is the org's.
    const [draft] = await mySubmissions(call, [
      eq(n(call, 'Uniqueness_Constraint__c'), call.query.formSubmissionIdentifier ?? ''),
      eq(n(call, 'Status__c'), 'In Progress'),
    ]);
    if (!draft) return { deleted: false };
    try {
      await call.conn().sobject(n(call, 'SQX_Form_Submission__c')).destroy(String(draft.Id));
    } catch (err) {
      // Deleted meanwhile (a retry racing the first call): the answer is the same.
      const code = orgErrorItems(err)?.[0]?.errorCode;
      if (code === 'ENTITY_IS_DELETED' || code === 'NOT_FOUND') return { deleted: false };
      throw err;
    }
    return { deleted: true };
  },

  async content(call) {
    const conn = call.conn();
    const name = call.params.fileName ?? '';
    let versionId: string | undefined;
    if (isSfId(name) && name.startsWith('068')) versionId = name;
    else if (isSfId(name) && name.startsWith('069')) {
      const [v] = await queryAll(
        conn,
        select({
          fields: ['Id'],
          from: 'ContentVersion',
          where: [eqId('ContentDocumentId', name), eqBool('IsLatest', true)],
          limit: 1,
        }),
      );
      versionId = v?.Id as string | undefined;
    } else {
      const [v] = await queryAll(
        conn,
        select({
          fields: ['Id'],
          from: 'ContentVersion',
          whereAny: [eq('Title', name), eq('PathOnClient', name)],
          orderBy: { field: 'CreatedDate', direction: 'DESC' },
          limit: 1,
        }),
      );
      versionId = v?.Id as string | undefined;
    }
    if (!versionId) throw new ApiError('NOT_FOUND', "Couldn't find the matching submission.");
    const res = await call.orgFetch(
      `/services/data/v${call.deps.config.salesforce.apiVersion}/sobjects/ContentVersion/${versionId}/VersionData`,
    );
    if (!res.ok) {
      await res.body?.cancel();
      throw new ApiError(res.status === 404 ? 'NOT_FOUND' : 'ORG_UNAVAILABLE');
    }
    const text = await res.text();
    try {
      return safeJsonParse(text) ?? null;
    } catch {
      return text;
    }
  },

  async fetchUrl(call) {
    const auth = call.auth();
    const originUrl = call.query.originUrl;
    if (originUrl) {
      const o = origin(originUrl);
      const allowed = [origin(auth.instanceUrl), auth.siteUrl ? origin(auth.siteUrl) : null];
      if (!o || !allowed.includes(o)) throw new ApiError('FORBIDDEN', "originUrl is not this session's org.");
    }
    await streamPreview(call, String(call.body.contentDocumentId));
    return HANDLED;
  },

  /**
   * The signed-in user's photo (the header's avatar): the org's SmallPhotoUrl (size=full: FullPhotoUrl)
   * fetched by the BFF with the session's token, so the browser loads it same-origin and its cookies
   * never go to the org.
   */
  async userPhoto(call) {
    const field = call.query.size === 'full' ? 'FullPhotoUrl' : 'SmallPhotoUrl';
    const [user] = await queryAll(
      call.conn(),
      select({ fields: ['Id', field], from: 'User', where: [eqId('Id', call.auth().userId)], limit: 1 }),
    );
    const url = user?.[field];
    if (typeof url !== 'string' || url === '') throw new ApiError('NOT_FOUND', 'The user has no photo.');
    await streamOrgImage(call, url, 'The photo', 'private, max-age=3600');
    return HANDLED;
  },

  async filePreview(call) {
    await streamPreview(call, call.params.contentDocumentId ?? '');
    return HANDLED;
  },

  fileUpload: (call) => fileUpload(call),

  async imageGuide(call) {
    const auth = call.auth();
    const raw = String(call.body.ImageUrl);
    let path: string;
    if (raw.startsWith('/') && !raw.startsWith('//')) path = raw;
    else {
      const o = origin(raw);
      if (!o || (o !== origin(auth.instanceUrl) && o !== (auth.siteUrl ? origin(auth.siteUrl) : null))) {
        throw new ApiError('BAD_REQUEST', 'ImageUrl must be on the org.');
      }
      path = raw;
    }
    const res = await call.orgFetch(path);
    if (!res.ok) {
      await res.body?.cancel();
      throw new ApiError(
        res.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        'The image could not be loaded from the org.',
      );
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(type)) {
      await res.body?.cancel();
      throw new ApiError('BAD_REQUEST', 'The guide is not an image.');
    }
    const buf = Buffer.from(await res.arrayBuffer());
    if (buf.length > 10 * 1024 * 1024) throw new ApiError('PAYLOAD_TOO_LARGE');
    return { Id: call.body.Id, ImageUrl: raw, encodedImage: `data:${type};base64,${buf.toString('base64')}` };
  },

  async objectInfo(call) {
    const conn = call.conn();
    const b = call.body as {
      objectType: string;
      fields?: string[];
      child?: { objectType: string; relationshipName: string; fields?: string[] }[];
      context?: { objectType: string; relationshipName?: string; fields?: string[] } | null;
    };
    const main = await describeObject(conn, b.objectType);
    const mainMapped = mapObject(
      main,
      b.fields ? allowFields(main, b.fields) : undefined,
      `#/properties/${main.name}/properties/`,
    );
    const properties: SfRecord = { [main.name]: mainMapped.schema };
    const definitions: SfRecord = {};
    const elements: unknown[] = [{ type: 'Group', label: main.label, elements: mainMapped.controls }];
    if (b.context) {
      const ctxDescribe = await describeObject(conn, b.context.objectType);
      const mapped = mapObject(
        ctxDescribe,
        b.context.fields ? allowFields(ctxDescribe, b.context.fields) : undefined,
        `#/properties/${ctxDescribe.name}/properties/`,
      );
      properties[ctxDescribe.name] = mapped.schema;
      elements.push({ type: 'Group', label: ctxDescribe.label, elements: mapped.controls });
    }
    for (const child of b.child ?? []) {
      const childDescribe = await describeObject(conn, child.objectType);
      const mapped = mapObject(
        childDescribe,
        child.fields ? allowFields(childDescribe, child.fields) : undefined,
        '#/properties/',
      );
      definitions[child.relationshipName] = {
        type: 'array',
        title: childDescribe.label,
        items: mapped.schema,
      };
    }
    return { properties, definitions, ui: { type: 'VerticalLayout', elements } };
  },

  async checkFieldAvailability(call) {
    const describe = await describeObject(call.conn(), String(call.body.objectName));
    const missing: string[] = [];
    for (const f of call.body.fields as string[]) {
      try {
        allowFields(describe, [f]);
      } catch {
        missing.push(f);
      }
    }
    return { missing };
  },
};
