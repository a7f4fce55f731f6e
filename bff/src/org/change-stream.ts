// One subscription to the org's record changes per org (per BFF instance), started when the first
// user of that org opens the live home stream (/api/events) and stopped a minute after the last one
// leaves. It listens to the package's platform event SQX_Record_Change__e over the Streaming API
// (CometD, jsforce's faye client) and turns each event into "changed" hints for the users whose home
// it concerns. Design and sharing: bff/README.md, "Live home".
import { Connection } from 'jsforce';
import { StreamingExtension } from 'jsforce/lib/api/streaming.js';
import type { Logger } from 'pino';
import { nsName } from 'shared-contracts';
import type { BffConfig } from '../config';
import type { OrgAuth } from '../session/store';
import type { TokenRefresher } from './client';
import { origin } from './util';

/** What a home screen re-reads: its assigned tasks, its pending submissions, the forms list. */
export type ChangeTopic = 'tasks' | 'submissions' | 'forms';

export interface ChangeHint {
  topics: ChangeTopic[];
}

export interface ChangeListener {
  /** The signed-in user (main org) the stream belongs to. */
  userId: string;
  send(hint: ChangeHint): void;
}

/** The record-change event's fields, as the package publishes them (names without namespace). */
interface RecordChange {
  objectName: string;
  ownerId: string | null;
  previousOwnerId: string | null;
}

/** Which home list an object's changes touch (object names without namespace). */
const TOPIC_OF: Record<string, ChangeTopic> = {
  Task: 'tasks',
  SQX_Form_Submission__c: 'submissions',
  SQX_Form_Definition__c: 'forms',
};

/**
 * Who is told: a task or submission concerns its owner and, when it changed hands, its previous owner
 * (both lists changed); the forms list concerns every user of the org, and the hint names no form.
 * No hint carries a record, an id or a value: the browser re-reads through its own session, where the
 * org applies sharing.
 */
export function recipients(
  change: RecordChange,
  namespace: string,
): { topic: ChangeTopic; userIds: 'all' | string[] } | null {
  const prefix = namespace ? `${namespace}__` : '';
  const local = change.objectName.startsWith(prefix)
    ? change.objectName.slice(prefix.length)
    : change.objectName;
  const topic = TOPIC_OF[local];
  if (!topic) return null;
  if (topic === 'forms') return { topic, userIds: 'all' };
  const ids = [change.ownerId, change.previousOwnerId].filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  // 15- and 18-character ids of one user compare by their first 15 characters.
  return { topic, userIds: [...new Set(ids.map((i) => i.slice(0, 15)))] };
}

const IDLE_STOP_MS = 60_000;

interface FayeClient {
  subscribe(channel: string, cb: (message: unknown) => void): PromiseLike<unknown> & { cancel(): void };
  disconnect(): void;
  on(event: string, cb: () => void): void;
}

interface Member extends ChangeListener {
  sessionId: string;
}

/** The subscription of one org and the streams of its users on this instance. */
class OrgChangeStream {
  private readonly members = new Set<Member>();
  /** Sessions of this org's signed-in users whose tokens the subscription may use, newest last. */
  private readonly sessions = new Map<string, OrgAuth>();
  private client: FayeClient | undefined;
  private using: string | undefined;
  private lastReplayId = -1;
  private stopTimer: NodeJS.Timeout | undefined;
  /** The client whose subscription the org accepted. */
  private subscribedClient: FayeClient | undefined;
  /**
   * Subscribed and connected now: every change the org makes reaches the homes as a hint, so a home
   * that has applied its hints is current (the heartbeat says so: routes/events.ts).
   */
  private current = false;
  /** Subscriptions made (first start, token renewals, restarts): tests and logs read it. */
  starts = 0;
  delivered = 0;

  constructor(
    private readonly config: BffConfig,
    private readonly refresher: TokenRefresher,
    private readonly logger: Logger,
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
    if (!this.client) this.start();
    else if (this.using === undefined || !this.sessions.has(this.using)) {
      // Still running on the session of a user who has left: move to this one.
      this.client.disconnect();
      this.client = undefined;
      this.start();
    }
    return () => {
      this.members.delete(member);
      if (![...this.members].some((m) => m.sessionId === sessionId)) {
        this.sessions.delete(sessionId);
        // The user whose session carries the subscription left (signed out, closed home): carry on with
        // another open home's session rather than a token its user no longer uses here.
        if (this.using === sessionId && this.sessions.size > 0) {
          this.client?.disconnect();
          this.client = undefined;
          this.start();
        }
      }
      if (this.members.size === 0 && !this.stopTimer) {
        this.stopTimer = setTimeout(() => this.stop(), IDLE_STOP_MS);
        this.stopTimer.unref();
      }
    };
  }

