// What every route module receives: the org plus the per-process services built around it.
import type { Context } from 'koa';
import { SfError } from './errors.js';
import type { ApiAllowance } from './http/apiAllowance.js';
import type { Faults } from './http/faults.js';
import type { WriteGate } from './http/writeGate.js';
import type { TokenStore } from './oauth/tokens.js';
import type { Org } from './org.js';
import type { StreamingServer } from './streaming/bayeux.js';

export interface Emu {
  org: Org;
  tokens: TokenStore;
  faults: Faults;
  /** The org's daily API allowance (DailyApiRequests) and the calls counted against it. */
  allowance: ApiAllowance;
  /** Browser sessions of the login page (cookie `sid`), used by the canvas record page. */
  sessions: Map<string, string>;
  /** Requests run beside each other, a Composite call with allOrNone alone (http/writeGate.ts). */
  writes: WriteGate;
  /** The Streaming API (CometD) and the org's event bus; set once the app is built. */
  streaming?: StreamingServer;
  reseed(seed: 'demo' | 'none'): void;
}

export function userOf(ctx: Context): string {
  const id: unknown = ctx.state.userId;
  if (typeof id !== 'string') throw new SfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
  return id;
}
