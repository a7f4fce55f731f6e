/**
 * Runs the two uploaders on their timers (2000 ms submissions, 4000 ms files) in the leader tab only,
 * only while online, never in canvas mode. Going offline stops them; going online restarts them.
 *
 * The timers run only while there is work: once a pass leaves nothing queued (no queued submission,
 * no unsynced file) the engine sleeps, and `wake()` (a write in this tab, a message from another tab,
 * going online, becoming the leader) starts them again. An idle signed-in page then costs no script
 * time at all instead of two IndexedDB reads every few seconds; the spec's intervals stay the retry
 * cadence whenever something waits (backoff included).
 */
import {
  FILE_UPLOADER_INTERVAL_MS,
  MESSAGES_EN,
  SUBMISSION_UPLOADER_INTERVAL_MS,
  type DeliveryOutcome,
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
  /** A submission's delivery outcome, told by the submission uploader. */
  onDelivery?: (submissionId: string, outcome: DeliveryOutcome) => void;
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
  /** Something may be queued (unknown at start: the first pass finds out). */
  private hasWork = true;
  /** Bumped by every wake(): an idle check that raced a new write must not put the engine to sleep. */
  private wakes = 0;

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
      // a new leader does not know what the old one left: one pass finds out
      if (v) this.wake();
      else this.reconcile();
    });
  }

  /** Started (and not in canvas mode): this tab takes part in the election of the one uploader. */
  get electing(): boolean {
    return this.started;
  }

  get running(): boolean {
    return this.timers.length > 0;
  }

  /** Whether the engine believes something is queued (false: asleep until the next wake). */
  get pendingWork(): boolean {
    return this.hasWork;
  }

  /** Something may have been queued (here or in another tab): run the uploaders if this tab leads. */
  wake(): void {
    this.wakes++;
    this.hasWork = true;
    this.reconcile();
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
        const owner = this.opts.owner();
        void (
          owner ? this.opts.store.clearNetworkBackoff(owner, MESSAGES_EN.networkError) : Promise.resolve(0)
        )
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
    const wasRunning = this.running;
    this.wake();
    if (wasRunning) this.tick('submissions');
  }

  kickFiles(): void {
    const wasRunning = this.running;
    this.wake();
    if (wasRunning) this.tick('files');
  }

  private reconcile(): void {
    const shouldRun =
      this.started && this.hasWork && this.leader.isLeader && this.opts.online.get() && !this.opts.canvasMode;
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
        if (this.pending.size === 0) void this.sleepIfIdle();
      });
    this.pending.add(p);
    this.activity.set(this.activity.get() + 1);
  }

  /** After the last run in flight: nothing left queued and no wake meanwhile → stop the timers. */
  private async sleepIfIdle(): Promise<void> {
    if (!this.running) return;
    const wakes = this.wakes;
    let more = true;
    try {
      const owner = this.opts.owner();
      more = owner ? await this.opts.store.hasPendingWork(owner) : false;
    } catch (e) {
      console.error('offline: reading the queue failed', e);
    }
    if (more || wakes !== this.wakes || this.pending.size > 0 || this.busy) return;
    this.hasWork = false;
    this.reconcile();
  }
}
