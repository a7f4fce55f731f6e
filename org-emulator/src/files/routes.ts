// Connect files API: streamed multipart upload to disk, file detail, content download, thumbnails.
import Router from '@koa/router';
import busboy from 'busboy';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'koa';
import type { Readable } from 'node:stream';
import { type Emu, userOf } from '../context.js';
import { SfError } from '../errors.js';
import { apiVersion } from '../http/apiVersion.js';
import { normalizeId } from '../ids.js';
import type { ObjectMeta } from '../metadata/registry.js';
import { insufficientCrossReference } from '../security/errors.js';
import type { SRecord } from '../store/records.js';
import { createContentVersion, filePath, MIME, saveStream, type StoredFile } from './storage.js';
import { isImageType, thumbnailPng } from './thumbnail.js';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

interface Upload {
  file: StoredFile | undefined;
  filename: string;
  fields: Record<string, string>;
  truncated: boolean;
}

function parseMultipart(emu: Emu, ctx: Context): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: ctx.req.headers, limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 50 } });
    } catch {
      ctx.req.resume();
      reject(new SfError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request body'));
      return;
    }
    const result: Upload = { file: undefined, filename: '', fields: {}, truncated: false };
    const pending: Promise<void>[] = [];
    let active: Readable | undefined;
    // A client that goes away mid-upload must not leave a half-written file or a hanging request behind.
    ctx.req.once('close', () => {
      if (ctx.req.complete) return;
      active?.destroy(new Error('client aborted the upload'));
      reject(new SfError(400, 'POST_BODY_PARSE_ERROR', 'The upload was aborted'));
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'fileData' || result.file || pending.length > 0) {
        stream.resume();
        return;
      }
      active = stream;
      result.filename = info.filename || 'file';
      stream.on('limit', () => {
        result.truncated = true;
      });
      const saving = saveStream(emu.org, stream).then((f) => {
        result.file = f;
      });
      saving.catch(() => undefined);
      pending.push(saving);
    });
    bb.on('field', (name, value) => {
      result.fields[name] = value;
    });
    bb.on('error', (e: unknown) => {
      active?.destroy();
      ctx.req.unpipe(bb);
      ctx.req.resume();
      reject(
        new SfError(
          400,
          'POST_BODY_PARSE_ERROR',
          e instanceof Error ? e.message : 'malformed multipart body',
        ),
      );
    });
    bb.on('close', () => {
      Promise.all(pending).then(
        () => resolve(result),
        () => reject(new SfError(400, 'POST_BODY_PARSE_ERROR', 'The upload could not be stored')),
      );
    });
    ctx.req.pipe(bb);
  });
}

/**
 * Emulator extension (not a Connect parameter): a text part named after a custom ContentVersion field
 * (`cqext__Upload_Key__c`) is written on the new version, so the BFF's upload key is stored in the same
 * commit as the file. Unknown custom fields and over-long values are refused as the data API does.
 */
function customVersionFields(emu: Emu, fields: Record<string, string>): Record<string, string> {
  const meta = emu.org.registry.get('ContentVersion');
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!name.endsWith('__c')) continue;
    const f = meta?.field(name);
    if (!f?.custom)
      throw new SfError(400, 'INVALID_FIELD', `No such column '${name}' on sobject of type ContentVersion`, [
        name,
      ]);
    if (f.length && value.length > f.length)
      throw new SfError(
        400,
        'STRING_TOO_LONG',
        `${f.label}: data value too large: ${value.slice(0, 40)} (max length=${f.length})`,
        [name],
      );
    out[name] = value;
  }
  return out;
}

function owner(emu: Emu, userId: string): SRecord {
  const u = emu.org.store.get(userId)?.data ?? {};
  return {
    additionalLabel: null,
    communityNickname: u.Alias ?? null,
    companyName: 'CQ Demo Org',
    displayName: u.Name ?? null,
    firstName: u.FirstName ?? null,
    id: userId,
    isActive: true,
    isInThisCommunity: true,
    lastName: u.LastName ?? null,
    name: u.Name ?? null,
    photo: { smallPhotoUrl: u.SmallPhotoUrl ?? null, largePhotoUrl: u.FullPhotoUrl ?? null },
    title: u.Title ?? null,
    type: 'User',
    url: `/services/data/v60.0/chatter/users/${userId}`,
    userType: u.UserType === 'PowerPartner' ? 'Partner' : 'Internal',
  };
}

/** A file the running user may see (its owner, or linked to a record they can read); else 404 as on an org. */
function findDocument(emu: Emu, ctx: Context, raw: string): { doc: SRecord; version: SRecord } {
  const id = normalizeId(raw);
  let hit = id ? emu.org.store.get(id) : undefined;
  if (hit?.sobject === 'ContentVersion') hit = emu.org.store.get(String(hit.data.ContentDocumentId));
  const access = emu.org.security.forUser(userOf(ctx));
  if (
    !hit ||
    hit.sobject !== 'ContentDocument' ||
    hit.data.IsDeleted === true ||
    !access.visible(String(hit.data.Id))
  ) {
    throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }
  const version = emu.org.store.get(String(hit.data.LatestPublishedVersionId));
  if (!version) throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  return { doc: hit.data, version: version.data };
}

