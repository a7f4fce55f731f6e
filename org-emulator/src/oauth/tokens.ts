// Authorization codes, access and refresh tokens, kept in SQLite so a file database survives restarts.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids.js';
import type { Org } from '../org.js';

export const CONNECTED_APP = {
  clientId: 'demo-client-id',
  clientSecret: 'demo-client-secret',
  name: 'CQ Offline Forms (demo)',
};

export const CALLBACK_RE = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?(\/[^\s#]*)?$/;

export interface TokenRow {
  token: string;
  kind: 'code' | 'access' | 'refresh';
  user_id: string;
  client_id: string;
  expires_at: number;
  revoked: number;
  parent: string | null;
  challenge: string | null;
  redirect_uri: string | null;
  scope: string;
}

export class TokenStore {
  constructor(private readonly org: Org) {
    org.store.db.exec(`CREATE TABLE IF NOT EXISTS tokens (
      token TEXT PRIMARY KEY, kind TEXT NOT NULL, user_id TEXT NOT NULL, client_id TEXT NOT NULL,
      expires_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0, parent TEXT, challenge TEXT,
      redirect_uri TEXT, scope TEXT NOT NULL DEFAULT '')`);
  }

  private insert(row: TokenRow): void {
    this.org.store.db
      .prepare(
        `INSERT INTO tokens (token, kind, user_id, client_id, expires_at, revoked, parent, challenge, redirect_uri, scope)
         VALUES (@token, @kind, @user_id, @client_id, @expires_at, @revoked, @parent, @challenge, @redirect_uri, @scope)`,
      )
      .run(row);
  }

  get(token: string): TokenRow | undefined {
    return this.org.store.db.prepare('SELECT * FROM tokens WHERE token = ?').get(token) as
      TokenRow | undefined;
  }

  issueCode(
    userId: string,
    clientId: string,
    redirectUri: string,
    challenge: string | null,
    scope: string,
  ): string {
    const token = `aPrx${randomToken(36)}`;
    this.insert({
      token,
      kind: 'code',
      user_id: userId,
      client_id: clientId,
      expires_at: Date.now() + 15 * 60_000,
      revoked: 0,
      parent: null,
      challenge,
      redirect_uri: redirectUri,
      scope,
    });
    return token;
  }

  /** Codes are single use: a replayed code fails like on Salesforce. */
  consumeCode(code: string): TokenRow | undefined {
    const row = this.get(code);
    if (!row || row.kind !== 'code' || row.revoked || row.expires_at < Date.now()) return undefined;
    this.org.store.db.prepare('UPDATE tokens SET revoked = 1 WHERE token = ?').run(code);
    return row;
  }

  issueAccess(userId: string, clientId: string, refresh: string | null, scope: string): string {
    const token = `${this.org.orgId.slice(0, 15)}!${randomToken(72)}`;
    this.insert({
      token,
      kind: 'access',
      user_id: userId,
      client_id: clientId,
      expires_at: Date.now() + this.org.options.tokenTtlSeconds * 1000,
      revoked: 0,
      parent: refresh,
      challenge: null,
      redirect_uri: null,
      scope,
    });
    return token;
  }

  issueRefresh(userId: string, clientId: string, scope: string): string {
    const token = `5Aep${randomToken(60)}`;
    this.insert({
      token,
      kind: 'refresh',
      user_id: userId,
      client_id: clientId,
      expires_at: Number.MAX_SAFE_INTEGER,
      revoked: 0,
      parent: null,
      challenge: null,
      redirect_uri: null,
      scope,
    });
    return token;
  }

  validAccess(token: string): TokenRow | undefined {
    const row = this.get(token);
    if (!row || row.kind !== 'access' || row.revoked || row.expires_at < Date.now()) return undefined;
    return row;
  }

  validRefresh(token: string): TokenRow | undefined {
    const row = this.get(token);
    if (!row || row.kind !== 'refresh' || row.revoked) return undefined;
    return row;
  }

  /** Revoking a refresh token also revokes the access tokens minted from it. */
  revoke(token: string): boolean {
    const row = this.get(token);
    if (!row || row.kind === 'code') return false;
    const db = this.org.store.db;
    db.prepare('UPDATE tokens SET revoked = 1 WHERE token = ?').run(token);
    if (row.kind === 'refresh') db.prepare('UPDATE tokens SET revoked = 1 WHERE parent = ?').run(token);
    return true;
  }

  expireAll(): void {
    this.org.store.db.prepare("UPDATE tokens SET expires_at = 0 WHERE kind = 'access'").run();
  }

  wipe(): void {
    this.org.store.db.exec('DELETE FROM tokens');
  }
}

/** PKCE: S256 is the default (jsforce sends no method); a plain challenge equal to the verifier is also accepted. */
export function verifierMatches(challenge: string, verifier: string | null): boolean {
  if (!verifier) return false;
  const s256 = createHash('sha256').update(verifier).digest('base64url');
  return safeEqual(s256, challenge) || safeEqual(verifier, challenge);
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Salesforce signs id + issued_at with the consumer secret so clients can check the response. */
export function tokenSignature(id: string, issuedAt: string): string {
  return createHmac('sha256', CONNECTED_APP.clientSecret)
    .update(id + issuedAt)
    .digest('base64');
}

export function passwordHash(password: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${password}`).digest('hex');
}
