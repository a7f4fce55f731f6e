/**
 * Reads and writes of the local stores, always of one owner (owner.ts): every method takes the
 * signed-in owner first, refuses to run without one (OwnerRequiredError), reads only that owner's
 * records and stamps it on every record it writes; a record of another owner is neither read, changed
 * nor overwritten. The remotes, the uploaders and the service worker reach the stores only through
 * this class (store.test.ts checks every method of it refuses an owner-less call). User writes return a WriteResult (a quota or storage failure
 * becomes plain words and leaves the previous record intact: the write is one transaction, so it
 * either lands whole or not at all). Read-modify-write always re-reads inside the transaction, so a
 * save from another tab or the uploader is never overwritten by a stale copy.
 */
import {
  FILE_STATUS,
  MESSAGES_EN,
  OFFLINE_MESSAGES,
  SYNC_STATUS,
  type FileInfo,
  type LocalSubmission,
  type WriteResult,
} from 'shared-contracts';
import { KeptCopies } from './kept-copies';
import { assertOwner, ownedBy, ownerKey, UNKNOWN_USER, type Owner } from './owner';

/** A write would replace a record of another owner (same id): refused, the record stays theirs. */
export class OwnerConflictError extends Error {
  constructor(id: string) {
    super(`offline store: record ${id} belongs to another user`);
    this.name = 'OwnerConflictError';
  }
}

const QUEUED = [SYNC_STATUS.outOfSync, SYNC_STATUS.fileUnsynced, SYNC_STATUS.offlineSubmissionSync];

/** What an import writes, planned from the owner's records (see OfflineStore.applyImport). */
export interface ImportPlan<T> {
  puts: LocalSubmission[];
  deletes: string[];
  /** Drop discard marks older than this (ms) whose ids are not in `pendingIds`. */
  forgetDiscardedBefore?: number;
  result: T;
}

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

/** The record as the owner's: a store write never files a record under anyone else. */
function stamp<R extends { organizationId?: string; userId?: string }>(owner: Owner, r: R): R {
  return { ...r, organizationId: owner.organizationId, userId: owner.userId };
}

export class OfflineStore extends KeptCopies {
  /** The owner's record with this id, or undefined (another owner's record reads as absent). */
  async getSubmission(owner: Owner, id: string): Promise<LocalSubmission | undefined> {
    assertOwner(owner, 'getSubmission');
    const s = await this.sdb.submissions.get(id);
    return s && ownedBy(s, owner) ? s : undefined;
  }

  submissionsOf(owner: Owner): Promise<LocalSubmission[]> {
    assertOwner(owner, 'submissionsOf');
    return this.sdb.submissions.where('[organizationId+userId]').equals(ownerKey(owner)).toArray();
  }

  countSubmissions(owner: Owner): Promise<number> {
    assertOwner(owner, 'countSubmissions');
    return this.sdb.submissions.where('[organizationId+userId]').equals(ownerKey(owner)).count();
  }

  /** Candidates for the uploader, by the syncStatus index (in-sync and in-error records are not read). */
  queuedSubmissions(owner: Owner): Promise<LocalSubmission[]> {
    assertOwner(owner, 'queuedSubmissions');
    return this.sdb.submissions
      .where('syncStatus')
      .anyOf(QUEUED)
      .filter((s) => ownedBy(s, owner))
      .toArray();
  }

  /**
   * Whether anything of the owner waits for the uploaders (queued submissions, unsynced files): a
   * look over the two status indexes, so the engine can sleep between bursts of work instead of polling.
   */
  async hasPendingWork(owner: Owner): Promise<boolean> {
    assertOwner(owner, 'hasPendingWork');
    const subs = await this.sdb.submissions
      .where('syncStatus')
      .anyOf(QUEUED)
      .filter((s) => ownedBy(s, owner))
      .first();
    if (subs) return true;
    const file = await this.idb.images
      .where('status')
      .equals(FILE_STATUS.unsynced)
      .filter((f) => ownedBy(f, owner))
      .first();
    return file !== undefined;
  }

