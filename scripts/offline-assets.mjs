// Adds `metaData.offlineAssets` to a remote's mf-manifest.json: every script (and WebAssembly) file the build emitted
// (but the standalone pages'), so the shell's service worker can keep a complete copy of this version
// of the remote. The manifest's own lists miss chunks an exposed module imports lazily, and the
// manifest is the one file that names a version's entry, so the list travels with it: a copy read
// from one manifest can never mix versions. (Module Federation's `manifest.additionalData` hook: the
// manifest copies `metaData` from the stats it is given.)
//
// `metaData.offlineLaterAssets`: files the copy takes after it is complete, never holding up "Ready to
// work offline": the report's right-to-left script faces (report/src/font-files-browser.ts: Arabic
// and Hebrew, ~210 KB in 4 files), so an offline device renders them in its own report though it
// never made one before.
//
// `metaData.offlineLanguageAssetsFile`: the CJK faces by the language that writes with them (ja, zh,
// ko; ~10 MB each in ~250 unicode-range files, ~26 MB together), taken after the copy only for a user
// of that language (the page names the signed-in user's language to the worker). Any other face a
// report fetched the worker keeps as well (sw.ts). The list (~1,000 hashed names, 9.8 KB compressed)
// is its own file, named by its content's hash, with the languages it holds: in the manifest it was
// most of what every first visit to home fetched (issue 46), for the few users who need it.
import { createHash } from 'node:crypto';

export const OFFLINE_ASSETS_FIELD = 'offlineAssets';
export const OFFLINE_LATER_ASSETS_FIELD = 'offlineLaterAssets';
export const OFFLINE_LANGUAGE_ASSETS_FILE_FIELD = 'offlineLanguageAssetsFile';

/** The script faces an offline device's report may need that the copy keeps (the build's file names). */
export const OFFLINE_FONT_RE = /^fonts\/noto-sans-(arabic|hebrew)-[\w-]+\.[0-9a-f]{12}\.woff$/;

/**
 * The CJK faces per language (the base of Salesforce's language key: ja, zh_CN → zh, ko; Traditional
 * Chinese, zh_TW, zh_HK, zh-Hant: zh-Hant, shell/src/sw/offline-copy.ts).
 */
export const LANGUAGE_FONT_RES = {
  ja: /^fonts\/noto-sans-jp-\d+-(400|700)-normal\.[0-9a-f]{12}\.woff$/,
  zh: /^fonts\/noto-sans-sc-\d+-(400|700)-normal\.[0-9a-f]{12}\.woff$/,
  'zh-Hant': /^fonts\/noto-sans-tc-\d+-(400|700)-normal\.[0-9a-f]{12}\.woff$/,
  ko: /^fonts\/noto-sans-kr-\d+-(400|700)-normal\.[0-9a-f]{12}\.woff$/,
};

/**
 * @param {{
 *   stats: { metaData: Record<string, unknown> },
 *   compiler: { webpack: { sources: { RawSource: new (text: string) => unknown } } },
 *   compilation: { assets: Record<string, unknown>, emitAsset: (name: string, source: unknown) => void },
 * }} options
 */
export function addOfflineAssets({ stats, compiler, compilation }) {
  const names = Object.keys(compilation.assets).filter((name) => !name.startsWith('pages/'));
  stats.metaData[OFFLINE_ASSETS_FIELD] = names
    .filter((name) => name.endsWith('.js') || name.endsWith('.wasm'))
    .sort();
  stats.metaData[OFFLINE_LATER_ASSETS_FIELD] = names.filter((name) => OFFLINE_FONT_RE.test(name)).sort();
  /** @type {Record<string, string[]>} */
  const byLanguage = {};
  for (const [language, re] of Object.entries(LANGUAGE_FONT_RES)) {
    const files = names.filter((name) => re.test(name)).sort();
    if (files.length) byLanguage[language] = files;
  }
  const languages = Object.keys(byLanguage).sort();
  if (languages.length) {
    const text = JSON.stringify(byLanguage);
    const file = `offline-language-assets.${createHash('sha256').update(text).digest('hex').slice(0, 12)}.json`;
    compilation.emitAsset(file, new compiler.webpack.sources.RawSource(text));
    stats.metaData[OFFLINE_LANGUAGE_ASSETS_FILE_FIELD] = { file, languages };
  }
  return stats;
}
