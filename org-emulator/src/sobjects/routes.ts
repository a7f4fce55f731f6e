// /sobjects: describeGlobal, describe, CRUD, retrieve by external id, upsert, and blob fields.
import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import type { Context } from 'koa';
import { type Emu, userOf } from '../context.js';
import { SfError } from '../errors.js';
import { apiVersion } from '../http/apiVersion.js';
import { isPlainObject, readJson } from '../http/body.js';
import { normalizeId } from '../ids.js';
import type { ObjectMeta } from '../metadata/registry.js';
import type { Access } from '../security/access.js';
import { insufficientCrossReference } from '../security/errors.js';
import { createContentVersion, filePath, saveStream } from '../files/storage.js';
import { Readable } from 'node:stream';
import { basicInfo, describeObject, globalEntry } from './describe.js';
import { translateDescribe, translateGlobalEntry } from '../metadata/translations.js';
import {
  createRecord,
  deleteRecord,
  findRecord,
  formatRecord,
  resolveObject,
  updateRecord,
  upsertRecord,
} from './dml.js';

function fieldsParam(ctx: Context): string[] | undefined {
  const f = ctx.query.fields;
  if (typeof f !== 'string' || f.trim() === '') return undefined;
  return f
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** ContentVersion created through the data API carries base64 VersionData: decode it to disk first. */
async function createContentVersionFromJson(emu: Emu, body: unknown, userId: string): Promise<string> {
  if (!isPlainObject(body))
    throw new SfError(400, 'JSON_PARSER_ERROR', 'Cannot deserialize instance of ContentVersion');
  const {
    VersionData,
    PathOnClient,
    Title,
    Description,
    FirstPublishLocationId,
    ContentDocumentId,
    ReasonForChange,
    attributes: _a,
    ...rest
  } = body;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    const meta = emu.org.registry.get('ContentVersion');
    const bad = unknown.find((k) => !meta?.field(k));
    if (bad)
      throw new SfError(400, 'INVALID_FIELD', `No such column '${bad}' on sobject of type ContentVersion`, [
        bad,
      ]);
  }
  const missing = [PathOnClient ? undefined : 'PathOnClient', VersionData ? undefined : 'VersionData'].filter(
    (x): x is string => x !== undefined,
  );
  if (missing.length)
    throw new SfError(
      400,
      'REQUIRED_FIELD_MISSING',
      `Required fields are missing: [${missing.join(', ')}]`,
      missing,
    );
  if (typeof VersionData !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(VersionData)) {
    throw new SfError(400, 'INVALID_TYPE_ON_FIELD_IN_RECORD', 'Version Data: value not of required type', [
      'VersionData',
    ]);
  }
  if (
    FirstPublishLocationId !== undefined &&
    FirstPublishLocationId !== null &&
    !normalizeId(String(FirstPublishLocationId))
  ) {
    throw new SfError(
      400,
      'MALFORMED_ID',
      `First Publish Location ID: id value of incorrect type: ${String(FirstPublishLocationId)}`,
      ['FirstPublishLocationId'],
    );
  }
  const firstPublish =
    FirstPublishLocationId === undefined || FirstPublishLocationId === null
      ? undefined
      : normalizeId(String(FirstPublishLocationId));
  if (
    firstPublish &&
    emu.org.store.get(firstPublish) &&
    !emu.org.security.forUser(userId).visible(firstPublish)
  )
    throw insufficientCrossReference('FirstPublishLocationId');
  // A new version of an existing document: the org refuses FirstPublishLocationId beside it.
  const documentId =
    ContentDocumentId === undefined || ContentDocumentId === null
      ? undefined
      : normalizeId(String(ContentDocumentId));
  if (ContentDocumentId !== undefined && ContentDocumentId !== null && !documentId)
    throw new SfError(
      400,
      'MALFORMED_ID',
      `Content Document ID: id value of incorrect type: ${String(ContentDocumentId)}`,
      ['ContentDocumentId'],
    );
  if (documentId && firstPublish)
    throw new SfError(
      400,
      'FIELD_INTEGRITY_EXCEPTION',
      'You cannot set FirstPublishLocationId on a new version of a document.',
      ['FirstPublishLocationId'],
    );
  if (documentId && !emu.org.security.forUser(userId).visible(documentId))
    throw insufficientCrossReference('ContentDocumentId');
  const custom: Record<string, string> = {};
  for (const k of unknown) {
    const f = emu.org.registry.get('ContentVersion')?.field(k);
    if (f?.custom && typeof rest[k] === 'string') custom[f.name] = rest[k];
  }
  const stored = await saveStream(emu.org, Readable.from([Buffer.from(VersionData, 'base64')]));
  const { version } = createContentVersion(emu.org, userId, stored, {
    PathOnClient: String(PathOnClient),
    Title: typeof Title === 'string' ? Title : undefined,
    Description: typeof Description === 'string' ? Description : undefined,
    FirstPublishLocationId:
      FirstPublishLocationId === undefined || FirstPublishLocationId === null
        ? undefined
        : normalizeId(String(FirstPublishLocationId)),
    ...(documentId ? { ContentDocumentId: documentId } : {}),
    ...(typeof ReasonForChange === 'string' ? { ReasonForChange } : {}),
    ...(Object.keys(custom).length ? { custom } : {}),
  });
  return String(version.Id);
}

