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

/** Brings a picture down to the photo field's size; rejects with `unreadable: true` for a non-picture. */
export type ResizePhoto = (file: File) => Promise<File>;

/**
 * The picked pictures, each resized on the device; a file the device cannot read as a picture is named
 * and left out. Where the resize itself is not available (its code could not load), the picture goes
 * as it was taken: nothing the user picked is lost.
 */
export async function resizedPhotos(
  files: readonly File[],
  resize: ResizePhoto,
): Promise<{ photos: PickedPhoto[]; unreadable: string[] }> {
  const photos: PickedPhoto[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      const sized = await resize(file);
      photos.push({ file: sized, name: sized.name });
    } catch (error) {
      if ((error as { unreadable?: boolean } | null)?.unreadable === true) unreadable.push(file.name);
      else photos.push({ file, name: file.name });
    }
  }
  return { photos, unreadable };
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
