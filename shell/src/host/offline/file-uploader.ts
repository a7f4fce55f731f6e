/**
 * The file uploader (spec section 4 "File upload"): every 4000 ms, with a fresh token each run, it
 * uploads Unsynced files; a file becomes Synced with its ContentDocumentId, the submission's file
 * nodes are updated (error cleared, progress 100) and its sync status recomputed. On a failure the
 * loop stops, the file stays Unsynced; a 401 clears authorization. One upload per file at a time.
 */
import { FILE_STATUS, isBffError, MESSAGES_EN, uniquenessKey, type BffError } from 'shared-contracts';
import { gatewayError, type OrgGateway } from './org-gateway';
import { DEFAULT_BACKOFF, nextRetryDelay, type BackoffPolicy } from './backoff';
import type { FileRecord } from './sealing';
import type { OfflineStore } from './store';
import { sameOwner, type Owner } from './owner';
import { afterFileSynced, failureDelivery, failureText } from './delivery-outcomes';
import { isDue, NO_DELIVERY } from './transitions';
import { PassLoop } from './pass-loop';

export interface UploaderDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  /**
   * The signed-in owner (read before every request), or null when signed out: only the owner's
   * records are read, and nothing is sent once the owner changed or left (issue 28).
   */
  owner: () => Owner | null;
  isOnline: () => boolean;
  onUnauthorized: () => void;
  nowMs: () => number;
  random: () => number;
  backoff?: BackoffPolicy;
  /**
   * Upload progress of a file (percent, in steps), `null` once its outcome is stored. Kept in memory
   * by the caller (progress.ts): never written into the file's record, which holds its Blob.
   */
  onProgress?: (localId: string, percent: number | null) => void;
}

export type FileRunOutcome = 'synced' | 'failed' | 'unauthorized' | 'skipped';

export function asBffError(e: unknown): BffError {
  if (isBffError(e)) return e;
  return gatewayError('unavailable', e instanceof Error ? e.message : String(e));
}

/** Reports progress in steps of at least this many percent (not on every event). */
const PROGRESS_STEP = 10;

export class FileUploader {
  private readonly inFlight = new Map<string, Promise<FileRunOutcome>>();
  private readonly loop = new PassLoop(
    () => this.pass(),
    () => this.deps.isOnline(),
  );

  constructor(private readonly deps: UploaderDeps) {}

  get busy(): boolean {
    return this.loop.active || this.inFlight.size > 0;
  }

  uploadingIds(): string[] {
    return [...this.inFlight.keys()];
  }

  /** One run of the 4-second loop. */
  async runOnce(): Promise<void> {
    await this.loop.run();
  }

  private async pass(): Promise<void> {
    const now = this.deps.nowMs();
    const owner = this.deps.owner();
    if (!owner) return; // signed out: nothing is sent for nobody
    const files = (await this.deps.store.unsyncedFiles(owner)).filter((f) => isDue(f, now));
    if (files.length === 0 || !this.stillOwner(owner)) return;
    const token = await this.freshToken();
    if (token === null) return;
    for (const f of files) {
      const outcome = await this.upload(owner, f.LocalId, token);
      if (outcome === 'failed' || outcome === 'unauthorized') break;
    }
  }

  /** Step 1 of the submission uploader: this submission's pending files, in order. */
  async uploadForSubmission(owner: Owner, submissionId: string): Promise<void> {
    const files = await this.deps.store.fileRecordsOf(owner, submissionId);
    for (const f of files) {
      if (f.status === FILE_STATUS.synced) {
        await this.reconcile(owner, f);
      }
    }
    const pending = files.filter((f) => f.status === FILE_STATUS.unsynced && isDue(f, this.deps.nowMs()));
    if (pending.length === 0 || !this.stillOwner(owner)) return;
    const token = await this.freshToken();
    if (token === null) return;
    for (const f of pending) {
      const outcome = await this.upload(owner, f.LocalId, token);
      if (outcome === 'failed' || outcome === 'unauthorized') return;
    }
  }

  /** Whether `owner` is still the signed-in owner: a sign-out stops the run before its next request. */
  stillOwner(owner: Owner): boolean {
    return sameOwner(this.deps.owner(), owner);
  }