export function sendBlob(
  emu: Emu,
  ctx: Context,
  meta: ObjectMeta,
  id: string,
  field: string,
  access?: Access,
): void {
  const rec = findRecord(emu.org, meta, id, access);
  const f = meta.field(field);
  if (!f || f.type !== 'base64') throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  const path = filePath(emu.org, rec[f.name]);
  if (!path) throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  ctx.type = 'application/octet-stream';
  if (typeof rec.ContentSize === 'number') ctx.length = rec.ContentSize;
  ctx.body = createReadStream(path);
}

export function sobjectRoutes(emu: Emu, prefix: string, api: 'data' | 'tooling' = 'data'): Router {
  const router = new Router({ prefix });
  const org = emu.org;
  const scope = (ctx: Context): Access => org.security.forUser(userOf(ctx), api);

  router.get('/sobjects', (ctx) => {
    const v = apiVersion(ctx);
    const translator = org.translatorFor(userOf(ctx));
    ctx.body = {
      encoding: 'UTF-8',
      maxBatchSize: 200,
      sobjects: scope(ctx)
        .registry.all()
        .map((m) => translateGlobalEntry(translator, globalEntry(m, v))),
    };
  });

  router.get('/sobjects/:type', (ctx) => {
    const v = apiVersion(ctx);
    const access = scope(ctx);
    const meta = resolveObject(access.registry, ctx.params.type ?? '');
    const recent = org.store
      .list(meta.name)
      .filter((r) => access.canRead(meta, r))
      .slice(-5)
      .map((r) => formatRecord(meta, r, v, meta.nameField ? ['Id', meta.nameField.name] : ['Id']));
    ctx.body = basicInfo(meta, v, recent);
  });

  router.get('/sobjects/:type/describe', (ctx) => {
    const v = apiVersion(ctx);
    const { registry } = scope(ctx);
    const meta = resolveObject(registry, ctx.params.type ?? '');
    ctx.body = translateDescribe(org.translatorFor(userOf(ctx)), describeObject(registry, meta, v));
  });

  router.post('/sobjects/:type', async (ctx) => {
    apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const meta = resolveObject(registry, ctx.params.type ?? '');
    const body = await readJson(ctx);
    const userId = userOf(ctx);
    if (meta.name === 'ContentVersion') access.checkCreate(meta);
    const id =
      meta.name === 'ContentVersion' && api === 'data'
        ? await createContentVersionFromJson(emu, body, userId)
        : org.store.transaction(() => createRecord(org, registry, meta, body, userId, access));
    ctx.status = 201;
    // The new record's URL, as the org answers a create (a Composite subrequest's httpHeaders show it).
    ctx.set('Location', `${ctx.path.replace(/\/+$/, '')}/${id}`);
    ctx.body = { id, success: true, errors: [] };
  });

  router.get('/sobjects/:type/:id', (ctx) => {
    const v = apiVersion(ctx);
    const access = scope(ctx);
    const meta = resolveObject(access.registry, ctx.params.type ?? '');
    const rec = findRecord(org, meta, ctx.params.id ?? '', access);
    ctx.body = formatRecord(meta, rec, v, fieldsParam(ctx));
  });

  router.patch('/sobjects/:type/:id', async (ctx) => {
    apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const meta = resolveObject(registry, ctx.params.type ?? '');
    const body = await readJson(ctx);
    org.store.transaction(() =>
      updateRecord(org, registry, meta, ctx.params.id ?? '', body, userOf(ctx), access),
    );
    ctx.status = 204;
  });

  router.delete('/sobjects/:type/:id', (ctx) => {
    apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const meta = resolveObject(registry, ctx.params.type ?? '');
    findRecord(org, meta, ctx.params.id ?? '', access);
    org.store.transaction(() => deleteRecord(org, registry, ctx.params.id ?? '', access));
    ctx.status = 204;
  });

  router.get('/sobjects/:type/:field/:value', (ctx) => {
    const v = apiVersion(ctx);
    const access = scope(ctx);
    const meta = resolveObject(access.registry, ctx.params.type ?? '');
    const a = ctx.params.field ?? '';
    const b = ctx.params.value ?? '';
    if (meta.field(b)?.type === 'base64' && normalizeId(a)) {
      sendBlob(emu, ctx, meta, a, b, access);
      return;
    }
    const f = meta.field(a);
    if (!f || (!f.externalId && f.name !== 'Id')) {
      throw new SfError(
        404,
        'NOT_FOUND',
        `Provided external ID field does not exist or is not accessible: ${a}`,
      );
    }
    const lower = b.toLowerCase();
    const matches = org.store
      .list(meta.name)
      .filter((r) => r[f.name] !== null && String(r[f.name]).toLowerCase() === lower)
      .filter((r) => access.canRead(meta, r));
    if (matches.length === 0) throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    if (matches.length > 1) {
      ctx.status = 300;
      ctx.body = matches.map((r) => `/services/data/${v}/sobjects/${meta.name}/${String(r.Id)}`);
      return;
    }
    ctx.body = formatRecord(meta, matches[0] ?? {}, v, fieldsParam(ctx));
  });

  router.patch('/sobjects/:type/:field/:value', async (ctx) => {
    const v = apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const meta = resolveObject(registry, ctx.params.type ?? '');
    const body = await readJson(ctx);
    const outcome = org.store.transaction(() =>
      upsertRecord(
        org,
        registry,
        meta,
        ctx.params.field ?? '',
        ctx.params.value ?? '',
        body ?? {},
        userOf(ctx),
        v,
        access,
      ),
    );
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = { id: outcome.id, success: true, errors: [], created: outcome.created };
  });

  return router;
}
