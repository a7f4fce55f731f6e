import crypto from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { EMBEDDED_SESSION_COOKIE, SESSION_COOKIE } from 'shared-contracts';
import type { SessionData, SessionStore } from './store';

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The request's session: loaded lazily from the cookie, saved at the end of the request when changed.
 * Top-level sessions use an httpOnly SameSite=Lax cookie; canvas (embedded) sessions a SameSite=None;
 * Secure; Partitioned cookie so they work inside the org's third-party iframe.
 */
export class Session {
  id: string | null;
  data: SessionData | null = null;
  dirty = false;
  destroyed = false;
  embedded: boolean;
  private loaded = false;
  constructor(
    private readonly ctx: Context,
    private readonly store: SessionStore,
    private readonly opts: SessionOptions,
  ) {
    const embeddedId = ctx.cookies.get(EMBEDDED_SESSION_COOKIE);
    const mainId = ctx.cookies.get(SESSION_COOKIE);
    // A top-level cookie wins; inside the iframe only the partitioned one is sent.
    const id =
      mainId && ID_PATTERN.test(mainId)
        ? mainId
        : embeddedId && ID_PATTERN.test(embeddedId)
          ? embeddedId
          : null;
    this.embedded = id !== null && id === embeddedId && id !== mainId;
    this.id = id;
  }

  async load(): Promise<SessionData | null> {
    if (this.loaded) return this.data;
    this.loaded = true;
    if (this.id) {
      const data = await this.store.get(this.id);
      this.data = data && data.expiresAt > Date.now() ? data : null;
    }
    return this.data;
  }

  /** The session data, creating a fresh session (new id) when there is none. */
  async ensure(): Promise<SessionData> {
    const existing = await this.load();
    if (existing) return existing;
    this.id = newId();
    const now = Date.now();
    this.data = {
      createdAt: now,
      expiresAt: now + this.opts.ttlSeconds * 1000,
      handle: crypto.randomBytes(24).toString('base64url'),
    };
    this.dirty = true;
    this.destroyed = false;
    return this.data;
  }

  /** Starts a new session id (fixation defence on sign-in), keeping the data. */
  async regenerate(embedded = this.embedded): Promise<SessionData> {
    const data = await this.ensure();
    if (this.id) await this.store.destroy(this.id);
    this.id = newId();
    data.handle = crypto.randomBytes(24).toString('base64url');
    this.embedded = embedded;
    this.dirty = true;
    return data;
  }

  /**
   * A new embedded (canvas) session with its own id and data. An earlier embedded session is ended
   * (fixation defence); a top-level one is left alone: when the app and the org share a site (the
   * local demo: 127.0.0.1:4000 in a frame of 127.0.0.1:4400) the frame also sends the top-level
   * cookie, and regenerating that session signed the user out of their own tab.
   */
  async startEmbedded(): Promise<SessionData> {
    if (this.embedded && this.id) await this.store.destroy(this.id);
    this.id = null;
    this.data = null;
    this.loaded = true;
    this.embedded = true;
    return this.ensure();
  }

  touch(): void {
    if (!this.data) return;
    this.data.expiresAt = Date.now() + this.opts.ttlSeconds * 1000;
    this.dirty = true;
  }

  async destroy(): Promise<void> {
    if (this.id) await this.store.destroy(this.id);
    this.data = null;
    this.destroyed = true;
    this.dirty = false;
  }

  /**
   * Ends the sign-in. A sign-in this browser started while the sign-out was at the org (the next user
   * of a shared tablet tapping Log in at once: its request saved the session with its pending state
   * meanwhile) keeps the session and its cookie with only that pending state, or its callback would
   * find no state and fail; else the session goes.
   */
  async signOut(): Promise<void> {
    const known = new Set((this.data?.pending ?? []).map((p) => p.state));
    const now = this.id ? await this.store.get(this.id) : null;
    const started = (now?.pending ?? []).filter((p) => !known.has(p.state));
    if (!now || started.length === 0) return this.destroy();
    this.data = {
      createdAt: now.createdAt,
      expiresAt: now.expiresAt,
      handle: crypto.randomBytes(24).toString('base64url'),
      pending: started,
    };
    this.loaded = true;
    this.destroyed = false;
    this.dirty = true;
  }

  async save(): Promise<void> {
    if (this.destroyed) {
      this.clearCookies();
      return;
    }
    if (!this.dirty || !this.data || !this.id) return;
    const ttl = Math.max(1, (this.data.expiresAt - Date.now()) / 1000);
    await this.store.set(this.id, this.data, ttl);
    this.dirty = false;
    this.setCookie();
  }

  private setCookie(): void {
    if (!this.id || !this.data) return;
    const expires = new Date(this.data.expiresAt);
    // Browsers accept Secure cookies from http://localhost; the cookies module would refuse them on http.
    if (this.embedded || this.opts.secure) this.ctx.cookies.secure = true;
    if (this.embedded) {
      this.ctx.cookies.set(EMBEDDED_SESSION_COOKIE, this.id, {
        httpOnly: true,
        sameSite: 'none',
        secure: true,
        partitioned: true,
        path: '/',
        expires,
        overwrite: true,
      });
    } else {
      this.ctx.cookies.set(SESSION_COOKIE, this.id, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.opts.secure,
        path: '/',
        expires,
        overwrite: true,
      });
    }
  }

  private clearCookies(): void {
    const name = this.embedded ? EMBEDDED_SESSION_COOKIE : SESSION_COOKIE;
    if (this.embedded || this.opts.secure) this.ctx.cookies.secure = true;
    this.ctx.cookies.set(name, '', {
      httpOnly: true,
      sameSite: this.embedded ? 'none' : 'lax',
      secure: this.embedded ? true : this.opts.secure,
      partitioned: this.embedded,
      path: '/',
      expires: new Date(0),
      overwrite: true,
    });
  }
}

export interface SessionOptions {
  ttlSeconds: number;
  secure: boolean;
}

declare module 'koa' {
  interface DefaultContext {
    session: Session;
  }
}

export function sessionMiddleware(store: SessionStore, opts: SessionOptions): Middleware {
  return async (ctx, next) => {
    ctx.session = new Session(ctx, store, opts);
    try {
      await next();
    } finally {
      await ctx.session.save();
    }
  };
}
