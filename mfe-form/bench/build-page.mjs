/** Bundles the bench page (page.tsx) with esbuild into a temporary directory; shared by run.mjs and profile.mjs. */
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Returns the directory holding index.html and page.js. `keepNames: false` for CPU profiles: esbuild's
 * name wrapper hides arrow functions' inferred names from the profiler (components keep theirs).
 */
export const buildPage = async ({ keepNames = true } = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'renderer-bench-'));
  await build({
    entryPoints: [join(here, 'page.tsx')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'page.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    minify: false,
    keepNames,
    logLevel: 'error',
  });
  // The commit hook must exist before react-dom loads (React injects into it at start-up).
  const hook = `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; },
  onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {}, isDisabled: false };`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><script>${hook}</script></head><body><div id="root"></div><script src="page.js"></script></body></html>`,
  );
  return dir;
};
