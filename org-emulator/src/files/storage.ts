// File bodies live on disk next to the database (never in memory); ContentVersion.VersionData holds a pointer.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { randomToken } from '../ids.js';
import type { Org } from '../org.js';
import { SfError } from '../errors.js';
import type { ObjectMeta } from '../metadata/registry.js';
import { insertRaw } from '../sobjects/dml.js';
import type { SRecord } from '../store/records.js';

export interface StoredFile {
  name: string;
  size: number;
  md5: string;
}

export const FILE_POINTER = 'file:';

export async function saveStream(org: Org, stream: Readable): Promise<StoredFile> {
  const name = randomToken(18);
  const tmp = join(org.filesDir, `${name}.part`);
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(tmp));
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await rename(tmp, join(org.filesDir, name));
  return { name, size, md5: hash.digest('hex') };
}

export function filePath(org: Org, pointer: unknown): string | undefined {
  if (typeof pointer !== 'string' || !pointer.startsWith(FILE_POINTER)) return undefined;
  const name = pointer.slice(FILE_POINTER.length);
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return undefined;
  return join(org.filesDir, name);
}

const FILE_TYPES: Record<string, string> = {
  png: 'PNG',
  jpg: 'JPG',
  jpeg: 'JPEG',
  gif: 'GIF',
  pdf: 'PDF',
  txt: 'TEXT',
  csv: 'CSV',
  json: 'JSON',
  zip: 'ZIP',
  doc: 'WORD',
  docx: 'WORD_X',
  xls: 'EXCEL',
  xlsx: 'EXCEL_X',
};

export const MIME: Record<string, string> = {
  PNG: 'image/png',
  JPG: 'image/jpeg',
  JPEG: 'image/jpeg',
  GIF: 'image/gif',
  PDF: 'application/pdf',
  TEXT: 'text/plain',
  CSV: 'text/csv',
  JSON: 'application/json',
  ZIP: 'application/zip',
};

export function fileTypeOf(pathOnClient: string): { ext: string; type: string } {
  const ext = extname(pathOnClient).slice(1).toLowerCase();
  return { ext, type: FILE_TYPES[ext] ?? 'UNKNOWN' };
}

/** Creates ContentDocument + ContentVersion (+ a link to the owner, and to FirstPublishLocationId when given). */
export function createContentVersion(
  org: Org,
  userId: string,
  file: StoredFile,
  fields: {
    Title?: string;
    PathOnClient: string;
    Description?: string;
    FirstPublishLocationId?: string | null;
    /** A new version of this existing document (as on the org: the document, its links and Id stay). */
    ContentDocumentId?: string;
    ReasonForChange?: string;
    /** Custom ContentVersion fields (e.g. cqext__Upload_Key__c), already checked to exist. */
    custom?: Record<string, string>;
  },
): { version: SRecord; document: SRecord } {
  if (fields.ContentDocumentId)
    return addContentVersion(org, userId, file, { ...fields, ContentDocumentId: fields.ContentDocumentId });
  return org.store.transaction(() => {
    const { ext, type } = fileTypeOf(fields.PathOnClient);
    const title = fields.Title || fields.PathOnClient.replace(/\.[^.]*$/, '') || 'Untitled';
    const docMeta = org.registry.get('ContentDocument');
    const verMeta = org.registry.get('ContentVersion');
    const linkMeta = org.registry.get('ContentDocumentLink');
    if (!docMeta || !verMeta || !linkMeta) throw new Error('content objects missing from the registry');
    const custom = fields.custom ?? {};
    checkUniqueVersionFields(org, verMeta, custom);
    const docId = org.newId('069');
    const versionId = org.newId('068');
    const document = insertRaw(
      org,
      docMeta,
      {
        Title: title,
        LatestPublishedVersionId: versionId,
        FileType: type,
        FileExtension: ext,
        ContentSize: file.size,
        Description: fields.Description ?? null,
      },
      userId,
      docId,
    );
    const version = insertRaw(
      org,
      verMeta,
      {
        Title: title,
        PathOnClient: fields.PathOnClient,
        VersionData: `${FILE_POINTER}${file.name}`,
        ContentDocumentId: docId,
        ContentSize: file.size,
        FileType: type,
        FileExtension: ext,
        IsLatest: true,
        VersionNumber: '1',
        Checksum: file.md5,
        Description: fields.Description ?? null,
        ReasonForChange: fields.ReasonForChange ?? null,
        FirstPublishLocationId: fields.FirstPublishLocationId ?? userId,
        ...custom,
      },
      userId,
      versionId,
    );
    const linked = new Set([userId, fields.FirstPublishLocationId ?? userId]);
    for (const entity of linked) {
      insertRaw(
        org,
        linkMeta,
        {
          ContentDocumentId: docId,
          LinkedEntityId: entity,
          ShareType: entity === userId ? 'I' : 'V',
          Visibility: 'AllUsers',
        },
        userId,
      );
    }
    return { version, document };
  });
}

