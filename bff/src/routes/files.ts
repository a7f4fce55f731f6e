// Files through the BFF: content by name or id, a file's bytes, previews, uploads and guide images.
import { ApiError } from '../http/errors';
import { safeJsonParse } from '../http/body';
import { eq, eqBool, eqId, isSfId, select } from '../org/soql';
import { origin, queryAll } from '../org/util';
import { fileUpload, streamPreview } from '../org/files';
import { HANDLED, type Handler } from './types';

export const fileHandlers: Record<string, Handler> = {
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
};
