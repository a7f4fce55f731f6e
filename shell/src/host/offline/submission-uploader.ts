/**
 * The background submission uploader (spec section 4): every 2000 ms when not already running, if
 * online, for each local submission of the organisation that is queued:
 *  1. pending files first; if a file is still unresolved, update file ids and stop (this submission);
 *  2. a submitted one: save JSON for PDF rendering, then submit to the organisation
 *     (a local record never synced before is first synced as in progress with version 1);
 *  3. submit result without url: errors stored, status back to in progress;
 *  4. in progress and out of sync: synced as a normal save;
 *  5. success: a submitted one is deleted with its images, otherwise in sync, errors cleared;
 *  6. failure other than Network Error: in error with the response data as errors.
 * Every request carries the uniqueness key; the BFF's upsert makes retries harmless.
 */
import {
  SUBMISSION_STATUS,
  SUBMIT_BATCH_MAX,
  SYNC_STATUS,
  gatewayError,
  type BatchItemResult,
  type LocalSubmission,
} from 'shared-contracts';
import { DEFAULT_BACKOFF } from './backoff';
import { asGatewayError, type FileUploader, type UploaderDeps } from './file-uploader';
import {
  afterSubmitWithoutUrl,
  afterSyncFailure,
  afterSyncSuccess,
  allFilesResolved,
  isDue,
  isUploadable,
  needsInitialSync,
  readySyncStatus,
  toPayload,
} from './transitions';
import { PassLoop } from './pass-loop';
import type { Owner } from './owner';

export interface SubmissionUploaderDeps extends UploaderDeps {
  files: FileUploader;
  /** Submissions sent in parallel (each one's steps stay in order). */
  concurrency?: number;
  nowIso: () => string;
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
    // with a bulk path: whatever needs no file work goes in batches, the rest one by one
    const batchable = this.deps.gateway.submitBatch ? queue.filter((s) => !fileWork(s)) : [];
    const inBatch = new Set(batchable.map((s) => s.id));
    const tasks: (() => Promise<void>)[] = [];
    for (let i = 0; i < batchable.length; i += SUBMIT_BATCH_MAX) {
      const chunk = batchable.slice(i, i + SUBMIT_BATCH_MAX);
      tasks.push(() => this.processBatch(owner, chunk));
    }
    for (const s of queue)
      if (!inBatch.has(s.id) && !fileWork(s)) tasks.push(() => this.processOne(owner, s.id));
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
   * Steps 2-6 for up to SUBMIT_BATCH_MAX submissions in one request (files already resolved), the
   * outcomes written in one transaction. Never throws.
   */
  async processBatch(owner: Owner, chunk: LocalSubmission[]): Promise<void> {
    const sent = chunk.filter((s) => !this.inFlight.has(s.id));
    if (!this.deps.gateway.submitBatch || sent.length === 0 || !this.deps.files.stillOwner(owner)) return;
    sent.forEach((s) => this.inFlight.add(s.id));
    try {
      await this.deliverBatch(owner, sent);
    } finally {
      sent.forEach((s) => this.inFlight.delete(s.id));
    }
  }

