// One subscription to the org's record changes per org across all BFF instances: the instance holding
// the org's lease (cluster/coordination.ts; through Redis with REDIS_URL) subscribes, publishes each
// event's hint to every instance and records the replay id; every instance tells its own open homes.
// An instance campaigns for the lease while one of its users of that org has home open (/api/events). It listens to the package's platform event SQX_Record_Change__e over the Streaming API
// (CometD, jsforce's faye client) and turns each event into "changed" hints for the users whose home
// it concerns. Design and sharing: bff/README.md, "Live home".
import { Connection } from 'jsforce';
import { StreamingExtension } from 'jsforce/lib/api/streaming.js';
import type { Logger } from 'pino';
import { nsName } from 'shared-contracts';
import type { BffConfig } from '../config';
import { EVERY_ORG, type Coordination, type HintTarget, type OrgHint } from '../cluster/coordination';
import type { OrgAuth } from '../session/store';
import type { TokenRefresher } from './client';
import { origin } from './util';
import { recipients, type ChangeListener } from './change-hints';
import { StreamingClientLife } from './streaming-client-life';

const IDLE_STOP_MS = 60_000;
/** The org's streaming refusals that a retry does not cure soon (Streaming API limits). */
const ORG_LIMIT = /^403::Organization (total events daily limit|concurrent user limit) exceeded/;
const LIMIT_RETRY_MS = 10 * 60_000;

export interface LeaseOptions {
  /** How long the org's lease lasts without renewal: a dead holder is replaced within about this. */
  leaseMs: number;
  /** How often the holder renews and the others try to take it. */
  campaignMs: number;
}

interface FayeClient {
  subscribe(channel: string, cb: (message: unknown) => void): PromiseLike<unknown> & { cancel(): void };
  disconnect(): void;
  on(event: string, cb: () => void): void;
}

interface Member extends ChangeListener {
  sessionId: string;
}

/** One org: the streams of its users on this instance and, while this instance holds the lease, the subscription. */
class OrgChangeStream {
  private readonly members = new Set<Member>();
  /** Sessions of this org's signed-in users whose tokens the subscription may use, newest last. */
  private readonly sessions = new Map<string, OrgAuth>();
  private client: FayeClient | undefined;
  private life: StreamingClientLife | undefined;
  /**
   * Every client this instance stopped, until the org has forgotten each: a new client starts only
   * then, so the org never has two of this instance's (one stopped mid-handshake would otherwise
   * complete it and poll on unseen). `opening`: a start waiting for that.
   */
  private stopping: Promise<void> = Promise.resolve();
  private opening = false;
  private openingTakenOver = false;
  private using: string | undefined;
  private lastReplayId = -1;
  private stopTimer: NodeJS.Timeout | undefined;
  private campaign: NodeJS.Timeout | undefined;
  /** The lease's fencing token while this instance holds it. */
  private fence: number | undefined;
  private renewedAt = 0;
  private ticking = false;
  /** Publishes in event order; a failed one ends the term so the next holder replays from the recorded id. */
  private publishing: Promise<unknown> = Promise.resolve();
  /**
   * Events this holder took from the org but could not publish (Redis away), under their token; and the
   * client it let go of then, whose answers in flight still bring events (the org counted them).
   * Published first when it takes the lease again with the same token (no other holder in between).
   */
  private held:
    { fence: number; events: { replayId: number | null; target: HintTarget | null }[] } | undefined;
  private heldFrom: FayeClient | undefined;
  /** The client whose subscription the org accepted. */
  private subscribedClient: FayeClient | undefined;
  /** This instance's own subscription is subscribed and connected (only ever while it holds the lease). */
  private connected = false;
  /**
   * The org's subscription, on whichever instance holds it, is up: every change the org makes reaches
   * the homes as a hint, so a home that has applied its hints is current (the heartbeat says so:
   * routes/events.ts). The holder shares it through the coordination for the lease's length.
   */
  private current = false;
  /** The newest replay id among the hints published to every instance that this one heard. */
  private heardReplayId = -1;
  /** Until when the org's limits refuse a subscription (0: not paused). */
  private pausedUntil = 0;
  /** Subscriptions made (first start, token renewals, restarts): tests and logs read it. */
  starts = 0;
  /** Hints handed to this instance's streams. */
  delivered = 0;

  constructor(
    private readonly key: string,
    private readonly config: BffConfig,
    private readonly refresher: TokenRefresher,
    private readonly logger: Logger,
    private readonly coord: Coordination,
    private readonly lease: LeaseOptions,
  ) {}

