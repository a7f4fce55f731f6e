// Builds the shell and each remote into its own dist folder (two at a time: this machine has 2 cores).
// DIST_ROOT=<dir> builds into <dir>/<name> instead (see distDir in system.mjs).
import path from 'node:path';
import { root, runAsync } from './lib.mjs';
import { distDir } from './system.mjs';

export const FRONTENDS = ['shell', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder'];

export async function buildFrontends(names = FRONTENDS) {
  const queue = [...names];
  const failures = [];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      console.log(`» building ${name}`);
      const code = await runAsync(path.join(root, 'node_modules/.bin/webpack'), ['--mode', 'production'], {
        cwd: path.join(root, name),
        env: { ...process.env, MF_OUT_DIR: distDir(name) },
      });
      if (code !== 0) failures.push(name);
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures.length) throw new Error(`build failed: ${failures.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildFrontends(process.argv.length > 2 ? process.argv.slice(2) : FRONTENDS);
}