  /** Refuses (OwnerConflictError) when an id is taken by another owner's record. */
  private async refuseOthers(owner: Owner, ids: string[]): Promise<void> {
    assertOwner(owner, 'refuseOthers');
    const current = await this.sdb.submissions.bulkGet(ids);
    const taken = current.find((c) => c !== undefined && !ownedBy(c, owner));
    if (taken) throw new OwnerConflictError(taken.id);
  }

  /** `undiscard`: the id may be one the user discarded; its discard mark goes in the same transaction. */
  putSubmission(owner: Owner, s: LocalSubmission, { undiscard = false } = {}): Promise<string> {
    assertOwner(owner, 'putSubmission');
    const record = stamp(owner, s);
    return this.sdb.transaction('rw', [this.sdb.submissions, this.sdb.discarded], async () => {
      await this.refuseOthers(owner, [s.id]);
      if (undiscard) {
        const mark = await this.sdb.discarded.get(s.id);
        if (mark && ownedBy(mark, owner)) await this.sdb.discarded.delete(s.id);
      }
      return this.sdb.submissions.put(record);
    });
  }

  /** Many records, one transaction (bulkPut), all stamped with the owner. */
  async bulkPutSubmissions(owner: Owner, items: LocalSubmission[]): Promise<void> {
    assertOwner(owner, 'bulkPutSubmissions');
    const records = items.map((s) => stamp(owner, s));
    await this.sdb.transaction('rw', this.sdb.submissions, async () => {
      await this.refuseOthers(
        owner,
        records.map((r) => r.id),
      );
      await this.sdb.submissions.bulkPut(records);
    });
  }

  /**
   * Atomic read-modify-write of the owner's record. `fn` gets the current record and returns the next
   * one, `null` to delete it, or `undefined` to leave it as is. Resolves to what is stored afterwards.
   */
  async updateSubmission(
    owner: Owner,
    id: string,
    fn: (current: LocalSubmission) => LocalSubmission | null | undefined,
  ): Promise<LocalSubmission | undefined> {
    assertOwner(owner, 'updateSubmission');
    return this.sdb.transaction('rw', this.sdb.submissions, async () => {
      const current = await this.sdb.submissions.get(id);
      if (!current || !ownedBy(current, owner)) return undefined;
      const next = fn(current);
      if (next === undefined) return current;
      if (next === null) {
        await this.sdb.submissions.delete(id);
        return undefined;
      }
      const stamped = stamp(owner, next);
      await this.sdb.submissions.put(stamped);
      return stamped;
    });
  }

  /**
   * Read-modify-write of many of the owner's records in one transaction (the bulk upload's outcomes):
   * `fn` gets the current records (undefined: gone or another owner's) and says what to put and delete.
   */
  async updateSubmissions(
    owner: Owner,
    ids: string[],
    fn: (current: (LocalSubmission | undefined)[]) => { puts: LocalSubmission[]; deletes: string[] },
  ): Promise<void> {
    assertOwner(owner, 'updateSubmissions');
    await this.sdb.transaction('rw', this.sdb.submissions, async () => {
      const current = (await this.sdb.submissions.bulkGet(ids)).map((c) =>
        c && ownedBy(c, owner) ? c : undefined,
      );
      const mine = new Set(current.filter((c) => c !== undefined).map((c) => c.id));
      const { puts, deletes } = fn(current);
      await this.sdb.submissions.bulkPut(puts.filter((p) => mine.has(p.id)).map((p) => stamp(owner, p)));
      await this.sdb.submissions.bulkDelete(deletes.filter((id) => mine.has(id)));
    });
  }

