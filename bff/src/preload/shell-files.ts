import fs from 'node:fs';
import path from 'node:path';

/** preload.json in the shell's build (scripts/shell-preload-plugin.mjs): files per dynamic import. */
export interface ShellFiles {
  /** What the async boundary fetches on every page: bootstrap, React, single-spa. */
  boot: string[];
  /** The full header and what it needs (Chakra): every page but the signed-out sign-in screens. */
  fullHeader: string[];
}

const NONE: ShellFiles = { boot: [], fullHeader: [] };
/** A build's own file name: no path, no query, nothing to escape in a header. */
const FILE = /^[\w.-]+\.js$/;

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string' && FILE.test(f)) : [];

/**
 * Reads the shell build's preload.json, again whenever the file changes (a shell deploy copies a new
 * build in while the BFF runs). No file, or a broken one: no hints.
 */
export function shellFiles(dist: string): () => ShellFiles {
  const file = path.join(dist, 'preload.json');
  let cached: { mtimeMs: number; size: number; files: ShellFiles } | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      cached = null;
      return NONE;
    }
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.files;
    let files = NONE;
    try {
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      files = { boot: list(json.boot), fullHeader: list(json.fullHeader) };
    } catch {
      // half-written or not ours: NONE until it changes again
    }
    cached = { mtimeMs: stat.mtimeMs, size: stat.size, files };
    return files;
  };
}
