/**
 * Reads and writes of the local stores, always of one owner (owner.ts): every method takes the
 * signed-in owner first, refuses to run without one (OwnerRequiredError), reads only that owner's
 * records and stamps it on every record it writes; a record of another owner is neither read, changed
 * nor overwritten. The remotes, the uploaders and the service worker reach the stores only through
 * this class (store.test.ts checks every method of it refuses an owner-less call). User writes return a WriteResult (a quota or storage failure
 * becomes plain words and leaves the previous record intact: the write is one transaction, so it
 * either lands whole or not at all). Every record is sealed with the owner's data key before its
 * transaction and opened after its read (sealing.ts, issue 45); a read-modify-write writes only if the
 * row is still the one it opened (else it reads again), so a save from another tab or the uploader is
 * never overwritten by a stale copy.
 */
import {
  FILE_STATUS,
  MESSAGES_EN,
  OFFLINE_MESSAGES,
  SYNC_STATUS,
  type FileBytes,
  type FileInfo,
  type FileMeta,
  type LocalSubmission,
  type WriteResult,
} from 'shared-contracts';
import { Dexie, type Table } from 'dexie';
import type { OwnedForm, OwnedGuide, StoredFile, StoredSubmission } from './db';
import { KeptCopies, readNow, type StoreRead } from './kept-copies';
import { assertOwner, ownedBy, ownerKey, UNKNOWN_USER, type OwnedList, type Owner } from './owner';
import { isSealedRow, sameRow, type FileRecord, type FileRow, type Sealer, type UploadBody } from './sealing';

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

/** The rows a list of the owner's records was opened from (applyImport writes only if they still stand). */
const rowOf = new WeakMap<LocalSubmission, StoredSubmission>();

async function openSubmissions(
  sealer: Sealer,
  owner: Owner,
  rows: StoredSubmission[],
): Promise<LocalSubmission[]> {
  const out = await Promise.all(rows.map((r) => sealer.openSubmission(owner, r)));
  out.forEach((s, i) => rowOf.set(s, rows[i] as StoredSubmission));
  return out;
}

const openFiles = (sealer: Sealer, owner: Owner, rows: StoredFile[]): Promise<FileInfo[]> =>
  Promise.all(rows.map((r) => sealer.openFile(owner, r)));

/** The records only: the bytes stay sealed (most reads need only the status). */
const openFileRecords = (sealer: Sealer, owner: Owner, rows: StoredFile[]): Promise<FileRecord[]> =>
  Promise.all(rows.map((r) => sealer.openFileRecord(owner, r)));

/** Rows still in the clear (written before issue 45). */
function clear<R>(rows: R[]): R[] {
  return rows.filter((r) => !isSealedRow(r));
}

export class OfflineStore extends KeptCopies {
  /** The owner's record with this id, or undefined (another owner's record reads as absent). */
  async getSubmission(owner: Owner, id: string): Promise<LocalSubmission | undefined> {
    return readNow(this.readSubmission(owner, id));
  }

  readSubmission(
    owner: Owner,
    id: string,
  ): StoreRead<StoredSubmission | undefined, LocalSubmission | undefined> {
    assertOwner(owner, 'getSubmission');
    return {
      rows: () => this.sdb.submissions.get(id),
      open: async (s) => (s && ownedBy(s, owner) ? this.sealer.openSubmission(owner, s) : undefined),
    };
  }

  async submissionsOf(owner: Owner): Promise<LocalSubmission[]> {
    return readNow(this.readSubmissions(owner));
  }

  readSubmissions(owner: Owner): StoreRead<StoredSubmission[], LocalSubmission[]> {
    assertOwner(owner, 'submissionsOf');
    return {
      rows: () => this.sdb.submissions.where('[organizationId+userId]').equals(ownerKey(owner)).toArray(),
      open: (rows) => openSubmissions(this.sealer, owner, rows),
    };
  }

  countSubmissions(owner: Owner): Promise<number> {
    assertOwner(owner, 'countSubmissions');
    return this.sdb.submissions.where('[organizationId+userId]').equals(ownerKey(owner)).count();
  }

