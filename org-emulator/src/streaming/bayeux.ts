// The Streaming API's CometD endpoint, /cometd/<apiVersion>, as Salesforce documents it: Bayeux 1.0
// over long-polling only, /meta/handshake, /meta/connect (held up to the advised 110 s, answered at
// once when events are queued), /meta/subscribe with the `replay` extension (-1 new events only, -2 every
// retained event, or the last replay id seen), /meta/unsubscribe, /meta/disconnect, and the org's
// error texts ("403::Unknown client" with advice reconnect=handshake, "401::Authentication invalid"
// with reconnect=none, "400::The replayId {n} you provided was invalid…").
// Permissions are enforced on delivery as documented for change events: a change event reaches a
// subscriber with View All Data, or View All on its object (Task has none: View All Data only), and
// carries only the fields the subscriber may read; the package's platform event reaches any user.
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { readJson } from '../http/body.js';
import { bearerToken } from '../http/bearer.js';
import type { ApiAllowance } from '../http/apiAllowance.js';
import type { TokenStore } from '../oauth/tokens.js';
import type { Org } from '../org.js';
import type { Access } from '../security/access.js';
import type { BusEvent, EventBus } from './bus.js';
import { ALL_CHANGE_EVENTS, changeEventName, recordChangeEvent } from './changes.js';
import { concurrentClientsFor, deliveryAllocationFor, DeliveryCounter } from './deliveries.js';

export interface StreamingOptions {
  /** How long a /meta/connect is held when no event is queued (the advice's timeout). */
  connectTimeoutMs?: number;
  /** A client that has not reconnected for this long is forgotten ("403::Unknown client" next time). */
  clientExpiryMs?: number;
}

type Message = Record<string, unknown>;

interface Client {
  id: string;
  userId: string;
  subscriptions: Set<string>;
  queue: Message[];
  wake?: () => void;
  connected: boolean;
  lastSeen: number;
}

const MIN_VERSION = 37;
/** How many events' delivery counts are kept (test control's `redelivered`). */
const PER_EVENT_KEPT = 100_000;
/** What Salesforce answers once the org's event delivery allocation for 24 hours is spent. */
const DAILY_LIMIT = '403::Organization total events daily limit exceeded';
/** The request body cap the Streaming API documents (413 Maximum Request Size Exceeded). */
const MAX_BODY = 32_768;

export class StreamingServer {
  private readonly clients = new Map<string, Client>();
  private readonly timeoutMs: number;
  private readonly expiryMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly unlisten: () => void;
  /** Events handed to clients (each event once per client it reached), over a rolling 24 hours. */
  readonly deliveries = new DeliveryCounter();
  /** The most clients connected at once since the last reset. */
  peakClients = 0;
  /** Since the last reset: how often each event (channel and replay id) was handed to a client. */
  private readonly perEvent = new Map<string, number>();
  /** Deliveries beyond the first of each event since the last reset (a repeat the org paid for twice). */
  private redelivered = 0;

  constructor(
    /** What the Streaming API reads: the org, its tokens and its edition's limits (not the whole emulator). */
    private readonly emu: {
      readonly org: Org;
      readonly tokens: TokenStore;
      readonly allowance: ApiAllowance;
    },
    readonly bus: EventBus,
    options: StreamingOptions = {},
  ) {
    this.timeoutMs = options.connectTimeoutMs ?? 110_000;
    this.expiryMs = options.clientExpiryMs ?? 40_000;
    this.unlisten = bus.onPublish((e) => this.deliver(e));
    this.sweeper = setInterval(() => this.sweep(), Math.min(5_000, this.expiryMs));
    this.sweeper.unref();
  }

  private advice(): Message {
    return { interval: 0, timeout: this.timeoutMs, reconnect: 'retry' };
  }

  /** Clients the org knows right now (each counts against the concurrent-client limit). */
  get clientCount(): number {
    return this.clients.size;
  }

  /** The org's streaming usage (test control and /limits). */
  usage(): {
    clients: number;
    peakClients: number;
    delivered: number;
    deliveredToday: number;
    redelivered: number;
  } {
    return {
      clients: this.clients.size,
      peakClients: this.peakClients,
      delivered: this.deliveries.total,
      deliveredToday: this.deliveries.inWindow(),
      redelivered: this.redelivered,
    };
  }