  /**
   * The user's Discard: the submission goes as by deleteSubmissionCascade, and its id is marked
   * discarded in the same transaction (an org copy of the draft is then never imported back).
   */
  async discardSubmission(owner: Owner, id: string, nowMs: number): Promise<void> {
    assertOwner(owner, 'discardSubmission');
    const current = await this.sdb.submissions.get(id);
    if (current && !ownedBy(current, owner)) return;
    await this.deleteFilesOf(owner, [id]);
    await this.sdb.transaction('rw', [this.sdb.submissions, this.sdb.discarded], async () => {
      const again = await this.sdb.submissions.get(id);
      if (again && !ownedBy(again, owner)) return;
      await this.sdb.submissions.delete(id);
      await this.sdb.discarded.put({ id, ...owner, discardedAt: nowMs });
    });
  }

  /** Ids the owner discarded. */
  async discardedIds(owner: Owner): Promise<Set<string>> {
    assertOwner(owner, 'discardedIds');
    const keys = await this.sdb.discarded
      .where('[organizationId+userId]')
      .equals(ownerKey(owner))
      .primaryKeys();
    return new Set(keys);
  }

  /**
   * One import of the org's pending records, in one transaction: `plan` gets the owner's records and
   * discard marks and says what to write. Records the org lists as this user's that the migration could
   * not give an owner (UNKNOWN_USER, same organisation) are claimed first; a put whose id is another
   * owner's record is dropped (never overwritten).
   */
  async applyImport<T>(
    owner: Owner,
    opts: { pendingIds: string[]; forgetMarks: boolean },
    plan: (locals: LocalSubmission[], discarded: Set<string>) => ImportPlan<T>,
  ): Promise<{ puts: LocalSubmission[]; deletes: string[]; result: T }> {
    assertOwner(owner, 'applyImport');
    const claimed = await this.claimUnknown(owner, opts.pendingIds);
    const tables = [this.sdb.submissions, this.sdb.discarded];
    return this.sdb.transaction('rw', tables, async () => {
      const locals = await this.submissionsOf(owner);
      const discarded = await this.discardedIds(owner);
      if (opts.forgetMarks) {
        const marks = await this.sdb.discarded.bulkGet(opts.pendingIds);
        await this.sdb.discarded.bulkDelete(
          marks.filter((m) => m !== undefined && ownedBy(m, owner)).map((m) => m?.id ?? ''),
        );
      }
      const p = plan(locals, discarded);
      const mine = new Set(locals.map((s) => s.id));
      const existing = await this.sdb.submissions.bulkGet(p.puts.map((s) => s.id));
      const puts = p.puts
        .filter((s, i) => mine.has(s.id) || existing[i] === undefined)
        .map((s) => stamp(owner, s));
      const deletes = p.deletes.filter((id) => mine.has(id));
      if (puts.length > 0) await this.sdb.submissions.bulkPut(puts);
      if (deletes.length > 0) await this.sdb.submissions.bulkDelete(deletes);
      if (p.forgetDiscardedBefore !== undefined) {
        const before = p.forgetDiscardedBefore;
        const pending = new Set(opts.pendingIds);
        await this.sdb.discarded
          .where('[organizationId+userId]')
          .equals(ownerKey(owner))
          .filter((d) => d.discardedAt < before && !pending.has(d.id))
          .delete();
      }
      return { puts: claimed.length > 0 ? [...claimed, ...puts] : puts, deletes, result: p.result };
    });
  }