  /** Candidates for the uploader, by the syncStatus index (in-sync and in-error records are not read). */
  async queuedSubmissions(owner: Owner): Promise<LocalSubmission[]> {
    assertOwner(owner, 'queuedSubmissions');
    const rows = await this.sdb.submissions
      .where('syncStatus')
      .anyOf(QUEUED)
      .filter((s) => ownedBy(s, owner))
      .toArray();
    return openSubmissions(this.sealer, owner, rows);
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
  async putSubmission(owner: Owner, s: LocalSubmission, { undiscard = false } = {}): Promise<string> {
    assertOwner(owner, 'putSubmission');
    const row = await this.sealer.sealSubmission(owner, stamp(owner, s));
    return this.sdb.transaction('rw', [this.sdb.submissions, this.sdb.discarded], async () => {
      await this.refuseOthers(owner, [s.id]);
      if (undiscard) {
        const mark = await this.sdb.discarded.get(s.id);
        if (mark && ownedBy(mark, owner)) await this.sdb.discarded.delete(s.id);
      }
      return this.sdb.submissions.put(row);
    });
  }

  /** Many records, one transaction (bulkPut), all stamped with the owner. */
  async bulkPutSubmissions(owner: Owner, items: LocalSubmission[]): Promise<void> {
    assertOwner(owner, 'bulkPutSubmissions');
    const rows = await Promise.all(items.map((s) => this.sealer.sealSubmission(owner, stamp(owner, s))));
    await this.sdb.transaction('rw', this.sdb.submissions, async () => {
      await this.refuseOthers(
        owner,
        rows.map((r) => r.id),
      );
      await this.sdb.submissions.bulkPut(rows);
    });
  }

  /**
   * Atomic read-modify-write of the owner's record. `fn` gets the current record and returns the next
   * one, `null` to delete it, or `undefined` to leave it as is. Resolves to what is stored afterwards.
   * Opened and sealed outside the transaction (sealing.ts); the write lands only if the row is still
   * the one `fn` saw, else `fn` runs again on the newer record (so `fn` must be pure).
   */
  async updateSubmission(
    owner: Owner,
    id: string,
    fn: (current: LocalSubmission) => LocalSubmission | null | undefined,
  ): Promise<LocalSubmission | undefined> {
    assertOwner(owner, 'updateSubmission');
    for (;;) {
      const row = await this.sdb.submissions.get(id);
      if (!row || !ownedBy(row, owner)) return undefined;
      const current = await this.sealer.openSubmission(owner, row);
      const next = fn(current);
      if (next === undefined) return current;
      const stamped = next === null ? null : stamp(owner, next);
      const sealed = stamped === null ? null : await this.sealer.sealSubmission(owner, stamped);
      const written = await this.sdb.transaction('rw', this.sdb.submissions, async () => {
        if (!sameRow(await this.sdb.submissions.get(id), row)) return false;
        if (sealed === null) await this.sdb.submissions.delete(id);
        else await this.sdb.submissions.put(sealed);
        return true;
      });
      if (written) return stamped ?? undefined;
    }
  }

  /**
   * Read-modify-write of many of the owner's records in one transaction (the bulk upload's outcomes):
   * `fn` gets the current records (undefined: gone or another owner's) and says what to put and delete.
   * As updateSubmission: written only if none of the rows changed meanwhile, else `fn` runs again.
   */
  async updateSubmissions(
    owner: Owner,
    ids: string[],
    fn: (current: (LocalSubmission | undefined)[]) => { puts: LocalSubmission[]; deletes: string[] },
  ): Promise<void> {
    assertOwner(owner, 'updateSubmissions');
    for (;;) {
      const rows = await this.sdb.submissions.bulkGet(ids);
      const current = await Promise.all(
        rows.map((c) => (c && ownedBy(c, owner) ? this.sealer.openSubmission(owner, c) : undefined)),
      );
      const mine = new Set(current.filter((c) => c !== undefined).map((c) => c.id));
      const { puts, deletes } = fn(current);
      const sealed = await Promise.all(
        puts.filter((p) => mine.has(p.id)).map((p) => this.sealer.sealSubmission(owner, stamp(owner, p))),
      );
      const written = await this.sdb.transaction('rw', this.sdb.submissions, async () => {
        const again = await this.sdb.submissions.bulkGet(ids);
        if (again.some((r, i) => !sameRow(r, rows[i]))) return false;
        await this.sdb.submissions.bulkPut(sealed);
        await this.sdb.submissions.bulkDelete(deletes.filter((id) => mine.has(id)));
        return true;
      });
      if (written) return;
    }
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
   * One import of the org's pending records: `plan` gets the owner's records and discard marks and
   * says what to write. Records the org lists as this user's that the migration could not give an
   * owner (UNKNOWN_USER, same organisation) are claimed first; a put whose id is another owner's record
   * is dropped (never overwritten). The records are opened and the puts sealed outside the transaction;
   * the transaction writes only if the owner's records and marks are still those planned from (else
   * the plan is made again), so the import is as atomic as one read-modify-write.
   */
  async applyImport<T>(
    owner: Owner,
    opts: { pendingIds: string[]; forgetMarks: boolean },
    plan: (locals: LocalSubmission[], discarded: Set<string>) => ImportPlan<T>,
  ): Promise<{ puts: LocalSubmission[]; deletes: string[]; result: T }> {
    assertOwner(owner, 'applyImport');
    const claimed = await this.claimUnknown(owner, opts.pendingIds);
    const tables = [this.sdb.submissions, this.sdb.discarded];
    const ownerRows = () =>
      this.sdb.submissions.where('[organizationId+userId]').equals(ownerKey(owner)).toArray();
    for (;;) {
      // through submissionsOf (one read of the owner's records), each with the row it was opened from
      const locals = await this.submissionsOf(owner);
      const rows = locals.map((s) => rowOf.get(s));
      const discarded = await this.discardedIds(owner);
      const p = plan(locals, discarded);
      const mine = new Set(locals.map((s) => s.id));
      const existing = await this.sdb.submissions.bulkGet(p.puts.map((s) => s.id));
      const puts = p.puts
        .filter((s, i) => mine.has(s.id) || existing[i] === undefined)
        .map((s) => stamp(owner, s));
      const sealed = await Promise.all(puts.map((s) => this.sealer.sealSubmission(owner, s)));
      const deletes = p.deletes.filter((id) => mine.has(id));
      const written = await this.sdb.transaction('rw', tables, async () => {
        const again = await ownerRows();
        const byId = new Map(again.map((r) => [r.id, r]));
        if (again.length !== rows.length || rows.some((r) => r === undefined || !sameRow(byId.get(r.id), r)))
          return false;
        const marks = await this.discardedIds(owner);
        if (marks.size !== discarded.size || [...discarded].some((id) => !marks.has(id))) return false;
        const fresh = await this.sdb.submissions.bulkGet(puts.map((s) => s.id));
        if (fresh.some((r, i) => !mine.has(puts[i]?.id ?? '') && r !== undefined)) return false;
        if (opts.forgetMarks) {
          const found = await this.sdb.discarded.bulkGet(opts.pendingIds);
          await this.sdb.discarded.bulkDelete(
            found.filter((m) => m !== undefined && ownedBy(m, owner)).map((m) => m?.id ?? ''),
          );
        }
        if (sealed.length > 0) await this.sdb.submissions.bulkPut(sealed);
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
        return true;
      });
      if (written)
        return { puts: claimed.length > 0 ? [...claimed, ...puts] : puts, deletes, result: p.result };
    }
  }

  /**
   * Records of the owner's organisation the migration could not give a user, that the org lists as
   * this user's (`ids`, from the user's own pending records): theirs now, with their files, sealed
   * with their key (a record of no known user could not be sealed: nobody's key was there).
   */
  async claimUnknown(owner: Owner, ids: string[]): Promise<LocalSubmission[]> {
    assertOwner(owner, 'claimUnknown');
    if (ids.length === 0) return [];
    const unknown = (s: { organizationId?: string; userId?: string }): boolean =>
      s.userId === UNKNOWN_USER && (s.organizationId === owner.organizationId || s.organizationId === '');
    const found = (await this.sdb.submissions.bulkGet(ids)).filter(
      (s): s is LocalSubmission => s !== undefined && unknown(s) && !isSealedRow(s),
    );
    if (found.length === 0) return [];
    const mine = found.map((s) => stamp(owner, s));
    const rows = await Promise.all(mine.map((s) => this.sealer.sealSubmission(owner, s)));
    // the records first, then their files: a file of the owner whose record is not theirs would be
    // dropped by the file uploader as an orphan
    const claimed = await this.sdb.transaction('rw', this.sdb.submissions, async () => {
      const again = await this.sdb.submissions.bulkGet(found.map((s) => s.id));
      const still = rows.filter((_, i) => sameRow(again[i], found[i]));
      await this.sdb.submissions.bulkPut(still);
      const ok = new Set(still.map((r) => r.id));
      return mine.filter((s) => ok.has(s.id));
    });
    if (claimed.length === 0) return claimed;
    const subIds = claimed.map((s) => s.id);
    const files = (
      await this.idb.images.where('submissionId').anyOf(subIds).filter(unknown).toArray()
    ).filter((f): f is FileInfo => !isSealedRow(f));
    const fileRows = await Promise.all(files.map((f) => this.sealer.sealFile(owner, stamp(owner, f))));
    await this.idb.transaction('rw', [this.idb.images, this.idb.cachedImages], async () => {
      const again = await this.idb.images.bulkGet(files.map((f) => f.LocalId));
      await this.idb.images.bulkPut(fileRows.filter((_, i) => sameRow(again[i], files[i])));
      await this.idb.cachedImages
        .where('submissionId')
        .anyOf(subIds)
        .filter(unknown)
        .modify((c) => {
          c.organizationId = owner.organizationId;
          c.userId = owner.userId;
        });
    });
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
   * Issue 45's migration: the owner's records written in the clear before the update are sealed in
   * place with their key (their first unlock after the update). Each row is replaced in its own short
   * transaction only if it is still the clear row that was sealed, so a tab killed mid-way loses
   * nothing (a row is clear or sealed, never half) and the next run seals what is left; a row written
   * meanwhile (already sealed) is left alone. Returns how many rows were sealed.
   */
  async sealLegacy(owner: Owner): Promise<number> {
    assertOwner(owner, 'sealLegacy');
    const mineIn = ownerKey(owner);
    let sealed = 0;
    const replace = async <R, S, K>(
      table: Table<R | S, K>,
      rows: R[],
      key: (r: R) => K,
      seal: (r: R) => Promise<S>,
      db: Dexie,
    ): Promise<void> => {
      for (const r of rows) {
        const next = await seal(r);
        const done = await db.transaction('rw', table, async () => {
          if (!sameRow(await table.get(key(r)), r)) return false;
          await table.put(next);
          return true;
        });
        if (done) sealed++;
      }
    };
    const { sdb, idb } = this;
    await replace(
      sdb.submissions,
      clear(
        await sdb.submissions.where('[organizationId+userId]').equals(mineIn).toArray(),
      ) as LocalSubmission[],
      (s) => s.id,
      (s) => this.sealer.sealSubmission(owner, stamp(owner, s)),
      sdb,
    );
    await replace(
      idb.images,
      clear(await idb.images.where('[organizationId+userId]').equals(mineIn).toArray()) as FileInfo[],
      (f) => f.LocalId,
      (f) => this.sealer.sealFile(owner, stamp(owner, f)),
      idb,
    );
    await replace(
      sdb.forms,
      clear(await sdb.forms.where('[organizationId+userId]').equals(mineIn).toArray()) as OwnedForm[],
      (f): [string, string, string] => [f.organizationId, f.userId, f.Id],
      (f) => this.sealer.sealForm(owner, f),
      sdb,
    );
    await replace(
      sdb.lists,
      clear(
        await sdb.lists
          .where('[organizationId+userId+name]')
          .between(
            [owner.organizationId, owner.userId, Dexie.minKey],
            [owner.organizationId, owner.userId, Dexie.maxKey],
          )
          .toArray(),
      ) as OwnedList[],
      (l): [string, string, string] => [l.organizationId, l.userId, l.name],
      (l) => this.sealer.sealList(owner, l.name, l.value),
      sdb,
    );
    await replace(
      idb.ownedGuides,
      clear(
        await idb.ownedGuides
          .where('[organizationId+userId+Id]')
          .between(
            [owner.organizationId, owner.userId, Dexie.minKey],
            [owner.organizationId, owner.userId, Dexie.maxKey],
          )
          .toArray(),
      ) as OwnedGuide[],
      (g): [string, string, string] => [g.organizationId, g.userId, g.Id],
      (g) => this.sealer.sealGuide(owner, g),
      idb,
    );
    return sealed;
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
   * other errors are kept). Returns how many records were touched (a record changed meanwhile keeps
   * its own newer state).
   */
  async clearNetworkBackoff(owner: Owner, networkError: string): Promise<number> {
    assertOwner(owner, 'clearNetworkBackoff');
    const waiting = (d: { lastError: string | null; nextAttemptAt: number } | undefined): boolean =>
      d !== undefined && d.lastError === networkError && d.nextAttemptAt > 0;
    let touched = 0;
    const subRows = await this.sdb.submissions
      .where('[organizationId+userId]')
      .equals(ownerKey(owner))
      .toArray();
    for (const s of await openSubmissions(this.sealer, owner, subRows)) {
      if (!waiting(s.delivery) || !s.delivery) continue;
      let changed = false;
      await this.updateSubmission(owner, s.id, (cur) => {
        changed = waiting(cur.delivery);
        return changed && cur.delivery
          ? { ...cur, delivery: { ...cur.delivery, nextAttemptAt: 0 } }
          : undefined;
      });
      if (changed) touched++;
    }
    const fileRows = await this.idb.images.where('[organizationId+userId]').equals(ownerKey(owner)).toArray();
    for (const f of await openFileRecords(this.sealer, owner, fileRows)) {
      if (!waiting(f.delivery) || !f.delivery) continue;
      let changed = false;
      await this.updateFile(owner, f.LocalId, (cur) => {
        changed = waiting(cur.delivery);
        return changed && cur.delivery
          ? { ...cur, delivery: { ...cur.delivery, nextAttemptAt: 0 } }
          : undefined;
      });
      if (changed) touched++;
    }
    return touched;
  }

  // files: a file's bytes are opened only by `fileBytes` (one file: the upload, a preview on screen)
  // and, for remotes built before contract 1.6.0 and tests, `filesOf` and `getFile`; every other read
  // and every status change leaves them sealed as stored (sealing.ts FileRecord)

  /** The owner's files of a submission, with their bytes (every one decrypted). */
  async filesOf(owner: Owner, submissionId: string): Promise<FileInfo[]> {
    return readNow(this.readFiles(owner, submissionId));
  }

  readFiles(owner: Owner, submissionId: string): StoreRead<StoredFile[], FileInfo[]> {
    assertOwner(owner, 'filesOf');
    return {
      rows: () => this.fileRowsOf(owner, submissionId),
      open: (rows) => openFiles(this.sealer, owner, rows),
    };
  }

  /** The owner's files of a submission as listed (records and MIME types), their bytes left sealed. */
  readFileList(owner: Owner, submissionId: string): StoreRead<StoredFile[], FileMeta[]> {
    assertOwner(owner, 'fileList');
    return {
      rows: () => this.fileRowsOf(owner, submissionId),
      open: (rows) => Promise.all(rows.map((r) => this.sealer.openFileMeta(owner, r))),
    };
  }

  /** The owner's files of a submission, their bytes left sealed. */
  async fileRecordsOf(owner: Owner, submissionId: string): Promise<FileRecord[]> {
    assertOwner(owner, 'fileRecordsOf');
    return openFileRecords(this.sealer, owner, await this.fileRowsOf(owner, submissionId));
  }

  private fileRowsOf(owner: Owner, submissionId: string): Promise<StoredFile[]> {
    assertOwner(owner, 'fileRowsOf');
    return this.idb.images
      .where('submissionId')
      .equals(submissionId)
      .filter((f) => ownedBy(f, owner))
      .toArray();
  }

  /** Every file record of the owner (the support summary). */
  async allFiles(owner: Owner): Promise<FileRecord[]> {
    assertOwner(owner, 'allFiles');
    return openFileRecords(
      this.sealer,
      owner,
      await this.idb.images.where('[organizationId+userId]').equals(ownerKey(owner)).toArray(),
    );
  }

  async unsyncedFiles(owner: Owner): Promise<FileRecord[]> {
    return readNow(this.readUnsyncedFiles(owner));
  }

  readUnsyncedFiles(owner: Owner): StoreRead<StoredFile[], FileRecord[]> {
    assertOwner(owner, 'unsyncedFiles');
    return {
      rows: () =>
        this.idb.images
          .where('status')
          .equals(FILE_STATUS.unsynced)
          .filter((f) => ownedBy(f, owner))
          .toArray(),
      open: (rows) => openFileRecords(this.sealer, owner, rows),
    };
  }

  /** The owner's file record, its bytes left sealed. */
  async fileRecord(owner: Owner, localId: string): Promise<FileRecord | undefined> {
    assertOwner(owner, 'fileRecord');
    const f = await this.idb.images.get(localId);
    return f && ownedBy(f, owner) ? this.sealer.openFileRecord(owner, f) : undefined;
  }

  /** The bytes of the owner's file, opened as an ArrayBuffer (no Blob of them is made). */
  async fileBytes(owner: Owner, localId: string): Promise<FileBytes | undefined> {
    assertOwner(owner, 'fileBytes');
    const f = await this.idb.images.get(localId);
    return f && ownedBy(f, owner) ? this.sealer.openFileBytes(owner, f) : undefined;
  }

  /** The owner's file's bytes to upload (sealing.ts `uploadBody`: as stored, sealed, wherever it can). */
  async fileUploadBody(owner: Owner, localId: string): Promise<UploadBody | undefined> {
    assertOwner(owner, 'fileUploadBody');
    const f = await this.idb.images.get(localId);
    return f && ownedBy(f, owner) ? this.sealer.uploadBody(owner, f) : undefined;
  }

  /** The owner's file with its bytes as a Blob. */
  async getFile(owner: Owner, localId: string): Promise<FileInfo | undefined> {
    assertOwner(owner, 'getFile');
    const f = await this.idb.images.get(localId);
    return f && ownedBy(f, owner) ? this.sealer.openFile(owner, f) : undefined;
  }

  /** Stores a file of the owner; a failure is 'Database Error: File not stored in DB'. */
  putFileForUser(owner: Owner, f: FileInfo): Promise<WriteResult<string>> {
    assertOwner(owner, 'putFileForUser');
    return guarded(
      async () => {
        const row = await this.sealer.sealFile(owner, stamp(owner, f));
        return this.idb.transaction('rw', this.idb.images, async () => {
          const current = await this.idb.images.get(f.LocalId);
          if (current && !ownedBy(current, owner)) throw new OwnerConflictError(f.LocalId);
          return this.idb.images.put(row);
        });
      },
      () => MESSAGES_EN.fileNotStoredInDb,
    );
  }

  /**
   * As updateSubmission, for a file's record: `fn` sees the record without its bytes, and the bytes
   * are written back as they were read (sealed, never decrypted here). A row still in the clear
   * (before issue 45) has its bytes sealed with it.
   */
  async updateFile(
    owner: Owner,
    localId: string,
    fn: (f: FileRecord) => FileRecord | null | undefined,
  ): Promise<FileRecord | undefined> {
    assertOwner(owner, 'updateFile');
    for (;;) {
      const row = await this.idb.images.get(localId);
      if (!row || !ownedBy(row, owner)) return undefined;
      const current = await this.sealer.openFileRecord(owner, row);
      const next = fn(current);
      if (next === undefined) return current;
      const stamped = next === null ? null : stamp(owner, next);
      const sealed =
        stamped === null
          ? null
          : isSealedRow(row)
            ? await this.sealer.sealFileRecord(owner, stamped, (row as FileRow).bytes)
            : await this.sealer.sealFile(owner, { ...stamped, file: (row as FileInfo).file });
      const written = await this.idb.transaction('rw', this.idb.images, async () => {
        if (!sameRow(await this.idb.images.get(localId), row)) return false;
        if (sealed === null) await this.idb.images.delete(localId);
        else await this.idb.images.put(sealed);
        return true;
      });
      if (written) return stamped ?? undefined;
    }
  }
}
