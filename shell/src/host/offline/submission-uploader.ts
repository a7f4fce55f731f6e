/**
 * The background submission uploader (spec section 4): every 2000 ms when not already running, if
 * online, for each local submission of the organisation that is queued:
 *  1. pending files first; if a file is still unresolved, update file ids and stop (this submission);
 *  2. the submission goes through the one delivery path (POST /api/submissions/batch): one upsert by
 *     its uniqueness key carries the data, the JSON for PDF rendering and the status (up to 200 per
 *     request; a submission whose files just went up goes as a batch of one);
 *  3. a refused submit (no url, the BFF's check, a trigger's error): errors stored, back in progress;
 *  4. a draft (in progress, out of sync) is synced as a normal save (the same upsert);
 *  5. success: a submitted one is deleted with its images, otherwise in sync, errors cleared;
 *  6. failure other than Network Error: in error with the response data as errors.
 * Each record's outcome is told (`onDelivery`), so the form screen is told, never guesses.
 */
import {
  SUBMISSION_BATCH_MAX_ITEMS,
  SYNC_STATUS,
  type DeliveryOutcome,
  type LocalSubmission,
} from 'shared-contracts';
import { type BatchItemResult } from './org-gateway';
import { DEFAULT_BACKOFF } from './backoff';
import { asBffError, type FileUploader, type UploaderDeps } from './file-uploader';
import { afterDelivery } from './delivery-outcomes';
import { allFilesResolved, isDue, isUploadable, readySyncStatus, toPayload } from './transitions';
import { PassLoop } from './pass-loop';
import type { Owner } from './owner';

export interface SubmissionUploaderDeps extends UploaderDeps {
  files: FileUploader;
  /** Submissions sent in parallel (each one's steps stay in order). */
  concurrency?: number;
  nowIso: () => string;
  /** A record's delivery outcome (the services publish it to every tab). */
  onDelivery?: (submissionId: string, outcome: DeliveryOutcome) => void;
}

export class SubmissionUploader {
  private readonly inFlight = new Set<string>();
  private readonly loop = new PassLoop(
    () => this.pass(),
    () => this.deps.isOnline(),
  );
  private stopped = false;
  /** Submissions with files to upload, running beside the passes (see pass). */
  private readonly withFiles = new Set<Promise<void>>();

  constructor(private readonly deps: SubmissionUploaderDeps) {}

  get busy(): boolean {
    return this.loop.active || this.inFlight.size > 0;
  }

  uploadingIds(): string[] {
    return [...this.inFlight];
  }

  /** Stop after the current submission of each worker (no new ones are started). */
  halt(): void {
    this.stopped = true;
  }
  resume(): void {
    this.stopped = false;
  }

  /** Resolves once every queued, due submission of this run has been tried once. */
  async runOnce(): Promise<void> {
    await this.loop.run();
    while (this.withFiles.size > 0) await Promise.allSettled([...this.withFiles]);
  }

