// Types of system.mjs for the TypeScript callers (the test kit in shared-contracts, e2e's suites), so
// they type-check without compiling the launcher (which stays plain Node so it runs before installs).
export type SystemPart = 'bff' | 'mfe-auth' | 'mfe-home' | 'mfe-form' | 'mfe-builder' | 'emulator';
export type SystemPorts = Record<SystemPart, number>;

export interface Proc {
  name: string;
  stop(): Promise<void>;
}

export interface RunningSystem {
  ports: SystemPorts;
  procs: Record<SystemPart, Proc>;
  url: string;
  stop(): Promise<void>;
}

export const DEFAULT_PORTS: SystemPorts;
export function distDir(name: string): string;
export function startProcess(
  name: string,
  cmd: string,
  args: string[],
  options: { ready: RegExp; env?: Record<string, string>; quiet?: boolean; timeoutMs?: number },
): Promise<Proc>;
export function startRemote(
  name: string,
  port: number,
  options?: { dir?: string; quiet?: boolean },
): Promise<Proc>;
export function startEmulator(
  port: number,
  options?: { quiet?: boolean; db?: string; extraArgs?: string[] },
): Promise<Proc>;
export function startBff(
  port: number,
  options?: { env?: Record<string, string>; quiet?: boolean },
): Promise<Proc>;
export function systemEnv(ports: SystemPorts): Record<string, string>;
export function startSystem(options?: {
  ports?: Partial<SystemPorts>;
  emulator?: boolean;
  quiet?: boolean;
  emulatorArgs?: string[];
  bffEnv?: Record<string, string>;
  remoteDirs?: Record<string, string>;
}): Promise<RunningSystem>;
