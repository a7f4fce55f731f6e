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
import { SUBMISSION_STATUS, type LocalSubmission } from 'shared-contracts';
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

export interface SubmissionUploaderDeps extends UploaderDeps {
  files: FileUploader;
  /** Submissions sent in parallel (each one's steps stay in order). */
  concurrency?: number;
  nowIso: () => string;
}

export class SubmissionUploader {
  private readonly inFlight = new Set<string>();
  private running = false;
  private stopped = false;

  constructor(private readonly deps: SubmissionUploaderDeps) {}

  get busy(): boolean {
    return this.running || this.inFlight.size > 0;
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
    if (this.running || !this.deps.isOnline()) return;
    this.running = true;
    try {
      const org = this.deps.organizationId();
      const now = this.deps.nowMs();
      const queue = (await this.deps.store.submissionsOf(org))
        .filter((s) => isUploadable(s, org) && isDue(s, now) && !this.inFlight.has(s.id))
        .sort((a, b) => a.createdOn.localeCompare(b.createdOn));
      const workers = Math.max(1, this.deps.concurrency ?? 4);
      let next = 0;
      const work = async (): Promise<void> => {
        while (next < queue.length && !this.stopped && this.deps.isOnline()) {
          const s = queue[next++];
          if (s) await this.processOne(s.id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, work));
    } finally {
      this.running = false;
    }
  }

  /** All six steps for one submission. Never throws. */
  async processOne(id: string): Promise<void> {
    if (this.inFlight.has(id)) return;
    this.inFlight.add(id);
    try {
      await this.steps(id);
    } catch (e) {
      console.error('submission uploader: unexpected failure', e);
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async steps(id: string): Promise<void> {
    const { store, gateway } = this.deps;
    const org = this.deps.organizationId();
    let s = await store.getSubmission(id);
    if (!s || !isUploadable(s, org)) return;

    // 1. files first
    if (!allFilesResolved(s.data) || (await store.filesOf(id)).length > 0) {
      await this.deps.files.uploadForSubmission(id);
      s = await store.updateSubmission(id, (cur) => {
        const status = readySyncStatus(cur.data);
        return status === cur.syncStatus ? undefined : { ...cur, syncStatus: status };
      });
      if (!s || !isUploadable(s, org) || !allFilesResolved(s.data)) return;
    }

    const sent: LocalSubmission = s;
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
          await store.updateSubmission(id, (cur) => ({
            ...cur,
            syncedOn: synced,
            ...(formSubmissionId ? { formSubmissionId } : {}),
          }));
        }
        // 2. JSON for PDF rendering, then submit
        const payload = toPayload({ ...sent, ...(formSubmissionId ? { formSubmissionId } : {}) });
        await gateway.saveJsonForPdf(payload);
        const result = await gateway.submitSubmission(payload);
        if (!result.url) {
          // 3. no url: errors stored, back to in progress
          const errors = result.errors ?? [];
          await store.updateSubmission(id, (cur) =>
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
      await store.updateSubmission(id, (cur) => {
        const outcome = afterSyncSuccess(sent, cur, this.deps.nowIso(), formSubmissionId);
        deleted = outcome.kind === 'delete';
        return outcome.kind === 'delete' ? null : outcome.record;
      });
      // the record went in the same transaction as the check; its files and cached images follow
      if (deleted) await store.deleteSubmissionCascade(id);
    } catch (e) {
      // 6. failures
      const err = asGatewayError(e);
      if (err.kind === 'unauthorized') this.deps.onUnauthorized();
      await store.updateSubmission(id, (cur) =>
        afterSyncFailure(cur, err, this.deps.nowMs(), this.deps.backoff ?? DEFAULT_BACKOFF, this.deps.random),
      );
    }
  }
}