  private start(): void {
    const candidate = [...this.sessions.entries()].at(-1);
    if (!candidate) return;
    const [sessionId, auth] = candidate;
    this.using = sessionId;
    this.starts += 1;
    const resumed = this.starts > 1;
    let handshakes = 0;
    const conn = new Connection({
      instanceUrl: auth.instanceUrl,
      accessToken: auth.accessToken,
      version: this.config.salesforce.apiVersion,
    });
    // Replays from the last event this instance saw, so a renewal or restart misses nothing.
    const client = conn.streaming.createClient([
      new StreamingExtension.Replay(this.channel, this.lastReplayId),
      new StreamingExtension.AuthFailure(() => void this.renew(sessionId, auth.accessToken)),
      {
        // A new handshake (the org forgot this client, or a renewal) before any event was seen has no
        // replay id to resume from: what changed in between is unknown, so every home re-reads once.
        incoming: (m: unknown, next: (m: unknown) => void) => {
          const msg = m as { channel?: string; successful?: boolean };
          if (msg.channel === '/meta/handshake' && msg.successful) {
            if ((handshakes > 0 || resumed) && this.lastReplayId === -1) this.resync();
            handshakes += 1;
          }
          next(m);
        },
      },
    ]) as unknown as FayeClient;
    this.client = client;
    this.current = false;
    client.on('transport:down', () => {
      if (this.client === client) this.current = false;
      this.logger.info({ org: origin(auth.instanceUrl) }, 'org change stream down');
    });
    // Back up after a drop: the handshake's replay (or resync) has told the homes what they missed.
    client.on('transport:up', () => {
      if (this.client === client && this.subscribedClient === client) this.current = true;
    });
    client
      .subscribe(this.channel, (message) => this.onEvent(message))
      .then(
        () => {
          if (this.client === client) {
            this.subscribedClient = client;
            this.current = true;
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

  /** The session's token was refused: refresh it, or move on to another signed-in user's session. */
  private async renew(sessionId: string, failedToken: string): Promise<void> {
    this.client?.disconnect();
    this.client = undefined;
    this.current = false;
    try {
      const fresh = await this.refresher.refresh(sessionId, 'main', failedToken);
      if (this.sessions.has(sessionId)) this.sessions.set(sessionId, fresh);
    } catch {
      this.sessions.delete(sessionId);
    }
    if (this.members.size > 0) this.start();
  }

  private onEvent(message: unknown): void {
    const m = message as { payload?: Record<string, unknown>; event?: { replayId?: number } };
    if (typeof m.event?.replayId === 'number') this.lastReplayId = m.event.replayId;
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
    if (!target) return;
    for (const member of this.members) {
      if (target.userIds === 'all' || target.userIds.includes(member.userId.slice(0, 15))) {
        this.delivered += 1;
        member.send({ topics: [target.topic] });
      }
    }
  }

  /** Every member's home re-reads everything (a gap of unknown size in the org's events). */
  private resync(): void {
    for (const member of this.members) member.send({ topics: ['tasks', 'submissions', 'forms'] });
  }

  stop(): void {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    this.client?.disconnect();
    this.client = undefined;
    this.current = false;
  }

  status(): {
    members: number;
    subscribed: boolean;
    current: boolean;
    starts: number;
    lastReplayId: number;
    delivered: number;
  } {
    return {
      members: this.members.size,
      subscribed: this.client !== undefined,
      current: this.current,
      starts: this.starts,
      lastReplayId: this.lastReplayId,
      delivered: this.delivered,
    };
  }
}

/** The org change subscriptions of this BFF instance, one per org (organization id and instance). */
export class ChangeStreams {
  private readonly orgs = new Map<string, OrgChangeStream>();

  constructor(
    private readonly config: BffConfig,
    private readonly refresher: TokenRefresher,
    private readonly logger: Logger,
  ) {}

  private key(auth: OrgAuth): string {
    return `${auth.organizationId}|${origin(auth.instanceUrl) ?? auth.instanceUrl}`;
  }

  /** A user's stream joins their org's subscription (starting it); the returned function leaves. */
  join(sessionId: string, auth: OrgAuth, listener: ChangeListener): () => void {
    const key = this.key(auth);
    let org = this.orgs.get(key);
    if (!org) {
      org = new OrgChangeStream(this.config, this.refresher, this.logger);
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

  close(): void {
    for (const org of this.orgs.values()) org.stop();
    this.orgs.clear();
  }
}
