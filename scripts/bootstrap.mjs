// Installs what the product needs on a fresh Debian machine with Node and npm, without prompts:
// workspace dependencies through pinned pnpm, and (on request) Debian's chromium and redis-server.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pnpm, root, run } from './lib.mjs';

const want = new Set(process.argv.slice(2));

function depsUpToDate() {
  const marker = path.join(root, 'node_modules/.pnpm/lock.yaml');
  if (!fs.existsSync(marker)) return false;
  return fs.statSync(marker).mtimeMs >= fs.statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs;
}

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

let aptUpdated = false;
function aptInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    process.getuid?.() === 0
      ? run('apt-get', args, { env })
      : run('sudo', ['-E', 'apt-get', ...args], { env });
  if (!aptUpdated) apt(['update', '-qq']);
  aptUpdated = true;
  apt(['install', '-y', '-qq', '--no-install-recommends', pkg]);
}

if (!depsUpToDate()) {
  console.log('» installing workspace dependencies (pnpm)');
  pnpm(['install', '--frozen-lockfile', '--config.confirmModulesPurge=false']);
}
if (want.has('--chromium') && !fs.existsSync('/usr/bin/chromium')) {
  console.log("» installing Debian's chromium for the browser tests");
  aptInstall('chromium');
}
// the report's tests read its PDFs back as a reader would (pdftotext, pdftoppm): with the browser tests
if (want.has('--chromium') && !has('pdftotext')) {
  console.log("» installing Debian's poppler-utils (pdftotext) for the report's tests");
  aptInstall('poppler-utils');
}
if (want.has('--redis') && !has('redis-server')) {
  console.log("» installing Debian's redis-server for the shared-session tests");
  aptInstall('redis-server');
}
