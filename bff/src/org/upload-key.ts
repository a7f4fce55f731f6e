/**
 * Exactly-once file uploads. The client sends a stable key per local file (its LocalId) in the
 * X-Upload-Key header; the BFF writes it on the org's ContentVersion in the same request that stores
 * the file (the package's custom field `{ns}__Upload_Key__c`, unique), and looks it up before
 * uploading: a retry after a lost answer gets the first file's ContentDocumentId, not a second copy.
 */
import type { Connection } from 'jsforce';
import { nsName } from 'shared-contracts';

export const UPLOAD_KEY_HEADER = 'X-Upload-Key';

/** The client's LocalId: a UUID in practice; anything else is refused before it reaches SOQL. */
const KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function isUploadKey(value: string): boolean {
  return KEY.test(value);
}

/** The package's ContentVersion field holding the key (namespaced like every field of the package). */
export function uploadKeyField(namespace: string): string {
  return nsName(namespace, 'Upload_Key__c');
}

/** The signed-in user's version carrying `key` (the key was validated: no quoting needed). */
export function uploadKeySoql(namespace: string, key: string, userId: string): string {
  if (!isUploadKey(key)) throw new Error('invalid upload key');
  if (!/^[A-Za-z0-9]{15,18}$/.test(userId)) throw new Error('invalid user id');
  return (
    `SELECT Id, ContentDocumentId, Title FROM ContentVersion WHERE ${uploadKeyField(namespace)} = '${key}'` +
    ` AND OwnerId = '${userId}' ORDER BY CreatedDate LIMIT 1`
  );
}

export interface UploadedFile {
  /** The ContentDocumentId, as the Connect upload answers it. */
  id: string;
  title: string;
}

/** The file this user already uploaded with `key`, answered as a fresh upload would be; null if none. */
export async function findUploaded(
  conn: Connection,
  namespace: string,
  key: string,
  userId: string,
): Promise<UploadedFile | null> {
  const res = await conn.query<{ ContentDocumentId?: string; Title?: string }>(
    uploadKeySoql(namespace, key, userId),
  );
  const hit = res.records[0];
  if (!hit?.ContentDocumentId) return null;
  return { id: hit.ContentDocumentId, title: hit.Title ?? '' };
}