function fileDetail(emu: Emu, v: string, doc: SRecord, version: SRecord, base: string): SRecord {
  const id = String(doc.Id);
  const image = isImageType(doc.FileType);
  const rendition = (type: string): string => `${base}/connect/files/${id}/rendition?type=${type}`;
  return {
    checksum: version.Checksum,
    contentHubRepository: null,
    contentModifiedDate: version.LastModifiedDate,
    contentSize: doc.ContentSize,
    contentUrl: null,
    createdDate: doc.CreatedDate,
    description: doc.Description ?? null,
    downloadUrl: `${base}/connect/files/${id}/content?versionNumber=${String(version.VersionNumber)}`,
    externalDocumentUrl: null,
    externalFilePermissionInformation: null,
    fileAsset: null,
    fileExtension: doc.FileExtension,
    fileType: doc.FileType,
    flashRenditionStatus: 'NotScheduled',
    id,
    isInMyFileSync: false,
    isMajorVersion: true,
    latestPublishedVersionId: version.Id,
    mimeType: MIME[String(doc.FileType)] ?? 'application/octet-stream',
    modifiedDate: doc.LastModifiedDate,
    moderationFlags: null,
    motif: {
      color: '8C8C8C',
      largeIconUrl: '/img/content/content64.png',
      mediumIconUrl: '/img/content/content32.png',
      smallIconUrl: '/img/icon/files16.png',
      svgIconUrl: null,
    },
    mySubscription: null,
    name: doc.Title,
    origin: 'Chatter',
    owner: owner(emu, String(doc.OwnerId)),
    parentFolder: null,
    pdfRenditionStatus: 'NotScheduled',
    publishStatus: 'PrivateAccess',
    renditionUrl: rendition('THUMB120BY90'),
    renditionUrl240By180: rendition('THUMB240BY180'),
    renditionUrl720By480: rendition('THUMB720BY480'),
    repositoryDirectUrl: null,
    sharingOption: 'Allowed',
    sharingPrivacy: 'None',
    sharingRole: 'Owner',
    systemModstamp: doc.SystemModstamp,
    textPreview: null,
    thumb120By90RenditionStatus: image ? 'Success' : 'NotScheduled',
    thumb240By180RenditionStatus: image ? 'Success' : 'NotScheduled',
    thumb720By480RenditionStatus: image ? 'Success' : 'NotScheduled',
    title: doc.Title,
    topics: { canAssignTopics: true, items: [] },
    type: 'File',
    url: `${base}/connect/files/${id}`,
    versionNumber: version.VersionNumber,
    apiVersion: v,
  };
}

