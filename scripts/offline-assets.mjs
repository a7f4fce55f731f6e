// Adds `metaData.offlineAssets` to a remote's mf-manifest.json: every script (and WebAssembly) file the build emitted
// (but the standalone pages'), so the shell's service worker can keep a complete copy of this version
// of the remote. The manifest's own lists miss chunks an exposed module imports lazily, and the
// manifest is the one file that names a version's entry, so the list travels with it: a copy read
// from one manifest can never mix versions. (Module Federation's `manifest.additionalData` hook: the
// manifest copies `metaData` from the stats it is given.)
export const OFFLINE_ASSETS_FIELD = 'offlineAssets';

/** @param {{ stats: { metaData: Record<string, unknown> }, compilation: { assets: Record<string, unknown> } }} options */
export function addOfflineAssets({ stats, compilation }) {
  stats.metaData[OFFLINE_ASSETS_FIELD] = Object.keys(compilation.assets)
    .filter((name) => (name.endsWith('.js') || name.endsWith('.wasm')) && !name.startsWith('pages/'))
    .sort();
  return stats;
}
