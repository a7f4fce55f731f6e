import { REMOTE_APP_MODULE } from 'shared-contracts';
import type { PreloadHint } from './hints';

/** At most this many files of one remote are hinted: a manifest listing more is not what we build. */
const MAX_REMOTE_FILES = 12;

const str = (v: unknown): v is string => typeof v === 'string';
const strings = (v: unknown): string[] => (Array.isArray(v) && v.every(str) ? v : []);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * What loading a remote's `./app` fetches, read from its Module Federation manifest (mf-manifest.json):
 * its entry and the exposed module's own files. The shared modules it lists are not hinted: the shell
 * loads first and provides them (`loaded-first`), so the remote's copies are never fetched.
 * URLs resolve as the MF runtime resolves them: against the manifest's URL when publicPath is `auto`,
 * else against publicPath. Anything unexpected (no entry, a publicPath computed at run time, a file on
 * another origin, not http(s)) gives no hints rather than a guess.
 */
export function remoteAppHints(manifestUrl: string, manifest: unknown): PreloadHint[] {
  try {
    const meta = record(record(manifest).metaData);
    const entry = record(meta.remoteEntry);
    if (!str(entry.name) || !entry.name || !str(meta.publicPath)) return [];
    const base = new URL(meta.publicPath === 'auto' ? '.' : meta.publicPath, manifestUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') return [];
    const entryPath = str(entry.path) && entry.path ? `${entry.path.replace(/\/+$/, '')}/` : '';
    const exposed = (Array.isArray(record(manifest).exposes) ? (record(manifest).exposes as unknown[]) : [])
      .map(record)
      .find((e) => e.path === REMOTE_APP_MODULE);
    const files = strings(record(record(exposed?.assets).js).sync);
    const urls = [new URL(entryPath + entry.name, base), ...files.map((f) => new URL(f, base))];
    if (urls.length > MAX_REMOTE_FILES + 1 || urls.some((u) => u.origin !== base.origin)) return [];
    return urls.map((u) => ({ url: u.href, as: 'script', crossorigin: true }));
  } catch {
    return []; // an unparsable URL in the manifest
  }
}