export function fileRoutes(emu: Emu): Router {
  const router = new Router({ prefix: '/services/data/:version' });

  const upload = async (ctx: Context, base: string): Promise<void> => {
    const v = apiVersion(ctx);
    const userId = userOf(ctx);
    const up = await parseMultipart(emu, ctx);
    if (up.truncated) {
      if (up.file) await unlink(join(emu.org.filesDir, up.file.name)).catch(() => undefined);
      throw new SfError(413, 'FILE_EXTENSION_NOT_ALLOWED', 'The file exceeds the maximum size of 2 GB');
    }
    if (!up.file) throw new SfError(400, 'MISSING_ARGUMENT', 'Missing required parameter: fileData');
    const firstPublish = up.fields.firstPublishLocationId
      ? normalizeId(up.fields.firstPublishLocationId)
      : undefined;
    const file = up.file;
    const discard = () => unlink(join(emu.org.filesDir, file.name)).catch(() => undefined);
    const access = emu.org.security.forUser(userId);
    try {
      access.checkCreate(emu.org.registry.get('ContentVersion') as ObjectMeta);
      if (firstPublish && emu.org.store.get(firstPublish) && !access.visible(firstPublish))
        throw insufficientCrossReference('FirstPublishLocationId');
    } catch (e) {
      await discard();
      throw e;
    }
    let created: { version: SRecord; document: SRecord };
    try {
      created = createContentVersion(emu.org, userId, file, {
        PathOnClient: up.filename,
        Title: up.fields.title || undefined,
        Description: up.fields.desc || undefined,
        FirstPublishLocationId: firstPublish && emu.org.store.get(firstPublish) ? firstPublish : undefined,
        custom: customVersionFields(emu, up.fields),
      });
    } catch (e) {
      await discard();
      throw e;
    }
    const { version, document } = created;
    ctx.status = 201;
    ctx.body = fileDetail(emu, v, document, version, `/services/data/${v}${base}`);
  };
  router.post('/connect/files/users/me', (ctx) => upload(ctx, ''));
  router.post('/connect/communities/:networkId/files/users/me', (ctx) =>
    upload(ctx, `/connect/communities/${ctx.params.networkId ?? ''}`),
  );

  const detail = (ctx: Context, base: string): void => {
    const v = apiVersion(ctx);
    const { doc, version } = findDocument(emu, ctx, ctx.params.id ?? '');
    ctx.body = fileDetail(emu, v, doc, version, `/services/data/${v}${base}`);
  };
  router.get('/connect/files/:id', (ctx) => detail(ctx, ''));
  router.get('/connect/communities/:networkId/files/:id', (ctx) =>
    detail(ctx, `/connect/communities/${ctx.params.networkId ?? ''}`),
  );

  const content = (ctx: Context): void => {
    apiVersion(ctx);
    const { doc, version } = findDocument(emu, ctx, ctx.params.id ?? '');
    const path = filePath(emu.org, version.VersionData);
    if (!path) throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    ctx.type = MIME[String(doc.FileType)] ?? 'application/octet-stream';
    ctx.length = Number(doc.ContentSize);
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${String(version.PathOnClient).replace(/["\\\r\n]/g, '_')}"`,
    );
    ctx.body = createReadStream(path);
  };
  router.get('/connect/files/:id/content', content);
  router.get('/connect/communities/:networkId/files/:id/content', content);

  const previews = (ctx: Context, sitePrefix: string, base: string): void => {
    const v = apiVersion(ctx);
    const { doc, version } = findDocument(emu, ctx, ctx.params.id ?? '');
    const image = isImageType(doc.FileType);
    ctx.body = {
      format: 'thumbnail',
      previewUrls: image
        ? [
            {
              pageNumber: 1,
              previewUrl: `${emu.org.baseUrl}${sitePrefix}/sfc/servlet.shepherd/version/renditionDownload?rendition=THUMB120BY90&versionId=${String(version.Id)}&operationContext=CHATTER&contentId=${String(doc.Id)}`,
            },
          ]
        : [],
      status: image ? 'Available' : 'NotAvailable',
      totalPreviewUrlCount: image ? 1 : 0,
      url: `/services/data/${v}${base}/connect/files/${String(doc.Id)}/previews/thumbnail`,
    };
  };
  router.get('/connect/files/:id/previews/thumbnail', (ctx) => previews(ctx, '', ''));
  router.get('/connect/communities/:networkId/files/:id/previews/thumbnail', (ctx) => {
    const network = emu.org.store.get(normalizeId(ctx.params.networkId ?? '') ?? '');
    const prefix = network?.sobject === 'Network' ? `/${String(network.data.UrlPathPrefix)}` : '';
    previews(ctx, prefix, `/connect/communities/${ctx.params.networkId ?? ''}`);
  });

  const rendition = async (ctx: Context): Promise<void> => {
    const { doc, version } = findDocument(emu, ctx, ctx.params.id ?? '');
    const path = filePath(emu.org, version.VersionData);
    if (!path || !isImageType(doc.FileType))
      throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    ctx.type = 'image/png';
    ctx.body = await thumbnailPng(path, doc.FileType);
  };
  router.get('/connect/files/:id/rendition', async (ctx) => {
    apiVersion(ctx);
    await rendition(ctx);
  });

  router.get('/connect/communities', (ctx) => {
    const v = apiVersion(ctx);
    ctx.body = {
      communities: emu.org.store.list('Network').map((n) => ({
        allowChatterAccessWithoutLogin: false,
        allowMembersToFlag: false,
        description: null,
        id: n.Id,
        invitationsEnabled: false,
        knowledgeableEnabled: false,
        loginUrl: `${emu.org.baseUrl}/${String(n.UrlPathPrefix)}/login`,
        memberVisibilityEnabled: false,
        name: n.Name,
        nicknameDisplayEnabled: true,
        privateMessagesEnabled: false,
        reputationEnabled: false,
        sendWelcomeEmail: false,
        siteAsContainerEnabled: true,
        siteUrl: `${emu.org.baseUrl}/${String(n.UrlPathPrefix)}`,
        status: n.Status,
        url: `/services/data/${v}/connect/communities/${String(n.Id)}`,
        urlPathPrefix: n.UrlPathPrefix,
      })),
      total: emu.org.store.list('Network').length,
    };
  });

  return router;
}

/** /sfc/servlet.shepherd rendition download (bearer auth), what previewUrls point at. */
export function shepherdRoutes(emu: Emu): Router {
  const router = new Router();
  router.get('/sfc/servlet.shepherd/version/renditionDownload', async (ctx) => {
    const versionId = typeof ctx.query.versionId === 'string' ? normalizeId(ctx.query.versionId) : undefined;
    const hit = versionId ? emu.org.store.get(versionId) : undefined;
    if (
      !hit ||
      hit.sobject !== 'ContentVersion' ||
      !emu.org.security.forUser(userOf(ctx)).visible(versionId ?? '')
    )
      throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    const path = filePath(emu.org, hit.data.VersionData);
    if (!path || !isImageType(hit.data.FileType))
      throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    ctx.type = 'image/png';
    ctx.body = await thumbnailPng(path, hit.data.FileType);
  });
  return router;
}
