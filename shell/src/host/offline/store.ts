/**
 * Reads and writes of the local stores. User writes return a WriteResult (a quota or storage failure
 * becomes plain words and leaves the previous record intact: the write is one transaction, so it
 * either lands whole or not at all). Read-modify-write always re-reads inside the transaction, so a
 * save from another tab or the uploader is never overwritten by a stale copy.
 */
import {
  FILE_STATUS,
  MESSAGES,
  OFFLINE_MESSAGES,
  SYNC_STATUS,
  type FileInfo,
  type LocalSubmission,
  type WriteResult,
} from 'shared-contracts';
import type { OfflineDbs } from './db';

export function isQuotaError(e: unknown): boolean {
  const names = [e, (e as { inner?: unknown } | null)?.inner].map((x) =>
    typeof x === 'object' && x !== null ? (x as { name?: unknown }).name : undefined,
  );
  return names.includes('QuotaExceededError');
}

/** Plain words for a failed local write. */
export function storageFailureText(e: unknown): string {
  return isQuotaError(e) ? OFFLINE_MESSAGES.quotaExceeded : OFFLINE_MESSAGES.storageFailed;
}

export async function guarded<T>(
  fn: () => Promise<T>,
  failure: (e: unknown) => string = storageFailureText,
): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    console.error('offline store write failed', e);
    return { ok: false, message: failure(e) };
  }
}

export class OfflineStore {
  constructor(readonly dbs: OfflineDbs) {}

  get sdb() {
    return this.dbs.submissions;
  }
  get idb() {
    return this.dbs.images;
  }

  getSubmission(id: string): Promise<LocalSubmission | undefined> {
    return this.sdb.submissions.get(id);
  }

  submissionsOf(organizationId: string): Promise<LocalSubmission[]> {
    return this.sdb.submissions.where('organizationId').equals(organizationId).toArray();
  }

  /** Candidates for the uploader, by the syncStatus index (in-sync and in-error records are not read). */
  queuedSubmissions(organizationId: string): Promise<LocalSubmission[]> {
    return this.sdb.submissions
      .where('syncStatus')
      .anyOf([SYNC_STATUS.outOfSync, SYNC_STATUS.fileUnsynced, SYNC_STATUS.offlineSubmissionSync])
      .filter((s) => s.organizationId === organizationId)
      .toArray();
  }

  /**
   * Whether anything waits for the uploaders (queued submissions, unsynced files): a key-only count
   * over the two status indexes, so the engine can sleep between bursts of work instead of polling.
   */
  async hasPendingWork(organizationId: string): Promise<boolean> {
    const subs = await this.sdb.submissions
      .where('syncStatus')
      .anyOf([SYNC_STATUS.outOfSync, SYNC_STATUS.fileUnsynced, SYNC_STATUS.offlineSubmissionSync])
      .filter((s) => s.organizationId === organizationId)
      .first();
    if (subs) return true;
    const file = await this.idb.images
      .where('status')
      .equals(FILE_STATUS.unsynced)
      .filter((f) => f.organizationId === organizationId)
      .first();
    return file !== undefined;
  }

  /** `undiscard`: the id may be one the user discarded; its discard mark goes in the same transaction. */
  putSubmission(s: LocalSubmission, { undiscard = false } = {}): Promise<string> {
    if (!undiscard)
      return this.sdb.transaction('rw', this.sdb.submissions, () => this.sdb.submissions.put(s));
    return this.sdb.transaction('rw', [this.sdb.submissions, this.sdb.discarded], async () => {
      await this.sdb.discarded.delete(s.id);
      return this.sdb.submissions.put(s);
    });
  }

  /** Many records, one transaction (bulkPut). */
  async bulkPutSubmissions(items: LocalSubmission[]): Promise<void> {
    await this.sdb.transaction('rw', this.sdb.submissions, () => this.sdb.submissions.bulkPut(items));
  }

  /**
   * Atomic read-modify-write. `fn` gets the current record and returns the next one, `null` to
   * delete it, or `undefined` to leave it as is. Resolves to what is stored afterwards.
   */
  async updateSubmission(
    id: string,
    fn: (current: LocalSubmission) => LocalSubmission | null | undefined,
  ): Promise<LocalSubmission | undefined> {
    return this.sdb.transaction('rw', this.sdb.submissions, async () => {
      const current = await this.sdb.submissions.get(id);
      if (!current) return undefined;
      const next = fn(current);
      if (next === undefined) return current;
      if (next === null) {
        await this.sdb.submissions.delete(id);
        return undefined;
      }
      await this.sdb.submissions.put(next);
      return next;
    });
  }