  /** Sends `sent` (files resolved, marked in flight by the caller) in one batch request. Never throws. */
  private async deliverBatch(owner: Owner, sent: LocalSubmission[]): Promise<void> {
    const submitBatch = this.deps.gateway.submitBatch?.bind(this.deps.gateway);
    if (!submitBatch) return;
    try {
      let results: Map<string, BatchItemResult>;
      try {
        const answer = await submitBatch(sent.map((s) => toPayload(s)));
        results = new Map(answer.map((r) => [r.uniquenessKey, r]));
      } catch (e) {
        const error = asGatewayError(e);
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
    const now = this.deps.nowIso();
    const nowMs = this.deps.nowMs();
    const policy = this.deps.backoff ?? DEFAULT_BACKOFF;
    const missing = gatewayError('unavailable', 'No answer for this submission in the batch');
    let unauthorized = false;
    const deleted: string[] = [];
    await store.updateSubmissions(
      owner,
      sent.map((s) => s.id),
      (current) => {
        const puts: LocalSubmission[] = [];
        sent.forEach((s, i) => {
          const cur = current[i];
          if (!cur) return;
          const r = results.get(toPayload(s).uniquenessKey);
          if (!r || !r.ok) {
            const error = r && !r.ok ? r.error : missing;
            if (error.kind === 'unauthorized') unauthorized = true;
            puts.push(afterSyncFailure(cur, error, nowMs, policy, this.deps.random));
            return;
          }
          if (s.status === SUBMISSION_STATUS.submitted && !r.url) {
            if (cur.version === s.version) puts.push(afterSubmitWithoutUrl(cur, r.errors ?? [], now));
            return;
          }
          const outcome = afterSyncSuccess(s, cur, now, r.formSubmissionId);
          if (outcome.kind === 'delete') deleted.push(s.id);
          else puts.push(outcome.record);
        });
        return { puts, deletes: deleted };
      },
    );
    if (deleted.length > 0) await store.deleteFilesOf(owner, deleted);
    if (unauthorized) this.deps.onUnauthorized();
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
    const { store, gateway } = this.deps;
    const org = owner.organizationId;
    // every request below is this owner's: a sign-out meanwhile stops the steps before the next one
    const gone = (): boolean => !this.deps.files.stillOwner(owner);
    let s = await store.getSubmission(owner, id);
    if (!s || !isUploadable(s, org) || gone()) return;

    // 1. files first
    if (!allFilesResolved(s.data) || (await store.filesOf(owner, id)).length > 0) {
      await this.deps.files.uploadForSubmission(owner, id);
      s = await store.updateSubmission(owner, id, (cur) => {
        if (cur.syncStatus !== SYNC_STATUS.outOfSync && cur.syncStatus !== SYNC_STATUS.fileUnsynced)
          return undefined;
        const status = readySyncStatus(cur.data);
        return status === cur.syncStatus ? undefined : { ...cur, syncStatus: status };
      });
      if (!s || !isUploadable(s, org) || !allFilesResolved(s.data) || gone()) return;
    }

    const sent: LocalSubmission = s;
    // With the bulk path, a submission whose files are up goes as a batch of one: one upsert by its
    // uniqueness key carries the data, the JSON for PDF rendering and the status (issue 33: 2 org
    // calls instead of an initial sync, the JSON, then the submit), exactly once like the others.
    if (gateway.submitBatch) {
      await this.deliverBatch(owner, [sent]);
      return;
    }
    try {
      let formSubmissionId = sent.formSubmissionId;
      if (sent.status === SUBMISSION_STATUS.submitted) {
        if (needsInitialSync(sent)) {
          try {
            const r = await gateway.saveSubmission(
              toPayload(sent, { status: SUBMISSION_STATUS.inProgress, version: 1 }),
            );
            formSubmissionId = r.formSubmissionId ?? formSubmissionId;
          } catch (e) {
            // the org already holds a newer version (an earlier save whose answer was lost): go on
            if (asGatewayError(e).kind !== 'conflict') throw e;
          }
          const synced = this.deps.nowIso();
          await store.updateSubmission(owner, id, (cur) => ({
            ...cur,
            syncedOn: synced,
            ...(formSubmissionId ? { formSubmissionId } : {}),
          }));
        }
        // 2. JSON for PDF rendering, then submit
        const payload = toPayload({ ...sent, ...(formSubmissionId ? { formSubmissionId } : {}) });
        if (gone()) return;
        await gateway.saveJsonForPdf(payload);
        if (gone()) return;
        const result = await gateway.submitSubmission(payload);
        if (!result.url) {
          // 3. no url: errors stored, back to in progress
          const errors = result.errors ?? [];
          await store.updateSubmission(owner, id, (cur) =>
            cur.version === sent.version ? afterSubmitWithoutUrl(cur, errors, this.deps.nowIso()) : undefined,
          );
          return;
        }
      } else {
        // 4. a draft: a normal save
        const r = await gateway.saveSubmission(toPayload(sent));
        formSubmissionId = r.formSubmissionId ?? formSubmissionId;
      }
      // 5. success
      let deleted = false;
      await store.updateSubmission(owner, id, (cur) => {
        const outcome = afterSyncSuccess(sent, cur, this.deps.nowIso(), formSubmissionId);
        deleted = outcome.kind === 'delete';
        return outcome.kind === 'delete' ? null : outcome.record;
      });
      // the record went in the same transaction as the check; its files and cached images follow
      if (deleted) await store.deleteSubmissionCascade(owner, id);
    } catch (e) {
      // 6. failures
      const err = asGatewayError(e);
      if (err.kind === 'unauthorized') this.deps.onUnauthorized();
      await store.updateSubmission(owner, id, (cur) =>
        afterSyncFailure(cur, err, this.deps.nowMs(), this.deps.backoff ?? DEFAULT_BACKOFF, this.deps.random),
      );
    }
  }
}