  private async pass(): Promise<void> {
    const owner = this.deps.owner();
    if (!owner) return; // signed out (stored user gone): nothing is sent for nobody
    const org = owner.organizationId;
    const now = this.deps.nowMs();
    const queue = (await this.deps.store.queuedSubmissions(owner))
      .filter((s) => isUploadable(s, org) && isDue(s, now) && !this.inFlight.has(s.id))
      .sort((a, b) => a.createdOn.localeCompare(b.createdOn));
    const waitingFiles = new Set((await this.deps.store.unsyncedFiles(owner)).map((f) => f.submissionId));
    const fileWork = (s: LocalSubmission) => !allFilesResolved(s.data) || waitingFiles.has(s.id);
    const workers = Math.max(1, this.deps.concurrency ?? 4);
    // Submissions with files to upload run beside the passes, up to `workers` at once, and the pass
    // does not wait for them: one 100 MB upload must not hold back every other record until it ends
    // (the durability run had 83 due records waiting minutes behind 17 uploads).
    for (const s of queue) {
      if (this.withFiles.size >= workers || this.stopped) break;
      if (!fileWork(s)) continue;
      const task: Promise<void> = this.processOne(owner, s.id).finally(() => this.withFiles.delete(task));
      this.withFiles.add(task);
    }
    // whatever needs no file work goes in batches
    const batchable = queue.filter((s) => !fileWork(s));
    const tasks: (() => Promise<void>)[] = [];
    for (let i = 0; i < batchable.length; i += SUBMISSION_BATCH_MAX_ITEMS) {
      const chunk = batchable.slice(i, i + SUBMISSION_BATCH_MAX_ITEMS);
      tasks.push(() => this.processBatch(owner, chunk));
    }
    let next = 0;
    const work = async (): Promise<void> => {
      while (
        next < tasks.length &&
        !this.stopped &&
        this.deps.isOnline() &&
        this.deps.files.stillOwner(owner)
      ) {
        const task = tasks[next++];
        if (task) await task();
      }
    };
    await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, work));
  }

  /**
   * Steps 2-6 for up to SUBMISSION_BATCH_MAX_ITEMS submissions in one request (files already resolved), the
   * outcomes written in one transaction. Never throws.
   */
  async processBatch(owner: Owner, chunk: LocalSubmission[]): Promise<void> {
    const sent = chunk.filter((s) => !this.inFlight.has(s.id));
    if (sent.length === 0 || !this.deps.files.stillOwner(owner)) return;
    sent.forEach((s) => this.inFlight.add(s.id));
    try {
      await this.deliverBatch(owner, sent);
    } finally {
      sent.forEach((s) => this.inFlight.delete(s.id));
    }
  }

  /** Sends `sent` (files resolved, marked in flight by the caller) in one batch request. Never throws. */
  private async deliverBatch(owner: Owner, sent: LocalSubmission[]): Promise<void> {
    sent.forEach((s) => this.tell(s.id, { kind: 'sending', version: s.version }));
    try {
      let results: Map<string, BatchItemResult>;
      try {
        const answer = await this.deps.gateway.submitBatch(sent.map((s) => toPayload(s)));
        results = new Map(answer.map((r) => [r.uniquenessKey, r]));
      } catch (e) {
        const error = asBffError(e);
        results = new Map(
          sent.map((s) => [toPayload(s).uniquenessKey, { uniquenessKey: '', ok: false, error }]),
        );
      }
      await this.applyBatch(owner, sent, results);
    } catch (e) {
      console.error('submission uploader: unexpected batch failure', e);
    }
  }

  private async applyBatch(
    owner: Owner,
    sent: LocalSubmission[],
    results: Map<string, BatchItemResult>,
  ): Promise<void> {
    const { store } = this.deps;
    const at = {
      now: this.deps.nowIso(),
      nowMs: this.deps.nowMs(),
      policy: this.deps.backoff ?? DEFAULT_BACKOFF,
      random: this.deps.random,
    };
    let unauthorized = false;
    const deleted: string[] = [];
    const told: [string, DeliveryOutcome][] = [];
    await store.updateSubmissions(
      owner,
      sent.map((s) => s.id),
      (current) => {
        const puts: LocalSubmission[] = [];
        deleted.length = 0;
        told.length = 0;
        sent.forEach((s, i) => {
          const cur = current[i];
          if (!cur) return;
          const r = results.get(toPayload(s).uniquenessKey);
          if (r && !r.ok && r.error.kind === 'unauthorized') unauthorized = true;
          const d = afterDelivery(s, cur, r, at);
          if (d.record === null) deleted.push(s.id);
          else if (d.record) puts.push(d.record);
          told.push([s.id, d.told]);
        });
        return { puts, deletes: deleted };
      },
    );
    if (deleted.length > 0) await store.deleteFilesOf(owner, deleted);
    if (unauthorized) this.deps.onUnauthorized();
    for (const [id, o] of told) this.tell(id, o);
  }

  private tell(id: string, outcome: DeliveryOutcome): void {
    try {
      this.deps.onDelivery?.(id, outcome);
    } catch (e) {
      console.error('submission uploader: telling an outcome failed', e);
    }
  }

  /** All six steps for one submission. Never throws. */
  async processOne(owner: Owner, id: string): Promise<void> {
    if (this.inFlight.has(id)) return;
    this.inFlight.add(id);
    try {
      await this.steps(owner, id);
    } catch (e) {
      console.error('submission uploader: unexpected failure', e);
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async steps(owner: Owner, id: string): Promise<void> {
    const { store } = this.deps;
    const org = owner.organizationId;
    // every request below is this owner's: a sign-out meanwhile stops the steps before the next one
    const gone = (): boolean => !this.deps.files.stillOwner(owner);
    let s = await store.getSubmission(owner, id);
    if (!s || !isUploadable(s, org) || gone()) return;

    // 1. files first
    if (!allFilesResolved(s.data) || (await store.fileRecordsOf(owner, id)).length > 0) {
      this.tell(id, { kind: 'sending', version: s.version });
      await this.deps.files.uploadForSubmission(owner, id);
      const before = s;
      s = await store.updateSubmission(owner, id, (cur) => {
        if (cur.syncStatus !== SYNC_STATUS.outOfSync && cur.syncStatus !== SYNC_STATUS.fileUnsynced)
          return undefined;
        const status = readySyncStatus(cur.data);
        return status === cur.syncStatus ? undefined : { ...cur, syncStatus: status };
      });
      if (s && isUploadable(s, org) && !allFilesResolved(s.data)) {
        // a file is not up (its upload failed, or it waits for its retry): the record stays queued
        const files = await store.fileRecordsOf(owner, id);
        const error = files.find((f) => f.error)?.error;
        this.tell(id, {
          kind: 'queued',
          version: s.version,
          message: error ?? before.delivery?.lastError ?? '',
        });
      }
      if (!s || !isUploadable(s, org) || !allFilesResolved(s.data) || gone()) return;
    }
    // 2-6. A submission whose files are up goes as a batch of one: one upsert by its uniqueness key
    // carries the data, the JSON for PDF rendering and the status (issue 33: 2 org calls), exactly
    // once like the others.
    await this.deliverBatch(owner, [s]);
  }
}
