/**
 * The renderer's injected services, built from the host: files go through the offline core (stored on
 * the device first, then uploaded by the host's file uploader), previews from the local copy or the
 * BFF, the signed-in user for $currentuser tokens.
 */
import { MESSAGES, isBffError, MESSAGES_EN } from 'shared-contracts';
import { contextRecord } from 'form-core';
import type { FileInfo, FormDefinition, FormFileItem, HostServices, SignedIn } from 'shared-contracts';
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
    const files = host.offline.filesOf(submissionId);
    let unsubscribe = (): void => undefined;
    const stop = (): void => {
      unsubscribe();
      signal.stops.delete(stop);
    };
    const check = (list: FileInfo[]): void => {
      if (signal.cancelled) return stop();
      const f = list.find((x) => x.LocalId === localId);
      if (!f) return;
      if (f.status === 'Synced' && f.ContentDocumentId && f.ContentDocumentId !== 'Unsynced') {
        stop();
        resolve({ ContentDocumentId: f.ContentDocumentId });
      } else if (f.error) {
        stop();
        // The record stays queued in the host: its uploader retries it and fills the node in later.
        reject(new Error(f.error === MESSAGES_EN.networkError ? MESSAGES.networkError : f.error));
      } else if (!host.online.get()) {
        stop();
        reject(new Error(MESSAGES.networkError));
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
  const files = host.offline.filesOf(submissionId);
  const objectUrls: string[] = [];
  const record = (localId: string): FileInfo | undefined => files.get().find((f) => f.LocalId === localId);
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
    async getFilePreview(item) {
      const local = record(item.LocalId);
      if (local?.file && typeof URL.createObjectURL === 'function') {
        const url = URL.createObjectURL(local.file);
        objectUrls.push(url);
        return url;
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
      const url = URL.createObjectURL(preview);
      objectUrls.push(url);
      return url;
    },
    dispose() {
      signal.cancelled = true;
      [...signal.stops].forEach((s) => s());
      objectUrls.splice(0).forEach((u) => URL.revokeObjectURL?.(u));
    },
  };
}