  /** Deliveries the org may still make in the rolling 24 hours. */
  private deliveriesLeft(): number {
    return deliveryAllocationFor(this.emu.allowance.edition) - this.deliveries.inWindow();
  }

  resetUsage(): void {
    this.deliveries.reset();
    this.perEvent.clear();
    this.redelivered = 0;
    this.peakClients = this.clients.size;
  }

  /** Forgets every client (reset, or test control's "the org dropped its CometD clients"). */
  dropClients(): number {
    const n = this.clients.size;
    for (const c of this.clients.values()) c.wake?.();
    this.clients.clear();
    return n;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.unlisten();
    this.dropClients();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, c] of this.clients)
      if (!c.wake && now - c.lastSeen > this.expiryMs) this.clients.delete(id);
  }

  private channelExists(channel: string): boolean {
    if (channel === ALL_CHANGE_EVENTS) return true;
    if (channel === `/event/${recordChangeEvent(this.emu.org)}`) return true;
    const m = /^\/data\/(.+)$/.exec(channel);
    if (!m) return false;
    return this.emu.org.registry.all().some((o) => `${changeEventName(o.name)}` === m[1]);
  }

  private canReceive(access: Access, e: BusEvent): boolean {
    if (e.channels[0]?.startsWith('/event/')) return true;
    const p = access.grants.perms;
    if (p.all || p.user.has('ViewAllData') || p.user.has('ModifyAllData')) return true;
    if (e.entity === 'Task' || e.entity === 'Event') return false;
    if (e.entity === 'User') return false; // View All Users, which the emulator's permissions do not model
    return access.objectPerms(e.entity).viewAll;
  }

  /** The event as this subscriber may see it: only fields they can read (field-level security). */
  private visiblePayload(access: Access, e: BusEvent): Record<string, unknown> {
    const meta = access.registry.get(e.entity);
    if (!meta) return e.payload;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e.payload)) {
      if (k === 'ChangeEventHeader') {
        const h = v as Record<string, unknown>;
        const keep = (list: unknown): unknown =>
          Array.isArray(list) ? list.filter((f) => typeof f === 'string' && meta.field(f)) : list;
        out[k] = { ...h, changedFields: keep(h.changedFields), nulledFields: keep(h.nulledFields) };
      } else if (meta.field(k)) out[k] = v;
    }
    return out;
  }

  private deliver(e: BusEvent): void {
    for (const c of this.clients.values()) {
      const channels = e.channels.filter((ch) => c.subscriptions.has(ch));
      if (channels.length === 0) continue;
      const access = this.emu.org.security.forUser(c.userId);
      if (!this.canReceive(access, e)) continue;
      for (const channel of channels) c.queue.push(this.eventMessage(access, e, channel));
      c.wake?.();
    }
  }

  private countEvent(m: Message): void {
    const replayId = (m.data as { event?: { replayId?: unknown } } | undefined)?.event?.replayId;
    const key = `${String(m.channel)}|${String(replayId)}`;
    const times = (this.perEvent.get(key) ?? 0) + 1;
    this.perEvent.set(key, times);
    // Bounded: the oldest events go first (a long run must not grow without end).
    if (this.perEvent.size > PER_EVENT_KEPT) this.perEvent.delete(this.perEvent.keys().next().value ?? '');
    if (times > 1) this.redelivered += 1;
  }

  private eventMessage(access: Access, e: BusEvent, channel: string): Message {
    return {
      channel,
      data: { schema: e.schema, payload: this.visiblePayload(access, e), event: { replayId: e.replayId } },
    };
  }

  /** Handles one POST: each message in order; a /meta/connect may wait for events. */
  async handle(ctx: Context): Promise<void> {
    const version = /^\/cometd\/(?:replay\/)?(\d{2,3}\.\d)\/?$/.exec(ctx.path)?.[1];
    const latest = 66;
    const uri = `URI format: '/cometd/${latest}.0'`;
    if (!version) {
      ctx.status = 400;
      ctx.body = [{ successful: false, error: `400::API version in the URI is mandatory. ${uri}` }];
      return;
    }
    if (Number(version) < MIN_VERSION) {
      ctx.status = 400;
      ctx.body = [
        {
          successful: false,
          error: `400::Unsupported API version. Only API versions '${MIN_VERSION}.0' and later are supported. ${uri}`,
        },
      ];
      return;
    }
    let body: unknown;
    try {
      body = await readJson(ctx, MAX_BODY);
    } catch (e) {
      const status = (e as { status?: number }).status === 413 ? 413 : 400;
      ctx.status = status;
      ctx.body = [
        {
          successful: false,
          error: status === 413 ? '413::Maximum Request Size Exceeded' : '400::Bad request',
        },
      ];
      return;
    }
    const messages = (Array.isArray(body) ? body : [body]).filter(
      (m): m is Message => typeof m === 'object' && m !== null,
    );
    const token = bearerToken(ctx);
    const userId = token ? this.emu.tokens.validAccess(token)?.user_id : undefined;
    const authError = token ? '401::Authentication invalid' : '401::Request requires authentication';
    const out: Message[] = [];
    for (const m of messages) out.push(...(await this.message(ctx, m, userId, authError)));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.body = out;
  }

  private async message(
    ctx: Context,
    m: Message,
    userId: string | undefined,
    authError: string,
  ): Promise<Message[]> {
    const channel = typeof m.channel === 'string' ? m.channel : '';
    const base: Message = { channel, ...(m.id !== undefined ? { id: m.id } : {}) };
    const clientId = typeof m.clientId === 'string' ? m.clientId : undefined;
    if (channel === '/meta/handshake') {
      if (!userId)
        return [
          {
            ...base,
            successful: false,
            error: '403::Handshake denied',
            ext: { sfdc: { failureReason: authError } },
            advice: { reconnect: 'none' },
          },
        ];
      const types = Array.isArray(m.supportedConnectionTypes) ? m.supportedConnectionTypes : [];
      if (!types.includes('long-polling'))
        return [
          { ...base, successful: false, error: `400::Invalid connection type ${String(types[0] ?? '')}` },
        ];
      // The org's concurrent-client limit: past it a handshake is refused, as documented.
      if (this.clients.size >= concurrentClientsFor(this.emu.allowance.edition))
        return [
          {
            ...base,
            successful: false,
            error: '403::Organization concurrent user limit exceeded',
            advice: { reconnect: 'none' },
          },
        ];
      const id = randomBytes(14).toString('base64url');
      this.clients.set(id, {
        id,
        userId,
        subscriptions: new Set(),
        queue: [],
        connected: false,
        lastSeen: Date.now(),
      });
      this.peakClients = Math.max(this.peakClients, this.clients.size);
      return [
        {
          ...base,
          clientId: id,
          version: '1.0',
          minimumVersion: '1.0',
          supportedConnectionTypes: ['long-polling'],
          ext: { replay: true, 'payload.format': true },
          advice: this.advice(),
          successful: true,
        },
      ];
    }
    const client = clientId ? this.clients.get(clientId) : undefined;
    const withClient = { ...base, ...(clientId ? { clientId } : {}) };
    if (channel === '/meta/connect' || channel === '/meta/subscribe' || channel === '/meta/unsubscribe') {
      if (!userId || (client && client.userId !== userId))
        return [
          { ...withClient, successful: false, error: authError, advice: { reconnect: 'none', interval: 0 } },
        ];
      if (!client)
        return [
          {
            ...withClient,
            successful: false,
            error: '403::Unknown client',
            advice: { reconnect: 'handshake', interval: 0 },
          },
        ];
      client.lastSeen = Date.now();
    }
    if (channel === '/meta/connect' && client) {
      if (m.connectionType !== 'long-polling')
        return [
          {
            ...withClient,
            successful: false,
            error: `400::Invalid connection type ${String(m.connectionType)}`,
          },
        ];
      const reply = { ...withClient, successful: true, advice: this.advice() };
      if (!client.connected) {
        client.connected = true;
        return [reply];
      }
      const gone = client.queue.length === 0 ? await this.waitForEvents(ctx, client) : hungUp(ctx);
      client.lastSeen = Date.now();
      // A connect whose caller has gone keeps the events queued for the next one.
      if (gone || this.clients.get(client.id) !== client) {
        return this.clients.get(client.id) === client
          ? [reply]
          : [
              {
                ...withClient,
                successful: false,
                error: '403::Unknown client',
                advice: { reconnect: 'handshake', interval: 0 },
              },
            ];
      }
      // Past the edition's daily delivery allocation the org delivers nothing more for up to 24 hours
      // and says so; the events stay in the bus's retention (a later subscriber may replay them).
      const left = this.deliveriesLeft();
      if (left <= 0) {
        this.clients.delete(client.id);
        return [{ ...withClient, successful: false, error: DAILY_LIMIT, advice: { reconnect: 'none' } }];
      }
      const events = client.queue.splice(0, left);
      // Counted when handed over: a connect whose caller went away keeps them queued, uncounted.
      this.deliveries.add(events.length);
      for (const e of events) this.countEvent(e);
      return [...events, reply];
    }
    if (channel === '/meta/subscribe' && client) {
      const sub = m.subscription;
      const subBase = { ...withClient, subscription: sub };
      if (typeof sub !== 'string' || sub === '')
        return [{ ...subBase, successful: false, error: '400::Channel name not specified' }];
      if (!sub.startsWith('/'))
        return [
          {
            ...subBase,
            successful: false,
            error: "400::Channel subscriptions must start with a leading '/'",
          },
        ];
      if (!this.channelExists(sub))
        return [
          {
            ...subBase,
            successful: false,
            error: `400::The channel you requested to subscribe to does not exist {${sub}}`,
          },
        ];
      if (this.deliveriesLeft() <= 0) return [{ ...subBase, successful: false, error: DAILY_LIMIT }];
      const ext = m.ext as { replay?: Record<string, unknown> } | undefined;
      const raw = ext?.replay?.[sub];
      const replayId = raw === undefined || raw === null ? -1 : Number(raw);
      if (!this.bus.validReplay(replayId))
        return [
          {
            ...subBase,
            successful: false,
            error: `400::The replayId {${String(raw)}} you provided was invalid.  Please provide a valid ID, -2 to replay all events, or -1 to replay only new events.`,
          },
        ];
      client.subscriptions.add(sub);
      const access = this.emu.org.security.forUser(client.userId);
      for (const e of this.bus.after(sub, replayId))
        if (this.canReceive(access, e)) client.queue.push(this.eventMessage(access, e, sub));
      if (client.queue.length > 0) client.wake?.();
      return [{ ...subBase, successful: true }];
    }
    if (channel === '/meta/unsubscribe' && client) {
      const sub = typeof m.subscription === 'string' ? m.subscription : '';
      client.subscriptions.delete(sub);
      return [{ ...withClient, subscription: m.subscription, successful: true }];
    }
    if (channel === '/meta/disconnect') {
      if (client) {
        this.clients.delete(client.id);
        client.wake?.();
      }
      return [
        client
          ? { ...withClient, successful: true }
          : { ...withClient, successful: false, error: '403::Unknown client' },
      ];
    }
    return [{ ...withClient, successful: false, error: `403::Publish to ${channel} is not allowed` }];
  }

  /**
   * Resolves true when the caller hung up while waiting. Hung up from the moment its end of the
   * connection is read (a long-polling client never half-closes): Node tells the response's 'close'
   * only some milliseconds later, and an event handed over in between went to a process already gone
   * (a killed BFF holder's connect; the org would count it and the next subscriber's replay again).
   */
  private waitForEvents(ctx: Context, client: Client): Promise<boolean> {
    const socket = ctx.req.socket;
    if (hungUp(ctx)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      let gone = false;
      const hangUp = (): void => {
        gone = true;
        done();
      };
      const done = (): void => {
        clearTimeout(timer);
        ctx.res.off('close', hangUp);
        socket.off('end', hangUp);
        if (client.wake === done) delete client.wake;
        resolve(gone);
      };
      // A newer connect from the same client answers the older one (Bayeux allows one outstanding).
      client.wake?.();
      client.wake = done;
      const timer = setTimeout(done, this.timeoutMs);
      ctx.res.on('close', hangUp);
      socket.on('end', hangUp);
    });
  }
}

/** The caller's end of the connection is read or closed: it is gone (a CometD client never half-closes). */
function hungUp(ctx: Context): boolean {
  return ctx.req.socket.readableEnded || ctx.req.socket.destroyed;
}

export function streamingRoutes(server: StreamingServer): Router {
  const router = new Router();
  router.post(['/cometd', '/cometd/{*rest}'], (ctx) => server.handle(ctx));
  return router;
}
