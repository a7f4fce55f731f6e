import {
  CONTRACT_VERSION,
  REMOTE_APP_MODULE,
  REMOTE_SCOPES,
  checkContractCompatibility,
  type RemoteAppModule,
  type RemoteEntry,
  type RemoteModules,
  type RemoteName,
  type RemotesConfig,
} from 'shared-contracts';

export type LoadResult =
  | { ok: true; module: RemoteAppModule }
  | { ok: false; kind: 'unreachable' | 'incompatible' | 'invalid'; message: string };

export interface RemoteRuntime {
  /** (Re)registers the remote; force drops whatever the runtime cached from a failed attempt. */
  register(entry: { name: string; entry: string }, force: boolean): void;
  load(id: string): Promise<unknown>;
}

const isLifecycle = (value: unknown) =>
  typeof value === 'function' || (Array.isArray(value) && value.every((fn) => typeof fn === 'function'));

function asRemoteApp(value: unknown): RemoteAppModule | null {
  if (!value || typeof value !== 'object') return null;
  const mod = value as Record<string, unknown>;
  if (!isLifecycle(mod.bootstrap) || !isLifecycle(mod.mount) || !isLifecycle(mod.unmount)) return null;
  return mod as unknown as RemoteAppModule;
}

/**
 * Loads a remote's single-spa application and checks it against the shell's contract version.
 * Never throws: every failure becomes a result the shell can show as that area's fallback.
 */
export async function loadRemoteApp(
  runtime: RemoteRuntime,
  entry: RemoteEntry,
  options: { force?: boolean; hostVersion?: string } = {},
): Promise<LoadResult> {
  const scope = REMOTE_SCOPES[entry.name as RemoteName];
  try {
    runtime.register({ name: scope, entry: entry.manifestUrl }, options.force ?? false);
    const loaded = await runtime.load(`${scope}/${REMOTE_APP_MODULE.slice(2)}`);
    const app = asRemoteApp(loaded);
    if (!app) {
      return {
        ok: false,
        kind: 'invalid',
        message: `${entry.name} does not expose a single-spa application`,
      };
    }
    const compat = checkContractCompatibility(options.hostVersion ?? CONTRACT_VERSION, app.contractVersion);
    if (!compat.ok) return { ok: false, kind: 'incompatible', message: `${entry.name}: ${compat.reason}` };
    return { ok: true, module: app };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: 'unreachable', message: `${entry.name} could not be loaded: ${message}` };
  }
}

/**
 * Modules other remotes expose (host.remotes), at the entry the run-time remotes config names: the
 * builder's preview renders mfe-form's `./FormRenderer` this way. A remote that failed to load is
 * registered again (force) on the next call, as the areas do.
 */
export function remoteModules(runtime: RemoteRuntime, config: () => Promise<RemotesConfig>): RemoteModules {
  const failed = new Set<RemoteName>();
  return {
    async load<T>(name: RemoteName, module: string): Promise<T> {
      const entry = (await config()).remotes.find((r) => r.name === name);
      if (!entry) throw new Error(`${name} is not configured`);
      const scope = REMOTE_SCOPES[name];
      try {
        runtime.register({ name: scope, entry: entry.manifestUrl }, failed.has(name));
        const loaded = await runtime.load(`${scope}/${module.replace(/^\.\//, '')}`);
        if (loaded === null || loaded === undefined) throw new Error(`${name} did not answer ${module}`);
        failed.delete(name);
        return loaded as T;
      } catch (error) {
        failed.add(name);
        throw error;
      }
    },
  };
}
