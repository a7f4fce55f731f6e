// Builds the shell and each remote into its own dist folder (two at a time: this machine has 2 cores).
// DIST_ROOT=<dir> builds into <dir>/<name> instead (see distDir in system.mjs).
import path from 'node:path';
import { root, runAsync } from './lib.mjs';
import fs from 'node:fs';
import { devPagesDir, distDir } from './system.mjs';

export const FRONTENDS = ['shell', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder'];
/** Remotes with standalone pages (playgrounds), built only in development: beside dist, for the test system. */
export const WITH_DEV_PAGES = ['mfe-form', 'mfe-builder'];

export async function buildFrontends(names = FRONTENDS) {
  const queue = [...names];
  const failures = [];
  const webpack = path.join(root, 'node_modules/.bin/webpack');
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      console.log(`» building ${name}`);
      const code = await runAsync(webpack, ['--mode', 'production'], {
        cwd: path.join(root, name),
        env: { ...process.env, MF_OUT_DIR: distDir(name) },
      });
      if (code !== 0) failures.push(name);
      else if (fs.existsSync(path.join(distDir(name), 'pages')))
        failures.push(`${name} (pages/ in a production build)`);
      if (code !== 0 || !WITH_DEV_PAGES.includes(name)) continue;
      // The playgrounds the Chromium suites open, in their own folder: never in the production dist.
      console.log(`» building ${name}'s development pages`);
      const pages = await runAsync(webpack, ['--mode', 'development', '--env', 'pagesOnly'], {
        cwd: path.join(root, name),
        env: { ...process.env, MF_OUT_DIR: distDir(name), MF_PAGES_DIR: devPagesDir(name) },
      });
      if (pages !== 0) failures.push(`${name} (development pages)`);
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures.length) throw new Error(`build failed: ${failures.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildFrontends(process.argv.length > 2 ? process.argv.slice(2) : FRONTENDS);
}
