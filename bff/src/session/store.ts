import { Redis } from 'ioredis';

/** Tokens of one org the session is signed in to. Lives only in the session store. */
export interface OrgAuth {
  accessToken: string;
  /** Absent for canvas sessions (the org handed an access token only). */
  refreshToken?: string;
  instanceUrl: string;
  loginUrl: string;
  userId: string;
  organizationId: string;
  username?: string;
  userType?: string;
  networkId?: string | null;
  siteUrl?: string | null;
  issuedAt: number;
}

export interface PendingLogin {
  state: string;
  verifier: string;
  loginUrl: string;
  target: 'main' | 'otherOrg';
  redirectUri: string;
  createdAt: number;
}

export interface CanvasContext {
  instanceId: string;
  targetOrigin: string;
  /** The org record page the canvas app was launched from (environment.locationUrl). */
  recordUrl?: string;
}

export interface SessionData {
  createdAt: number;
  expiresAt: number;
  /** Opaque handle the browser may see (getToken): random, useless at the org. */
  handle: string;
  main?: OrgAuth;
  otherOrg?: OrgAuth;
  pending?: PendingLogin[];
  /** Set for canvas (embedded-mode) sessions. */
  canvas?: CanvasContext;
}

export interface SessionStore {
  get(id: string): Promise<SessionData | null>;
  set(id: string, data: SessionData, ttlSeconds: number): Promise<void>;
  destroy(id: string): Promise<void>;
  /**
   * A short lock shared by every instance using this store (token refresh). Resolves to a release
   * function, or null when another holder has it.
   */
  tryLock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
  /** Small shared values beside the sessions (upload idempotency keys). */
  getValue(key: string): Promise<string | null>;
  setValue(key: string, value: string, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements SessionStore {
  private readonly map = new Map<string, { json: string; expires: number }>();
  private readonly timer: NodeJS.Timeout;
  constructor() {
    this.timer = setInterval(() => this.sweep(), 60_000);
    this.timer.unref();
  }
  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.map) if (v.expires <= now) this.map.delete(k);
  }
  async get(id: string): Promise<SessionData | null> {
    const entry = this.map.get(id);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      this.map.delete(id);
      return null;
    }
    // A copy, as a remote store would give: no request mutates another's object.
    return JSON.parse(entry.json) as SessionData;
  }
  async set(id: string, data: SessionData, ttlSeconds: number): Promise<void> {
    this.map.set(id, { json: JSON.stringify(data), expires: Date.now() + ttlSeconds * 1000 });
  }
  async destroy(id: string): Promise<void> {
    this.map.delete(id);
  }
  private readonly values = new Map<string, { value: string; expires: number }>();
  async getValue(key: string): Promise<string | null> {
    const v = this.values.get(key);
    if (!v || v.expires <= Date.now()) return null;
    return v.value;
  }
  async setValue(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (this.values.size > 100_000) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
  }
  private readonly locks = new Map<string, number>();
  async tryLock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const now = Date.now();
    const until = this.locks.get(key);
    if (until !== undefined && until > now) return null;
    this.locks.set(key, now + ttlMs);
    return async () => {
      this.locks.delete(key);
    };
  }
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.map.clear();
  }
}

/** Sessions in Redis (REDIS_URL), so several BFF instances behind a load balancer share them. */
export class RedisStore implements SessionStore {
  private readonly redis: Redis;
  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // Errors surface on commands; an unhandled 'error' event would crash the process.
    this.redis.on('error', () => undefined);
  }
  private key(id: string): string {
    return `cq:sess:${id}`;
  }
  async get(id: string): Promise<SessionData | null> {
    const json = await this.redis.get(this.key(id));
    return json ? (JSON.parse(json) as SessionData) : null;
  }
  async set(id: string, data: SessionData, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(id), JSON.stringify(data), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }
  async destroy(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
  async getValue(key: string): Promise<string | null> {
    return this.redis.get(`cq:kv:${key}`);
  }
  async setValue(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(`cq:kv:${key}`, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }
  async tryLock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const token = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    const k = `cq:lock:${key}`;
    const ok = await this.redis.set(k, token, 'PX', ttlMs, 'NX');
    if (ok !== 'OK') return null;
    return async () => {
      // Release only our own lock.
      await this.redis
        .eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
          1,
          k,
          token,
        )
        .catch(() => undefined);
    };
  }
  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createStore(redisUrl: string | null): SessionStore {
  return redisUrl ? new RedisStore(redisUrl) : new MemoryStore();
}
