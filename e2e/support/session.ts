// One running system per spec file (starting one costs more than the tests) with a token for reading
// the org directly. Registers the file's beforeAll/afterAll; further beforeAll hooks the file
// declares after calling it run once the system is up (Playwright runs hooks in declaration order).
import { test } from '@playwright/test';
import { DEMO_ORG, orgPasswordToken } from 'test-kit';
import { orgRest } from './org';
import { freeSystemPorts, startSystem, type RunningSystem, type SystemPorts } from './system';

export interface SystemSession {
  readonly system: RunningSystem;
  /** The org emulator's base URL. */
  readonly org: string;
  /** A password-grant token of `username` for the org's REST API. */
  readonly token: string;
  /** A JSON call to the org's REST API with that token (see orgRest). */
  rest<T>(path: string, init?: RequestInit): Promise<T>;
}

export interface SystemSessionOptions {
  /** Extra emulator flags; a function when they need the chosen ports. */
  emulatorArgs?: string[] | ((ports: SystemPorts) => string[]);
  /** Extra BFF environment (e.g. SF_NAMESPACE for an unprefixed org). */
  bffEnv?: Record<string, string>;
  /** Whose token `token` is (admin@demo.org unless told). */
  username?: string;
}

export function systemForFile(options: SystemSessionOptions = {}): SystemSession {
  let system: RunningSystem | undefined;
  let token: string | undefined;
  test.beforeAll(async () => {
    const ports = await freeSystemPorts();
    const { emulatorArgs = [], bffEnv = {} } = options;
    system = await startSystem({
      ports,
      quiet: true,
      bffEnv,
      emulatorArgs: typeof emulatorArgs === 'function' ? emulatorArgs(ports) : emulatorArgs,
    });
    token = await orgPasswordToken(`http://127.0.0.1:${ports.emulator}`, {
      username: options.username ?? DEMO_ORG.admin,
    });
  });
  test.afterAll(async () => system?.stop());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('systemForFile: read before its beforeAll started the system');
    return value;
  };
  return {
    get system() {
      return ready(system);
    },
    get org() {
      return `http://127.0.0.1:${ready(system).ports.emulator}`;
    },
    get token() {
      return ready(token);
    },
    rest(path, init) {
      return orgRest(this.org, this.token, path, init);
    },
  };
}