  get channel(): string {
    return `/event/${nsName(this.config.salesforce.namespace, 'SQX_Record_Change__e')}`;
  }

  add(sessionId: string, auth: OrgAuth, listener: ChangeListener): () => void {
    const member: Member = { ...listener, sessionId };
    this.members.add(member);
    // A session that is newer than the one in use replaces it only when that one fails.
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, auth);
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    if (!this.campaign) {
      this.campaign = setInterval(() => void this.tick(), this.lease.campaignMs);
      this.campaign.unref();
      void this.tick();
    } else if (this.fence !== undefined && !this.client) this.start();
    else if (this.client && (this.using === undefined || !this.sessions.has(this.using))) {
      // Still running on the session of a user who has left: move to this one.
      this.restart();
    }
    return () => {
      this.members.delete(member);
      if (![...this.members].some((m) => m.sessionId === sessionId)) {
        this.sessions.delete(sessionId);
        // The user whose session carries the subscription left (signed out, closed home): carry on with
        // another open home's session rather than a token its user no longer uses here.
        if (this.using === sessionId && this.sessions.size > 0 && this.client) this.restart();
      }
      if (this.members.size === 0 && !this.stopTimer) {
        // Alone, the instance keeps the subscription a minute (a reload comes back to it); among several,
        // it hands the lease over now to an instance whose users have home open.
        this.stopTimer = setTimeout(() => void this.stop(), this.coord.shared ? 0 : IDLE_STOP_MS);
        this.stopTimer.unref();
      }
    };
  }

  private restart(): void {
    void this.stopClient();
    this.start();
  }

  /** Drops the client (its events are no longer told, but as held ones) and has the org forget it. */
  private stopClient(): Promise<void> {
    const life = this.life;
    this.client = undefined;
    this.life = undefined;
    if (!life) return this.stopping;
    const gone = life.stop();
    this.stopping = Promise.all([this.stopping, gone]).then(() => undefined);
    return this.stopping;
  }

  /** Holder: renew the lease (lost: stop). Others: take it when it is free. */
  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      if (this.fence !== undefined) {
        const fence = this.fence;
        // Redis unreachable (null: a command gave up after 1 s, as behind a silent partition, or slow
        // under load): the lease runs out on its own from the last renewal that worked; let go of the
        // org before another holder may start. (A dropped link is told at once: lost().)
        const renewed = await this.coord.renew(this.key, fence, this.lease.leaseMs).catch(() => null);
        if (renewed === true) this.renewedAt = Date.now();
        else if (renewed === false && this.fence === fence) this.resign('lease lost');
        else if (
          this.fence === fence &&
          Date.now() - this.renewedAt >= this.lease.leaseMs - this.lease.campaignMs
        )
          this.letGoForRedis(fence, 'Redis unreachable');
      } else if (this.members.size > 0) {
        const fence = await this.coord.acquire(this.key, this.lease.leaseMs).catch(() => null);
        // Held by another: its homes still learn below whether the holder's subscription is up (40.7).
        if (fence !== null && this.members.size === 0) await this.coord.release(this.key, fence);
        else if (fence !== null) await this.take(fence);
      }
      await this.shareCurrent();
    } finally {
      this.ticking = false;
    }
  }

  /** The lease is this instance's: subscribe, resuming where the last holder stopped. */
  private async take(fence: number): Promise<void> {
    this.fence = fence;
    this.renewedAt = Date.now();
    this.publishing = Promise.resolve();
    // What it took under this same token while Redis was away goes out first, in order (an older token:
    // another holder came in between, and its replay from the recorded id told them).
    const held = this.held?.fence === fence ? this.held.events : [];
    this.held = undefined;
    this.heldFrom = undefined;
    for (const e of held) this.publish(fence, e.replayId, e.target);
    const heldUpTo = Math.max(-1, ...held.map((e) => e.replayId ?? -1));
    // Resume where the last holder (this instance or another) stopped: the id kept in Redis, or the
    // last one this instance heard published when Redis lost it (restarted without persistence).
    // Never the subscription's own position: an event it received but could not publish is not told.
    const kept = await this.coord.replayId(this.key).catch(() => -1);
    this.lastReplayId = Math.max(kept, this.heardReplayId, heldUpTo);
    this.logger.info(
      { org: this.key, fence, replayFrom: this.lastReplayId },
      'org change stream lease taken',
    );
    if (this.fence === fence) this.start(fence > 1);
  }

  private get currentKey(): string {
    return `current:${this.key}`;
  }

  /** The holder says whether its subscription is up; the others read it (each campaign tick). */
  private async shareCurrent(): Promise<void> {
    try {
      if (this.fence !== undefined) {
        this.current = this.connected;
        if (this.connected) await this.coord.setValue(this.currentKey, '1', this.lease.leaseMs);
        else await this.coord.deleteValue(this.currentKey);
      } else {
        this.current = (await this.coord.getValue(this.currentKey)) === '1';
      }
    } catch {
      this.current = false;
    }
  }

  private setConnected(connected: boolean): void {
    this.connected = connected;
    if (this.fence !== undefined || !connected) this.current = connected;
    void this.shareCurrent();
  }

  /**
   * The link to Redis dropped: an event the org hands over now could not be published, and the next
   * subscription would be handed it again (counted twice by the org). The holder lets go of the org at
   * once; its events wait in the org's retention for the replay from the last recorded id.
   */
  lost(): void {
    if (this.fence !== undefined) this.letGoForRedis(this.fence, 'lost Redis');
  }

  /** Redis is away: drop the subscription, keeping what the org still hands over until it hears that. */
  private letGoForRedis(fence: number, why: string): void {
    if (this.held?.fence !== fence) this.held = { fence, events: [] };
    this.heldFrom = this.client;
    this.resign(why);
  }

  /** No longer the holder: drop the subscription (the lease, if still ours, is left to lapse or released). */
  private resign(why: string): void {
    this.logger.info({ org: this.key, fence: this.fence }, `org change stream ${why}`);
    this.fence = undefined;
    void this.stopClient();
    this.using = undefined;
    this.setConnected(false);
  }

  /** Subscribes once every client stopped before is gone (one start at a time; a second one joins it). */
  private start(takenOver = false): void {
    if (this.fence === undefined || this.pausedUntil > Date.now() || this.client) return;
    this.openingTakenOver ||= takenOver;
    if (this.opening) return;
    this.opening = true;
    void this.stopping.then(() => {
      this.opening = false;
      const taken = this.openingTakenOver;
      this.openingTakenOver = false;
      if (!this.client) this.open(taken);
    });
  }

  private open(takenOver: boolean): void {
    if (this.fence === undefined || this.pausedUntil > Date.now()) return;
    const candidate = [...this.sessions.entries()].at(-1);
    if (!candidate) return;
    const fence = this.fence;
    const [sessionId, auth] = candidate;
    this.using = sessionId;
    this.starts += 1;
    const resumed = this.starts > 1 || takenOver;
    let handshakes = 0;
    const conn = new Connection({
      instanceUrl: auth.instanceUrl,
      accessToken: auth.accessToken,
      version: this.config.salesforce.apiVersion,
    });
    const life = new StreamingClientLife();
    // Replays from the last event published for this org, so a renewal, restart or takeover misses nothing.
    const client = conn.streaming.createClient([
      life.extension,
      new StreamingExtension.Replay(this.channel, this.lastReplayId),
      // jsforce's AuthFailure takes every handshake or connect answered with advice reconnect 'none' for
      // a refused token, and hides it from the extensions after it; the org's limits come that way too
      // (past the concurrent clients, a handshake): a token refresh and a new client would be refused
      // again at once, round after round, so those pause instead.
      new StreamingExtension.AuthFailure((m: { error?: unknown }) => {
        if (typeof m.error === 'string' && ORG_LIMIT.test(m.error)) {
          if (this.client === client) this.pause(m.error);
        } else void this.renew(sessionId, auth.accessToken);
      }),
      {
        // A new handshake (the org forgot this client, or a renewal) before any event was seen has no
        // replay id to resume from: what changed in between is unknown, so every home re-reads once.
        incoming: (m: unknown, next: (m: unknown) => void) => {
          const msg = m as { channel?: string; successful?: boolean; error?: string; data?: unknown };
          // A stopped client no longer tells its subscription (faye dropped it), but an answer in flight
          // may still bring events the org has counted. Stopped within this term (its session moved on,
          // a token renewed), they are published, and the next client, which starts once this one is
          // gone from the org, resumes after them: replayed, the org would count them again. Let go of
          // for Redis, they are held, not lost.
          if (
            this.client !== client &&
            (this.heldFrom === client || this.fence === fence) &&
            msg.channel === this.channel &&
            msg.data !== undefined
          )
            this.onEvent(fence, msg.data);
          else if (msg.successful === false && typeof msg.error === 'string' && ORG_LIMIT.test(msg.error)) {
            // The org's daily delivery allocation (or its client limit) is spent: a retry now is refused
            // again. Homes see the stream is not current (the heartbeat) and re-read on their own.
            if (this.client === client) this.pause(msg.error);
          } else if (msg.channel === '/meta/handshake' && msg.successful) {
            if ((handshakes > 0 || resumed) && this.lastReplayId === -1) this.publish(fence, null, null);
            handshakes += 1;
          }
          next(m);
        },
      },
    ]) as unknown as FayeClient;
    life.attach(client);
    this.client = client;
    this.life = life;
    this.connected = false;
    client.on('transport:down', () => {
      if (this.client === client) this.setConnected(false);
      this.logger.info({ org: origin(auth.instanceUrl) }, 'org change stream down');
    });
    // Back up after a drop: the handshake's replay (or resync) has told the homes what they missed.
    client.on('transport:up', () => {
      if (this.client === client && this.subscribedClient === client) this.setConnected(true);
    });
    client
      .subscribe(this.channel, (message) => {
        if (this.client === client) this.onEvent(fence, message);
      })
      .then(
        () => {
          if (this.client === client) {
            this.subscribedClient = client;
            this.setConnected(true);
          }
          this.logger.info(
            { org: origin(auth.instanceUrl), replayFrom: this.lastReplayId },
            'org change stream subscribed',
          );
        },
        (err: unknown) => {
          this.logger.warn({ err, org: origin(auth.instanceUrl) }, 'org change stream subscription refused');
          if (this.client === client) void this.renew(sessionId, auth.accessToken);
        },
      );
  }

  /** The org refuses deliveries for now: no subscription until `LIMIT_RETRY_MS` has passed. */
  private pause(why: string): void {
    this.logger.warn({ org: this.key, why }, 'org change stream refused by an org limit');
    void this.stopClient();
    this.setConnected(false);
    if (this.pausedUntil > Date.now()) return;
    this.pausedUntil = Date.now() + LIMIT_RETRY_MS;
    const timer = setTimeout(() => {
      this.pausedUntil = 0;
      if (this.fence !== undefined && !this.client && this.members.size > 0) this.start();
    }, LIMIT_RETRY_MS);
    timer.unref();
  }

  /** The session's token was refused: refresh it, or move on to another signed-in user's session. */
  private async renew(sessionId: string, failedToken: string): Promise<void> {
    void this.stopClient();
    this.setConnected(false);
    try {
      const fresh = await this.refresher.refresh(sessionId, 'main', failedToken);
      if (this.sessions.has(sessionId)) this.sessions.set(sessionId, fresh);
    } catch {
      this.sessions.delete(sessionId);
    }
    if (this.members.size > 0) this.start();
  }

  private onEvent(fence: number, message: unknown): void {
    const m = message as { payload?: Record<string, unknown>; event?: { replayId?: number } };
    const replayId = typeof m.event?.replayId === 'number' ? m.event.replayId : null;
    // (a stopped client's late answer never moves it back)
    if (replayId !== null) this.lastReplayId = Math.max(this.lastReplayId, replayId);
    const p = m.payload ?? {};
    const field = (name: string): string | null => {
      const v = p[nsName(this.config.salesforce.namespace, name)];
      return typeof v === 'string' ? v : null;
    };
    const target = recipients(
      {
        objectName: field('Object_Name__c') ?? '',
        ownerId: field('Owner_Id__c'),
        previousOwnerId: field('Previous_Owner_Id__c'),
      },
      this.config.salesforce.namespace,
    );
    // Even an event no home cares about is published: its replay id moves the org's position on.
    if (replayId !== null || target) this.publish(fence, replayId, target);
  }

  /** To every instance, in order, fenced by the lease; a failure ends this term (the next holder replays). */
  private publish(fence: number, replayId: number | null, target: HintTarget | null): void {
    this.publishing = this.publishing.then(async () => {
      const hold = () => {
        if (this.held?.fence === fence) this.held.events.push({ replayId, target });
      };
      if (this.fence !== fence) return hold();
      const result = await this.coord.publish(this.key, fence, { replayId, target }).catch(() => 'failed');
      if (result === 'fenced') {
        if (this.fence === fence) this.resign('fenced out');
      } else if (result === 'failed') {
        if (this.fence === fence) this.letGoForRedis(fence, 'could not publish');
        hold();
      }
    });
  }

  /** A hint published by the holder (this instance or another): this instance's homes it concerns. */
  deliver(hint: OrgHint): void {
    if (hint.replayId !== null) this.heardReplayId = Math.max(this.heardReplayId, hint.replayId);
    if (hint.target === null) {
      // A gap of unknown size in the org's events: every home re-reads everything.
      if (hint.replayId === null)
        for (const member of this.members) member.send({ topics: ['tasks', 'submissions', 'forms'] });
      return;
    }
    const { topic, userIds } = hint.target;
    for (const member of this.members) {
      if (userIds === 'all' || userIds.includes(member.userId.slice(0, 15))) {
        this.delivered += 1;
        member.send({ topics: [topic] });
      }
    }
  }

  stop(): Promise<void> {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    if (this.campaign) clearInterval(this.campaign);
    this.campaign = undefined;
    const fence = this.fence;
    if (fence === undefined) return this.stopping;
    this.resign('stopped');
    // Handing over: wait for what is being published and for the org to forget the client, then free
    // the lease for the next holder.
    return Promise.all([this.publishing, this.stopping])
      .then(() => this.coord.release(this.key, fence))
      .catch(() => undefined);
  }

  /** Dropped without a word (the process died): the lease lapses by itself. Tests only. */
  abandon(): void {
    if (this.campaign) clearInterval(this.campaign);
    this.campaign = undefined;
    this.fence = undefined;
    void this.stopClient();
    this.connected = false;
    this.current = false;
  }

  status(): {
    members: number;
    subscribed: boolean;
    current: boolean;
    leader: boolean;
    starts: number;
    lastReplayId: number;
    delivered: number;
  } {
    return {
      members: this.members.size,
      subscribed: this.client !== undefined,
      current: this.current,
      leader: this.fence !== undefined,
      starts: this.starts,
      lastReplayId: this.lastReplayId,
      delivered: this.delivered,
    };
  }
}

