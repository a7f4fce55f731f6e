/**
 * Marking an action done on the device (issue 43): what was done and its photos are stored first, as a
 * completion record of the offline store (shared-contracts action-completion.ts), so it works offline
 * and goes through the outbox's one delivery path with its retries; its photos through the host's file
 * path (attachFile, the file uploader). Framework-free. A write that fails leaves nothing behind.
 */
import {
  ACTION_PHOTOS_KEY,
  completionData,
  type CorrectiveActionTask,
  type FileNode,
  type OfflineServices,
  type WriteResult,
} from 'shared-contracts';
import { ACTION_TEXTS } from './texts';

export interface PickedPhoto {
  file: Blob;
  name: string;
}

/** Stores the completion and queues it; the local record's id, or why it could not be stored. */
export async function recordCompletion(
  offline: Pick<OfflineServices, 'create' | 'attachFile' | 'submit' | 'discard'>,
  task: Pick<CorrectiveActionTask, 'taskId' | 'subject'>,
  done: string,
  photos: readonly PickedPhoto[],
): Promise<WriteResult<string>> {
  const created = await offline.create({
    formId: task.taskId,
    formName: task.subject || ACTION_TEXTS.heading,
    data: {},
  });
  if (!created.ok) return created;
  const id = created.value.id;
  const undo = async (result: { ok: false; message: string }): Promise<WriteResult<string>> => {
    await offline.discard(id);
    return result;
  };
  const nodes: FileNode[] = [];
  for (const photo of photos) {
    const attached = await offline.attachFile(id, photo.file, photo.name, ACTION_PHOTOS_KEY);
    if (!attached.ok) return undo(attached);
    nodes.push(attached.value);
  }
  const submitted = await offline.submit(id, completionData(done.trim(), nodes));
  if (!submitted.ok) return undo(submitted);
  return { ok: true, value: id };
}
