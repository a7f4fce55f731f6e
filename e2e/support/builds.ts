import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** A package's deployed build: `$DIST_ROOT/<pkg>` when set (see scripts/system.mjs), else its dist. */
export const distOf = (pkg: string) =>
  process.env.DIST_ROOT ? path.resolve(process.env.DIST_ROOT, pkg) : path.join(repoRoot, pkg, 'dist');

/** Builds one package on its own into `outDir`, as a team would when deploying just that remote. */
export function buildPackage(pkg: string, outDir: string, env: Record<string, string> = {}): void {
  buildFolder(path.join(repoRoot, pkg), outDir, env);
}

/** Builds any folder with a webpack.config.mjs (packages, or test fixtures) into `outDir`. */
export function buildFolder(folder: string, outDir: string, env: Record<string, string> = {}): void {
  const pkg = path.basename(folder);
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/webpack'), ['--mode', 'production'], {
    cwd: folder,
    env: { ...process.env, ...env, MF_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`building ${pkg} failed:\n${result.stdout}\n${result.stderr}`);
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** Replaces a deployed folder's content with a build, the way a CDN upload would. */
export function deploy(build: string, target: string): void {
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(build, target, { recursive: true });
}

/** Content hash of every file in a folder: proves a package was not rebuilt. */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    out[path.relative(dir, file)] =
      `${stat.mtimeMs}:${crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
  }
  return out;
}