  /**
   * Records of the owner's organisation the migration could not give a user, that the org lists as
   * this user's (`ids`, from the user's own pending records): theirs now, with their files.
   */
  async claimUnknown(owner: Owner, ids: string[]): Promise<LocalSubmission[]> {
    assertOwner(owner, 'claimUnknown');
    if (ids.length === 0) return [];
    const unknown = (s: { organizationId?: string; userId?: string }): boolean =>
      s.userId === UNKNOWN_USER && (s.organizationId === owner.organizationId || s.organizationId === '');
    const claimed = await this.sdb.transaction('rw', this.sdb.submissions, async () => {
      const found = (await this.sdb.submissions.bulkGet(ids)).filter(
        (s): s is LocalSubmission => s !== undefined && unknown(s),
      );
      const mine = found.map((s) => stamp(owner, s));
      await this.sdb.submissions.bulkPut(mine);
      return mine;
    });
    if (claimed.length > 0) {
      const subIds = claimed.map((s) => s.id);
      await this.idb.transaction('rw', [this.idb.images, this.idb.cachedImages], async () => {
        await this.idb.images
          .where('submissionId')
          .anyOf(subIds)
          .filter(unknown)
          .modify((f) => {
            f.organizationId = owner.organizationId;
            f.userId = owner.userId;
          });
        await this.idb.cachedImages
          .where('submissionId')
          .anyOf(subIds)
          .filter(unknown)
          .modify((c) => {
            c.organizationId = owner.organizationId;
            c.userId = owner.userId;
          });
      });
    }
    return claimed;
  }

  /**
   * Records of the owner's organisation that the version-3 migration could give no user, because no
   * user of that organisation was signed in when the update first opened the stores (nobody, or a user
   * of another organisation): the first user of the organisation who signs in here takes them, with
   * their files, cached images and discard marks. Before the update every user of the organisation saw
   * them; without this a draft that only ever lived on the device (the org lists nothing to claim it
   * by) stayed hidden for good. Returns the records claimed.
   */
  async claimOrphans(owner: Owner): Promise<LocalSubmission[]> {
    assertOwner(owner, 'claimOrphans');
    const keys: [string, string][] = [
      [owner.organizationId, UNKNOWN_USER],
      ['', UNKNOWN_USER],
    ];
    const ids = (await this.sdb.submissions
      .where('[organizationId+userId]')
      .anyOf(keys)
      .primaryKeys()) as string[];
    await this.sdb.transaction('rw', this.sdb.discarded, () =>
      this.sdb.discarded
        .where('[organizationId+userId]')
        .anyOf(keys)
        .modify((d) => {
          d.organizationId = owner.organizationId;
          d.userId = owner.userId;
        }),
    );
    return this.claimUnknown(owner, ids);
  }

  /**
   * A delivered batch's records and their files live in two databases and are deleted one after the
   * other (records first): a crash in between left files whose record is gone, kept for good. Drops
   * the owner's uploaded files (and cached images) whose submission is no longer on the device; an
   * Unsynced one is the file uploader's (it drops an orphan before uploading it). Returns how many
   * submissions' files were dropped.
   */
  async dropOrphanFiles(owner: Owner): Promise<number> {
    assertOwner(owner, 'dropOrphanFiles');
    const synced = await this.idb.images
      .where('[organizationId+userId]')
      .equals(ownerKey(owner))
      .filter((f) => f.status === FILE_STATUS.synced)
      .toArray();
    const subIds = [...new Set(synced.map((f) => f.submissionId))];
    if (subIds.length === 0) return 0;
    const present = await this.sdb.submissions.bulkGet(subIds);
    const gone = subIds.filter((_, i) => present[i] === undefined);
    if (gone.length > 0) await this.deleteFilesOf(owner, gone);
    return gone.length;
  }

  /** Deletes the owner's submission with its files and cached images (files first: an orphan file is never uploaded). */
  async deleteSubmissionCascade(owner: Owner, id: string): Promise<void> {
    assertOwner(owner, 'deleteSubmissionCascade');
    const current = await this.sdb.submissions.get(id);
    if (current && !ownedBy(current, owner)) return;
    await this.deleteFilesOf(owner, [id]);
    await this.sdb.transaction('rw', this.sdb.submissions, async () => {
      const again = await this.sdb.submissions.get(id);
      if (again && ownedBy(again, owner)) await this.sdb.submissions.delete(id);
    });
  }

