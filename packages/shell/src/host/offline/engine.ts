/**
 * Runs the two uploaders on their timers (2000 ms submissions, 4000 ms files) in the leader tab only,
 * only while online, never in canvas mode. Going offline stops them; going online restarts them.
 */
import {
  FILE_UPLOADER_INTERVAL_MS,
  MESSAGES,
  SUBMISSION_UPLOADER_INTERVAL_MS,
  type Observable,
} from 'shared-contracts';
import { FileUploader, type UploaderDeps } from './file-uploader';
import { LeaderElection, type LockManagerLike } from './leader';
import { Signal } from './live';
import { SubmissionUploader } from './submission-uploader';

export interface EngineOptions extends Omit<UploaderDeps, 'isOnline'> {
  online: Observable<boolean>;
  locks: LockManagerLike | null;
  canvasMode: boolean;
  nowIso: () => string;
  submissionIntervalMs?: number;
  fileIntervalMs?: number;
  concurrency?: number;
}

export class SyncEngine {
  readonly files: FileUploader;
  readonly submissions: SubmissionUploader;
  readonly isLeader = new Signal(false);
  /** Bumped whenever the set of in-flight items may have changed (feeds the outbox view). */
  readonly activity = new Signal(0);
  private readonly leader: LeaderElection;
  private started = false;
  private timers: ReturnType<typeof setInterval>[] = [];
  private unsubscribeOnline: (() => void) | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly opts: EngineOptions) {
    const isOnline = (): boolean => opts.online.get();
    this.files = new FileUploader({ ...opts, isOnline });
    this.submissions = new SubmissionUploader({
      ...opts,
      isOnline,
      files: this.files,
      ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
    });
    this.leader = new LeaderElection(opts.locks, (v) => {
      this.isLeader.set(v);
      this.reconcile();
    });
  }

  get running(): boolean {
    return this.timers.length > 0;
  }

  get busy(): boolean {
    return this.submissions.busy || this.files.busy;
  }

  uploadingIds(): Set<string> {
    return new Set([...this.submissions.uploadingIds(), ...this.files.uploadingIds()]);
  }

  start(): void {
    if (this.started || this.opts.canvasMode) return;
    this.started = true;
    this.unsubscribeOnline = this.opts.online.subscribe((online) => {
      if (online && this.leader.isLeader) {
        // back online: items that failed only for lack of network go at once, not after their backoff
        void this.opts.store
          .clearNetworkBackoff(this.opts.organizationId(), MESSAGES.networkError)
          .catch((e: unknown) => console.error('offline: clearing the backoff failed', e))
          .finally(() => {
            this.kick();
            this.kickFiles();
          });
      }
      this.reconcile();
    });
    this.leader.start();
    this.reconcile();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.unsubscribeOnline?.();
    this.unsubscribeOnline = null;
    this.reconcile();
    // hand the lock on only once this tab's requests are answered: the next leader never sends the
    // same submission while ours is still in flight
    await this.settled();
    this.leader.stop();
  }

  /** Resolves when the runs started so far have finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Run the submission uploader now (after a submit, a retry); the timers go on as before. */
  kick(): void {
    if (this.running) this.tick('submissions');
  }

  kickFiles(): void {
    if (this.running) this.tick('files');
  }

  private reconcile(): void {
    const shouldRun = this.started && this.leader.isLeader && this.opts.online.get() && !this.opts.canvasMode;
    if (shouldRun && !this.running) {
      this.submissions.resume();
      this.timers = [
        setInterval(
          () => this.tick('submissions'),
          this.opts.submissionIntervalMs ?? SUBMISSION_UPLOADER_INTERVAL_MS,
        ),
        setInterval(() => this.tick('files'), this.opts.fileIntervalMs ?? FILE_UPLOADER_INTERVAL_MS),
      ];
      this.tick('submissions');
      this.tick('files');
    } else if (!shouldRun && this.running) {
      this.timers.forEach((t) => clearInterval(t));
      this.timers = [];
      this.submissions.halt();
    }
  }

  private tick(which: 'submissions' | 'files'): void {
    const p = (which === 'submissions' ? this.submissions.runOnce() : this.files.runOnce())
      .catch((e: unknown) => console.error(`${which} uploader run failed`, e))
      .finally(() => {
        this.pending.delete(p);
        this.activity.set(this.activity.get() + 1);
      });
    this.pending.add(p);
    this.activity.set(this.activity.get() + 1);
  }
}
