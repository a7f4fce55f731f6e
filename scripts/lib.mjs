// Helpers for the repository scripts. Node built-ins only: these run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.8';

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

export function pnpm(args, options) {
  run('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], options);
}

/** Runs a command and resolves with its exit code, streaming its output. */
export function runAsync(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The workspace's packages (top-level folders), as pnpm-workspace.yaml lists them. */
export function workspacePackages() {
  const text = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = text.split(/\n(?=\S)/).find((block) => block.startsWith('packages:')) ?? '';
  return [...list.matchAll(/^\s+-\s+['"]?([\w.-]+)['"]?\s*$/gm)].map((m) => m[1]);
}