/** The org change subscriptions of this BFF instance, one per org (organization id and instance). */
export class ChangeStreams {
  private readonly orgs = new Map<string, OrgChangeStream>();
  private readonly unlisten: () => void;
  private readonly unlistenLost: () => void;

  constructor(
    private readonly config: BffConfig,
    private readonly refresher: TokenRefresher,
    private readonly logger: Logger,
    private readonly coord: Coordination,
    private readonly lease: LeaseOptions = { leaseMs: 5_000, campaignMs: 1_000 },
    /** Told of every hint published for any org (cache invalidation: a forms hint drops parsed definitions). */
    onHint?: (hint: OrgHint) => void,
  ) {
    this.unlistenLost = coord.onLost(() => {
      for (const org of this.orgs.values()) org.lost();
    });
    this.unlisten = coord.onHint((hint) => {
      if (hint.org === EVERY_ORG) for (const org of this.orgs.values()) org.deliver(hint);
      else this.orgs.get(hint.org)?.deliver(hint);
      onHint?.(hint);
    });
  }

  private key(auth: OrgAuth): string {
    return `${auth.organizationId}|${origin(auth.instanceUrl) ?? auth.instanceUrl}`;
  }

  /** A user's stream joins their org's subscription (starting it); the returned function leaves. */
  join(sessionId: string, auth: OrgAuth, listener: ChangeListener): () => void {
    const key = this.key(auth);
    let org = this.orgs.get(key);
    if (!org) {
      org = new OrgChangeStream(key, this.config, this.refresher, this.logger, this.coord, this.lease);
      this.orgs.set(key, org);
    }
    return org.add(sessionId, auth, listener);
  }

  status(auth: OrgAuth): ReturnType<OrgChangeStream['status']> | undefined {
    return this.orgs.get(this.key(auth))?.status();
  }

  get size(): number {
    return this.orgs.size;
  }

  async close(): Promise<void> {
    this.unlisten();
    this.unlistenLost();
    const stopped = [...this.orgs.values()].map((org) => org.stop());
    this.orgs.clear();
    await Promise.all(stopped);
  }

  /** As if the process died: no release, no goodbye (tests of the takeover). */
  abandon(): void {
    this.unlisten();
    this.unlistenLost();
    for (const org of this.orgs.values()) org.abandon();
    this.orgs.clear();
  }
}
