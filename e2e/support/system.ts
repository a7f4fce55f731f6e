import net from 'node:net';
// The same launcher `npm start` uses, so the suites run exactly what users run.
import * as launcher from '../../scripts/system.mjs';

export interface Proc {
  name: string;
  stop(): Promise<void>;
}

export type SystemPart = 'bff' | 'mfe-auth' | 'mfe-home' | 'mfe-form' | 'mfe-builder' | 'emulator';
export type SystemPorts = Record<SystemPart, number>;

export interface RunningSystem {
  ports: SystemPorts;
  procs: Record<SystemPart, Proc>;
  url: string;
  stop(): Promise<void>;
}

type Launcher = {
  startSystem(options: {
    ports?: Partial<SystemPorts>;
    emulator?: boolean;
    quiet?: boolean;
    emulatorArgs?: string[];
    bffEnv?: Record<string, string>;
    remoteDirs?: Record<string, string>;
  }): Promise<RunningSystem>;
  startRemote(name: string, port: number, options?: { dir?: string; quiet?: boolean }): Promise<Proc>;
};

const typed = launcher as unknown as Launcher;
export const startSystem = typed.startSystem;
export const startRemote = typed.startRemote;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A full set of free ports, so a suite's system never collides with `npm start` or another run. */
export async function freeSystemPorts(): Promise<SystemPorts> {
  const names: SystemPart[] = ['bff', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder', 'emulator'];
  const ports = {} as SystemPorts;
  const taken = new Set<number>();
  for (const name of names) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[name] = port;
  }
  return ports;
}