  /** A network error loading the token is thrown away, not treated as an upload failure. */
  private async freshToken(): Promise<string | null> {
    try {
      return await this.deps.gateway.getToken();
    } catch (e) {
      if (asBffError(e).kind === 'unauthorized') this.deps.onUnauthorized();
      return null;
    }
  }

  /** A file Synced in the image store whose nodes were not yet updated (a crash in between). */
  private async reconcile(owner: Owner, f: FileRecord): Promise<void> {
    await this.deps.store.updateSubmission(owner, f.submissionId, (s) => {
      const next = afterFileSynced(s, f.LocalId, f.ContentDocumentId);
      return JSON.stringify(next.data) === JSON.stringify(s.data) && next.syncStatus === s.syncStatus
        ? undefined
        : next;
    });
  }

  upload(owner: Owner, localId: string, token: string): Promise<FileRunOutcome> {
    const existing = this.inFlight.get(localId);
    if (existing) return existing;
    const p = this.doUpload(owner, localId, token).finally(() => {
      this.inFlight.delete(localId);
      // the outcome is stored (or the run failed): the record speaks for itself again
      this.deps.onProgress?.(localId, null);
    });
    this.inFlight.set(localId, p);
    return p;
  }

  private async doUpload(user: Owner, localId: string, token: string): Promise<FileRunOutcome> {
    const { store, gateway } = this.deps;
    // the record first: its bytes are opened only when they are sent (below)
    const f = await store.fileRecord(user, localId);
    if (!f || f.status !== FILE_STATUS.unsynced) return 'skipped';
    const owner = await store.getSubmission(user, f.submissionId);
    if (!owner) {
      // an orphan of a discarded submission: never uploaded
      await store.updateFile(user, localId, () => null);
      return 'skipped';
    }
    if (!this.stillOwner(user)) return 'skipped';
    let reported = f.progress;
    const onProgress = (percent: number): void => {
      const p = Math.max(0, Math.min(100, Math.round(percent)));
      if (p - reported < PROGRESS_STEP && p !== 100) return;
      reported = p;
      this.deps.onProgress?.(localId, p);
    };
    let contentDocumentId: string;
    try {
      // read only now, to be sent: sealed as stored (the BFF opens it on the way to the org), so the
      // page holds no clear copy of it, and as a Blob, which goes to the network by reference (an
      // ArrayBuffer body is copied by the page and again for the network: with a few 100 MB files
      // going up at once that stalled the page in the durability run)
      const body = await store.fileUploadBody(user, localId);
      if (!body) throw gatewayError('rejected', MESSAGES_EN.fileUploadErrorFound);
      contentDocumentId = await gateway.uploadFile(
        {
          localId,
          submissionId: f.submissionId,
          uniquenessKey: uniquenessKey(owner.formId, owner.id),
          name: f.Name,
          file: body.file,
          ...(body.sealed ? { sealed: body.sealed } : {}),
          ...(f.sha256 ? { sha256: f.sha256 } : {}),
          token,
          ...((f.delivery?.attempts ?? 0) > 0 || f.error ? { retry: true } : {}),
        },
        onProgress,
      );
    } catch (e) {
      const err = asBffError(e);
      const now = this.deps.nowMs();
      await store.updateFile(user, localId, (cur) => {
        const attempts = (cur.delivery?.attempts ?? 0) + 1;
        return {
          ...cur,
          status: FILE_STATUS.unsynced,
          error: failureText(err),
          delivery: {
            attempts,
            nextAttemptAt:
              now + nextRetryDelay(attempts, this.deps.backoff ?? FILE_BACKOFF, this.deps.random),
            ...failureDelivery(err),
          },
        };
      });
      if (err.kind === 'unauthorized') {
        this.deps.onUnauthorized();
        return 'unauthorized';
      }
      return 'failed';
    }
    // the org has the file: record it, once (a local failure here is not an upload failure)
    await store.updateFile(user, localId, (cur) => ({
      ...cur,
      status: FILE_STATUS.synced,
      ContentDocumentId: contentDocumentId,
      error: null,
      progress: 100,
      delivery: { ...NO_DELIVERY },
    }));
    await store.updateSubmission(user, f.submissionId, (s) => afterFileSynced(s, localId, contentDocumentId));
    return 'synced';
  }
}

/** Files start backing off from the file uploader's interval. */
export const FILE_BACKOFF: BackoffPolicy = { ...DEFAULT_BACKOFF, baseMs: 4000 };