  /**
   * The user's Discard: the submission goes as by deleteSubmissionCascade, and its id is marked
   * discarded in the same transaction (an org copy of the draft is then never imported back).
   */
  async discardSubmission(id: string, organizationId: string, nowMs: number): Promise<void> {
    await this.deleteFilesOf([id]);
    await this.sdb.transaction('rw', [this.sdb.submissions, this.sdb.discarded], async () => {
      await this.sdb.submissions.delete(id);
      await this.sdb.discarded.put({ id, organizationId, discardedAt: nowMs });
    });
  }

  /** Ids the user discarded in this organisation. */
  async discardedIds(organizationId: string): Promise<Set<string>> {
    const keys = await this.sdb.discarded.where('organizationId').equals(organizationId).primaryKeys();
    return new Set(keys);
  }

  /** Drops discard marks older than `before` whose ids the org no longer lists as pending. */
  async forgetDiscarded(
    organizationId: string,
    pendingIds: ReadonlySet<string>,
    before: number,
  ): Promise<void> {
    await this.sdb.transaction('rw', this.sdb.discarded, () =>
      this.sdb.discarded
        .where('organizationId')
        .equals(organizationId)
        .filter((d) => d.discardedAt < before && !pendingIds.has(d.id))
        .delete(),
    );
  }

  /** Deletes a submission with its files and cached images (files first: an orphan file is never uploaded). */
  async deleteSubmissionCascade(id: string): Promise<void> {
    await this.deleteFilesOf([id]);
    await this.sdb.transaction('rw', this.sdb.submissions, () => this.sdb.submissions.delete(id));
  }

  /** Files and cached images of submissions already deleted (one transaction). */
  async deleteFilesOf(submissionIds: string[]): Promise<void> {
    await this.idb.transaction('rw', [this.idb.images, this.idb.cachedImages], async () => {
      await this.idb.images.where('submissionId').anyOf(submissionIds).delete();
      await this.idb.cachedImages.where('submissionId').anyOf(submissionIds).delete();
    });
  }

  /**
   * Back online: what waits only because the network was down is due again at once (attempts and
   * other errors are kept). Returns how many records were touched.
   */
  async clearNetworkBackoff(organizationId: string, networkError: string): Promise<number> {
    const waiting = (d: { lastError: string | null; nextAttemptAt: number } | undefined): boolean =>
      d !== undefined && d.lastError === networkError && d.nextAttemptAt > 0;
    const a = await this.sdb.transaction('rw', this.sdb.submissions, () =>
      this.sdb.submissions
        .where('organizationId')
        .equals(organizationId)
        .filter((s) => waiting(s.delivery))
        .modify((s) => {
          if (s.delivery) s.delivery.nextAttemptAt = 0;
        }),
    );
    const b = await this.idb.transaction('rw', this.idb.images, () =>
      this.idb.images
        .where('organizationId')
        .equals(organizationId)
        .filter((f) => waiting(f.delivery))
        .modify((f) => {
          if (f.delivery) f.delivery.nextAttemptAt = 0;
        }),
    );
    return a + b;
  }

  // files

  filesOf(submissionId: string): Promise<FileInfo[]> {
    return this.idb.images.where('submissionId').equals(submissionId).toArray();
  }

  unsyncedFiles(organizationId: string): Promise<FileInfo[]> {
    return this.idb.images
      .where('status')
      .equals(FILE_STATUS.unsynced)
      .filter((f) => f.organizationId === organizationId)
      .toArray();
  }

  getFile(localId: string): Promise<FileInfo | undefined> {
    return this.idb.images.get(localId);
  }

  /** Stores a file; a failure is 'Database Error: File not stored in DB'. */
  putFileForUser(f: FileInfo): Promise<WriteResult<string>> {
    return guarded(
      () => this.idb.transaction('rw', this.idb.images, () => this.idb.images.put(f)),
      () => MESSAGES.fileNotStoredInDb,
    );
  }

  async updateFile(
    localId: string,
    fn: (f: FileInfo) => FileInfo | null | undefined,
  ): Promise<FileInfo | undefined> {
    return this.idb.transaction('rw', this.idb.images, async () => {
      const current = await this.idb.images.get(localId);
      if (!current) return undefined;
      const next = fn(current);
      if (next === undefined) return current;
      if (next === null) {
        await this.idb.images.delete(localId);
        return undefined;
      }
      await this.idb.images.put(next);
      return next;
    });
  }
}
