import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_DEFAULT_PORTS, REMOTE_NAMES, remoteUrlEnvVar, type RemotesConfig } from 'shared-contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BffConfig {
  port: number;
  host: string;
  /** Folder holding the shell's production build (index.html + assets). */
  shellDist: string;
  remotes: RemotesConfig;
  version: string;
}

/** Everything the BFF needs comes from its environment, so one build serves every deployment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const remotesHost = env.REMOTES_HOST ?? '127.0.0.1';
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '127.0.0.1',
    shellDist: env.SHELL_DIST ?? path.join(repoRoot, 'packages/shell/dist'),
    version: env.APP_VERSION ?? '1.0.0',
    remotes: {
      remotes: REMOTE_NAMES.map((name) => ({
        name,
        manifestUrl:
          env[remoteUrlEnvVar(name)] ??
          `http://${remotesHost}:${REMOTE_DEFAULT_PORTS[name]}/mf-manifest.json`,
      })),
    },
  };
}
