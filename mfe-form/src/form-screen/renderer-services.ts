/**
 * The renderer's injected services, built from the host: files go through the offline core (stored on
 * the device first, then uploaded by the host's file uploader), previews from the local copy or the
 * BFF, the signed-in user for $currentuser tokens.
 */
import { bffErrorText, isBffError, MESSAGES_EN } from 'shared-contracts';
import { contextRecord } from 'form-core';
import type { FileMeta, FormDefinition, FormFileItem, HostServices, SignedIn } from 'shared-contracts';
import type { FormRendererServices } from '../renderer';
import { lookupSearchWithDevice } from './lookup-search';

/** Settles when the host's file uploader has uploaded (or failed to upload) the file `localId`. */
export function awaitUpload(
  host: HostServices,
  submissionId: string,
  localId: string,
  onProgress: (percent: number) => void,
  signal: { cancelled: boolean; stops: Set<() => void> },
): Promise<{ ContentDocumentId: string }> {
  return new Promise((resolve, reject) => {
    const files = host.offline.fileList(submissionId);
    let unsubscribe = (): void => undefined;
    const stop = (): void => {
      unsubscribe();
      signal.stops.delete(stop);
    };
    const check = (list: FileMeta[]): void => {
      if (signal.cancelled) return stop();
      const f = list.find((x) => x.LocalId === localId);
      if (!f) return;
      if (f.status === 'Synced' && f.ContentDocumentId && f.ContentDocumentId !== 'Unsynced') {
        stop();
        resolve({ ContentDocumentId: f.ContentDocumentId });
      } else if (f.error) {
        stop();
        // The record stays queued in the host: its uploader retries it and fills the node in later.
        // A network failure rejects with the English text whatever the language: it is the token the
        // file control reads as "waiting for the network" (it words what it shows itself).
        reject(new Error(f.error));
      } else if (!host.online.get()) {
        stop();
        reject(new Error(MESSAGES_EN.networkError));
      } else if (f.progress >= 0) onProgress(f.progress);
    };
    unsubscribe = files.subscribe(check);
    signal.stops.add(stop);
    queueMicrotask(() => check(files.get()));
  });
}

export interface ScreenServices extends FormRendererServices {
  /** Stop waiting for uploads (the screen is leaving; uploads go on in the host). */
  dispose(): void;
}

export function buildRendererServices(args: {
  host: HostServices;
  submissionId: string;
  formName: string;
  /** The definition as shown (starting data merged): its context record feeds $context tokens. */
  formDef?: FormDefinition;
  user: SignedIn | undefined;
  print: () => void;
}): ScreenServices {
  const { host, submissionId } = args;
  const signal = { cancelled: false, stops: new Set<() => void>() };
  // the files listed without their bytes: a file's bytes are opened only for its preview, when shown
  const files = host.offline.fileList(submissionId);
  const objectUrls = new Set<string>();
  const record = (localId: string): FileMeta | undefined => files.get().find((f) => f.LocalId === localId);
  /** An object URL for what is on screen, revoked when it leaves it (releaseFilePreview) or on dispose. */
  const shown = (blob: Blob): string => {
    const url = URL.createObjectURL(blob);
    objectUrls.add(url);
    return url;
  };
  return {
    currentUser: args.user ? { ...args.user.userDetails, Id: args.user.userId } : undefined,
    timeZone: args.user?.userDetails.TimeZoneSidKey || undefined,
    documentName: args.formName,
    ...(args.formDef && contextRecord(args.formDef) ? { context: contextRecord(args.formDef) } : {}),
    // Guide images "Download for offline" cached come from the device; else the image's own URL.
    async getGuideImage(imageUrl) {
      const cached = await host.offline.guideImage(imageUrl);
      return cached ?? imageUrl;
    },
    navigate: (to) => host.navigate(to),
    searchRecords: lookupSearchWithDevice(host, args.formDef),
    print: args.print,
    async uploadFile(file, ctx) {
      const r = await host.offline.attachFile(submissionId, file, file.name, ctx.path, ctx.localId);
      if (!r.ok) throw new Error(r.message);
      return awaitUpload(host, submissionId, ctx.localId, ctx.onProgress, signal);
    },
    async retryUpload(item, ctx) {
      await host.offline.retryNow(item.LocalId);
      return awaitUpload(host, submissionId, item.LocalId, ctx.onProgress, signal);
    },
    hasUploadRecord: (item: FormFileItem) => !!item.ContentDocumentId || !!record(item.LocalId),
    uploadFailureReason(item: FormFileItem) {
      const delivery = record(item.LocalId)?.delivery;
      return delivery?.lastError ? bffErrorText(delivery.lastError, delivery.lastErrorWording) : undefined;
    },
    async getFilePreview(item) {
      if (item.LocalId && typeof URL.createObjectURL === 'function') {
        // the device's copy first: this one file's bytes, opened now (read from the store itself, so
        // a list not yet read does not hide it); the Blob lives as long as its preview is shown
        const opened = await host.offline.fileBytes(item.LocalId);
        if (opened) return shown(new Blob([opened.bytes], { type: opened.type }));
      }
      if (!item.ContentDocumentId || item.ContentDocumentId === 'Unsynced') return undefined;
      // Thumbnails come through the BFF (the org token never reaches the browser), by the host's client.
      let preview: Blob;
      try {
        preview = await host.api.call('filePreview', {
          params: { contentDocumentId: item.ContentDocumentId },
        });
      } catch (e) {
        if (isBffError(e) && !e.network) return undefined; // the BFF answered: no preview for this file
        throw e;
      }
      return shown(preview);
    },
    releaseFilePreview(url) {
      if (!objectUrls.delete(url)) return;
      URL.revokeObjectURL?.(url);
    },
    dispose() {
      signal.cancelled = true;
      [...signal.stops].forEach((s) => s());
      objectUrls.forEach((u) => URL.revokeObjectURL?.(u));
      objectUrls.clear();
    },
  };
}
