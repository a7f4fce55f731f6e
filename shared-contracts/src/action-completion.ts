/**
 * Completing a corrective action on the device (issue 43). What was done and its photos are kept as a
 * local record of the offline store whose formId is the action's Task Id, so they are stored first,
 * work offline, have their photos uploaded by the file uploader and go through the one delivery path
 * (POST /api/submissions/batch, which completes the task for such an item) with the outbox's retries,
 * never through a second sender. Framework-free.
 */
import type { FileNode } from './offline';

/** The data keys of a completion record: what was done, the photos attached (file nodes). */
export const ACTION_DONE_KEY = 'Done';
export const ACTION_PHOTOS_KEY = 'Photos';
/** The most photos one completion links (the completion route's limit). */
export const ACTION_PHOTOS_MAX = 10;
/** The most characters of what was done. */
export const ACTION_DONE_MAX = 4000;

/** A Task Id: 15 or 18 characters with Task's key prefix. */
const TASK_ID = /^00T[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/;

/** True when a local record (by its formId) completes a corrective action rather than fills a form. */
export function isActionCompletion(formId: unknown): boolean {
  return typeof formId === 'string' && TASK_ID.test(formId);
}

export interface ActionCompletion {
  done: string;
  /** Uploaded photos' ContentDocument ids. */
  contentDocumentIds: string[];
  /** Photos not uploaded yet (still on the device). */
  pending: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a completion record's data says was done, and its photos. */
export function completionOf(data: unknown): ActionCompletion {
  const d = isRecord(data) ? data : {};
  const done = typeof d[ACTION_DONE_KEY] === 'string' ? d[ACTION_DONE_KEY].trim() : '';
  const nodes = Array.isArray(d[ACTION_PHOTOS_KEY]) ? (d[ACTION_PHOTOS_KEY] as unknown[]) : [];
  const contentDocumentIds: string[] = [];
  let pending = 0;
  for (const n of nodes) {
    const id = isRecord(n) && typeof n.ContentDocumentId === 'string' ? n.ContentDocumentId : '';
    if (/^069[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/.test(id)) contentDocumentIds.push(id);
    else pending += 1;
  }
  return { done, contentDocumentIds: [...new Set(contentDocumentIds)], pending };
}

/** The data of a completion record. */
export function completionData(done: string, photos: readonly FileNode[]): Record<string, unknown> {
  return { [ACTION_DONE_KEY]: done, [ACTION_PHOTOS_KEY]: [...photos] };
}
