/**
 * The running system for tests and benches (subpath `test-kit/system`): the same
 * launcher `npm start` uses (scripts/system.mjs), on free ports, so suites and benches run exactly
 * what users run and never collide with `npm start` or another run.
 */
import net from 'node:net';
import { startRemote, startSystem, type SystemPart, type SystemPorts } from '../../scripts/system.mjs';

export type { Proc, RunningSystem, SystemPart, SystemPorts } from '../../scripts/system.mjs';
export { startRemote, startSystem };

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
