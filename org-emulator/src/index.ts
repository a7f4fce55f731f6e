// Public entry point: start an emulated Salesforce org on a local port.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import type { Emu } from './context.js';
import { resetDeployments } from './deploy.js';
import { ApiAllowance, type AllowanceConfig } from './http/apiAllowance.js';
import { Faults } from './http/faults.js';
import { WriteGate } from './http/writeGate.js';
import { TokenStore } from './oauth/tokens.js';
import { Org } from './org.js';
import { seed } from './seed/demo.js';
import type { StreamingOptions } from './streaming/bayeux.js';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** File path or ':memory:'. */
  db?: string;
  seed?: 'demo' | 'none';
  testControl?: boolean;
  tokenTtlSeconds?: number;
  /** Where the canvas record page POSTs the signed request. */
  canvasUrl?: string;
  /** A second org beside the demo one: its Organization id (00D…, 18 characters) and name. */
  orgId?: string;
  orgName?: string;
  /** Metadata deploys finish after this many milliseconds (default 400). */
  deployMs?: number;
  /** The package's namespace prefix on custom names: 'cqext' (default) or '' for an unmanaged deploy. */
  namespace?: string;
  /** New connected apps may be deployed (Salesforce Support enabled creation); default false, as a 2026 org. */
  connectedAppCreation?: boolean;
  /** Streaming API timing: how long a /meta/connect is held (default 110 s), when an absent client is forgotten (40 s). */
  streaming?: StreamingOptions;
  /** The daily API allowance: edition and Salesforce licences (default Enterprise, 10 licences: 110,000), or an exact max. */
  apiAllowance?: AllowanceConfig;
}

export interface RunningEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

export { DEMO_IDS, DEMO_PASSWORD } from './seed/demo.js';
export { CONNECTED_APP } from './oauth/tokens.js';
export { CONNECTED_APP_CREATION_REFUSED } from './oauth/connected-apps.js';
export { signEnvelope } from './canvas.js';
export { allocationFor, ORG_EDITIONS, type AllowanceConfig, type OrgEdition } from './http/apiAllowance.js';

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const seedKind = options.seed ?? 'demo';
  const org = new Org({
    db: options.db ?? ':memory:',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 7200,
    testControl: options.testControl ?? false,
    canvasUrl: options.canvasUrl ?? 'http://127.0.0.1:4000/canvas',
    ...(options.orgId ? { orgId: options.orgId } : {}),
    ...(options.orgName ? { orgName: options.orgName } : {}),
    deployMs: options.deployMs ?? 400,
    ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
    connectedAppCreation: options.connectedAppCreation ?? false,
  });
  const tokens = new TokenStore(org);
  const emu: Emu = {
    org,
    tokens,
    faults: new Faults(),
    allowance: new ApiAllowance(options.apiAllowance),
    sessions: new Map(),
    writes: new WriteGate(),
    reseed(kind) {
      org.store.wipe();
      org.wipeFiles();
      tokens.wipe();
      emu.sessions.clear();
      org.ids.reset();
      resetDeployments(emu);
      emu.streaming?.dropClients();
      emu.streaming?.bus.clear();
      // Seeding is the org's starting state, not a change anyone subscribed to.
      org.store.withoutChanges(() => seed(org, kind));
    },
  };
  const app = buildApp(emu, {
    testControl: options.testControl ?? false,
    defaultSeed: seedKind,
    ...(options.streaming ? { streaming: options.streaming } : {}),
  });
  // Client-side aborts and parse errors are expected under fault tests; keep them out of the log.
  app.silent = true;
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host);
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  });
  // Large uploads can take a while; Node's default 5-minute request timeout would cut 2 GB uploads short.
  server.requestTimeout = 0;
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  org.baseUrl = url;
  // A file database keeps its data across restarts: only seed an empty store.
  if (org.store.list('Organization').length === 0) org.store.withoutChanges(() => seed(org, seedKind));
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        emu.streaming?.close();
        server.close(() => {
          org.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