/**
 * A ContentVersion inserted with ContentDocumentId: the document's next version. The previous one
 * stops being the latest, the document points at the new one; its Id and links do not change.
 */
function addContentVersion(
  org: Org,
  userId: string,
  file: StoredFile,
  fields: Parameters<typeof createContentVersion>[3] & { ContentDocumentId: string },
): { version: SRecord; document: SRecord } {
  return org.store.transaction(() => {
    const docMeta = org.registry.get('ContentDocument');
    const verMeta = org.registry.get('ContentVersion');
    if (!docMeta || !verMeta) throw new Error('content objects missing from the registry');
    const doc = org.store.get(fields.ContentDocumentId);
    if (!doc || doc.sobject !== 'ContentDocument' || doc.data.IsDeleted === true)
      throw new SfError(400, 'INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', [
        'ContentDocumentId',
      ]);
    const custom = fields.custom ?? {};
    checkUniqueVersionFields(org, verMeta, custom);
    const { ext, type } = fileTypeOf(fields.PathOnClient);
    const versions = org.store
      .list('ContentVersion')
      .filter((v) => v.ContentDocumentId === fields.ContentDocumentId);
    for (const v of versions)
      if (v.IsLatest === true) org.store.put('ContentVersion', { ...v, IsLatest: false });
    const title = fields.Title || String(doc.data.Title ?? '') || 'Untitled';
    const versionId = org.newId('068');
    const version = insertRaw(
      org,
      verMeta,
      {
        Title: title,
        PathOnClient: fields.PathOnClient,
        VersionData: `${FILE_POINTER}${file.name}`,
        ContentDocumentId: fields.ContentDocumentId,
        ContentSize: file.size,
        FileType: type,
        FileExtension: ext,
        IsLatest: true,
        VersionNumber: String(versions.length + 1),
        Checksum: file.md5,
        Description: fields.Description ?? null,
        ReasonForChange: fields.ReasonForChange ?? null,
        FirstPublishLocationId: versions[0]?.FirstPublishLocationId ?? userId,
        ...custom,
      },
      userId,
      versionId,
    );
    const document = {
      ...doc.data,
      Title: title,
      LatestPublishedVersionId: versionId,
      FileType: type,
      FileExtension: ext,
      ContentSize: file.size,
      LastModifiedDate: version.LastModifiedDate,
    };
    org.store.put('ContentDocument', document);
    return { version, document };
  });
}

/**
 * Unique custom fields (the upload key) refuse a second live version with the same value, as the org
 * does for a unique field: DUPLICATE_VALUE, case-insensitive, deleted versions (list() leaves them out) not counted.
 */
function checkUniqueVersionFields(org: Org, meta: ObjectMeta, custom: Record<string, string>): void {
  for (const [name, value] of Object.entries(custom)) {
    if (!meta.field(name)?.unique || value === '') continue;
    const lower = value.toLowerCase();
    const clash = org.store
      .list('ContentVersion')
      .find((r) => typeof r[name] === 'string' && r[name].toLowerCase() === lower);
    if (clash) {
      throw new SfError(
        400,
        'DUPLICATE_VALUE',
        `duplicate value found: ${name} duplicates value on record with id: ${String(clash.Id)}`,
        [name],
      );
    }
  }
}