  /** The owner's files and cached images of these submissions (one transaction). */
  async deleteFilesOf(owner: Owner, submissionIds: string[]): Promise<void> {
    assertOwner(owner, 'deleteFilesOf');
    await this.idb.transaction('rw', [this.idb.images, this.idb.cachedImages], async () => {
      await this.idb.images
        .where('submissionId')
        .anyOf(submissionIds)
        .filter((f) => ownedBy(f, owner))
        .delete();
      await this.idb.cachedImages
        .where('submissionId')
        .anyOf(submissionIds)
        .filter((c) => ownedBy(c, owner))
        .delete();
    });
  }

  /**
   * Back online: what waits only because the network was down is due again at once (attempts and
   * other errors are kept). Returns how many records were touched.
   */
  async clearNetworkBackoff(owner: Owner, networkError: string): Promise<number> {
    assertOwner(owner, 'clearNetworkBackoff');
    const waiting = (d: { lastError: string | null; nextAttemptAt: number } | undefined): boolean =>
      d !== undefined && d.lastError === networkError && d.nextAttemptAt > 0;
    const a = await this.sdb.transaction('rw', this.sdb.submissions, () =>
      this.sdb.submissions
        .where('[organizationId+userId]')
        .equals(ownerKey(owner))
        .filter((s) => waiting(s.delivery))
        .modify((s) => {
          if (s.delivery) s.delivery.nextAttemptAt = 0;
        }),
    );
    const b = await this.idb.transaction('rw', this.idb.images, () =>
      this.idb.images
        .where('[organizationId+userId]')
        .equals(ownerKey(owner))
        .filter((f) => waiting(f.delivery))
        .modify((f) => {
          if (f.delivery) f.delivery.nextAttemptAt = 0;
        }),
    );
    return a + b;
  }

  // files

  filesOf(owner: Owner, submissionId: string): Promise<FileInfo[]> {
    assertOwner(owner, 'filesOf');
    return this.idb.images
      .where('submissionId')
      .equals(submissionId)
      .filter((f) => ownedBy(f, owner))
      .toArray();
  }

  /** Every file record of the owner (the support summary). */
  allFiles(owner: Owner): Promise<FileInfo[]> {
    assertOwner(owner, 'allFiles');
    return this.idb.images.where('[organizationId+userId]').equals(ownerKey(owner)).toArray();
  }

  unsyncedFiles(owner: Owner): Promise<FileInfo[]> {
    assertOwner(owner, 'unsyncedFiles');
    return this.idb.images
      .where('status')
      .equals(FILE_STATUS.unsynced)
      .filter((f) => ownedBy(f, owner))
      .toArray();
  }

  async getFile(owner: Owner, localId: string): Promise<FileInfo | undefined> {
    assertOwner(owner, 'getFile');
    const f = await this.idb.images.get(localId);
    return f && ownedBy(f, owner) ? f : undefined;
  }

  /** Stores a file of the owner; a failure is 'Database Error: File not stored in DB'. */
  putFileForUser(owner: Owner, f: FileInfo): Promise<WriteResult<string>> {
    assertOwner(owner, 'putFileForUser');
    return guarded(
      () =>
        this.idb.transaction('rw', this.idb.images, async () => {
          const current = await this.idb.images.get(f.LocalId);
          if (current && !ownedBy(current, owner)) throw new OwnerConflictError(f.LocalId);
          return this.idb.images.put(stamp(owner, f));
        }),
      () => MESSAGES_EN.fileNotStoredInDb,
    );
  }

  async updateFile(
    owner: Owner,
    localId: string,
    fn: (f: FileInfo) => FileInfo | null | undefined,
  ): Promise<FileInfo | undefined> {
    assertOwner(owner, 'updateFile');
    return this.idb.transaction('rw', this.idb.images, async () => {
      const current = await this.idb.images.get(localId);
      if (!current || !ownedBy(current, owner)) return undefined;
      const next = fn(current);
      if (next === undefined) return current;
      if (next === null) {
        await this.idb.images.delete(localId);
        return undefined;
      }
      const stamped = stamp(owner, next);
      await this.idb.images.put(stamped);
      return stamped;
    });
  }
}
