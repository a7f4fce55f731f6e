// One webpack + Module Federation setup for the shell and every remote, so shared singletons and
// the share strategy can never drift between packages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ShellPreloadPlugin } from './shell-preload-plugin.mjs';
import { addOfflineAssets } from './offline-assets.mjs';

// The ESM build of the plugin that hands the shell's MF runtime to the remotes (externalRuntime).
// `experiments.provideExternalRuntime` would add its CommonJS build, which pulls in a second, CommonJS
// copy of the whole runtime beside the ESM one the bundler runtime uses (~100 KB minified, ~11 KB br).
const injectExternalRuntimePlugin = (() => {
  const enhanced = createRequire(fileURLToPath(import.meta.resolve('@module-federation/enhanced/webpack')));
  const cjs = enhanced.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esm = path.join(path.dirname(cjs), 'index.js');
  if (!fs.existsSync(esm)) throw new Error(`no ESM build of the external-runtime plugin beside ${cjs}`);
  return esm;
})();

// Chakra UI's framer-motion import goes to a shim whose motion elements load framer's features
// (animations, gestures, layout: ~25 KB br) the first time one of them animates, not with the first
// page (see the shim). Applies to every build's Chakra copy, so whichever provides the shared module
// behaves the same.
const chakraMotion = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../shell/src/chakra-motion/motion.tsx',
);

// Chakra UI's own '@chakra-ui/theme' import goes to a module whose `theme` is the base theme: the
// package's full default theme holds every component's style config (~10 KB br) and bundlers keep it
// whenever the base theme is used. Each front end's theme brings the component styles it renders
// (ui-kit/theme; see the file).
const chakraTheme = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../shell/src/chakra-shared/chakra-theme.ts',
);

// The shared Chakra module is a curated list of the components the front ends use (see the file), so
// webpack tree-shakes the package instead of sharing all of it. Its version is the package's, not
// the shell's (the file's own package.json).
const here = path.dirname(fileURLToPath(import.meta.url));
const chakraShared = path.join(here, '../shell/src/chakra-shared/chakra.ts');
const shellRequire = createRequire(path.join(here, '../shell/package.json'));
const chakraVersion = shellRequire('@chakra-ui/react/package.json').version;
const uiKitVersion = JSON.parse(fs.readFileSync(path.join(here, '../ui-kit/package.json'), 'utf8')).version;
// The package itself, under a request the shared-module config does not match (chakra.ts).
const chakraFull = path.join(
  path.dirname(shellRequire.resolve('@chakra-ui/react/package.json')),
  'dist/esm/index.mjs',
);

// Its second part: the components only the form and the builder use (chakra-extra.ts), a shared
// module of its own that only the shell's build provides (so both parts come from one copy of Chakra,
// one set of React contexts), and that the builds using it (`chakraExtra`) consume without a copy of
// their own. In those builds `@chakra-ui/react` is chakra-all.mjs: both parts.
const chakraExtraModule = path.join(here, '../shell/src/chakra-shared/chakra-extra.ts');
const chakraAll = path.join(here, '../shell/src/chakra-shared/chakra-all.mjs');
const chakraExtraShared = { singleton: true, requiredVersion: `^${chakraVersion}`, version: chakraVersion };
/** `@chakra-ui/react` requests (but chakra-all.mjs's own) go to chakra-all.mjs, before MF sees them. */
const chakraBothParts = () =>
  new webpack.NormalModuleReplacementPlugin(/^@chakra-ui\/react$/, (resolveData) => {
    if (resolveData.contextInfo?.issuer !== chakraAll) resolveData.request = chakraAll;
  });

// The modules the `chakra` chunk gathers around (see splitChunks): those every page with Chakra
// loads, and the part only form and builder use (whose modules in common with them join the chunk).
const chakraFirstRoots = new Set([chakraShared, path.join(here, '../ui-kit/src/theme.ts')]);
const chakraRoots = new Set([...chakraFirstRoots, chakraExtraModule]);

// Browser-only MF runtime: drops its Node script loaders.
const mfOptimization = { target: 'web' };

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

/** The singletons of ARCHITECTURE.md: React must load exactly once, subpaths included. */
export const sharedSingletons = {
  react: singleton('^18.3.1'),
  'react/': singleton('^18.3.1'),
  'react-dom': singleton('^18.3.1'),
  'react-dom/': singleton('^18.3.1'),
  'single-spa': singleton('^6.0.3'),
  '@chakra-ui/react': { ...singleton('^2.10.10'), version: chakraVersion },
  // The product's Chakra themes: the style configs of the components the shell and home render, once
  // per page (each front end's provider takes them from here; form and builder add their own).
  'ui-kit/theme': { ...singleton('^1.0.0'), version: uiKitVersion },
  '@emotion/react': singleton('^11.14.0'),
  '@emotion/styled': singleton('^11.14.1'),
  // framer-motion is deliberately not shared: only Chakra imports it (through the chakraMotion shim), so
  // its small core is bundled inside the shared Chakra module and its features are a lazy chunk of the
  // same build; sharing it whole cost ~10 KB br at first paint.
};

// Precompressed copies: the static origins serve .gz/.br when the browser accepts them.
const compression = () => [
  new CompressionPlugin({ test: /\.(js|html|json|wasm)$/, algorithm: 'gzip', filename: '[path][base].gz' }),
  new CompressionPlugin({
    test: /\.(js|html|json|wasm)$/,
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
  }),
];

function base({ dir, name, mode }) {
  const outDir = process.env.MF_OUT_DIR ? path.resolve(process.env.MF_OUT_DIR) : path.join(dir, 'dist');
  return {
    mode,
    context: dir,
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: name,
      filename: '[name].[contenthash:12].js',
      chunkFilename: '[name].[contenthash:12].js',
      // CORS script loads, so the service worker can cache other origins' code as real responses.
      crossOriginLoading: 'anonymous',
      // A development build keeps the standalone pages (built by their own compiler into a subfolder)
      // when the remote rebuilds; a production build has none (they are built only in development).
      clean: mode === 'production' ? true : { keep: /^pages\// },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // `@chakra-ui/react` is the curated module, in every build, as the provided shared module and
      // as its fallback alike (one module: a separate `import` path gets provided in child
      // compilers too, and a separate request becomes a second copy).
      alias: {
        '@chakra-ui/react$': chakraShared,
        '@chakra-ui/react-extra$': chakraExtraModule,
        '@chakra-ui/react-full$': chakraFull,
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
        {
          test: /[\\/]node_modules[\\/](?:.+[\\/])?@chakra-ui[\\/]react[\\/]/,
          resolve: { alias: { 'framer-motion$': chakraMotion, '@chakra-ui/theme$': chakraTheme } },
        },
        // A language's catalog (issue 44): its ICU messages compiled at build time (ui-kit/src/i18n.ts).
        {
          test: /[\\/]i18n[\\/][A-Za-z-]+\.json$/,
          type: 'javascript/auto',
          loader: fileURLToPath(new URL('./i18n-catalog-loader.mjs', import.meta.url)),
        },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|svg|jpe?g)$/, type: 'asset' },
        // WebAssembly a library loads itself (`new URL('….wasm', import.meta.url)`, e.g. the barcode
        // scanner's ZXing): a content-hashed file of the build, kept in the offline copy.
        {
          test: /\.wasm$/,
          type: 'asset/resource',
          generator: { filename: '[name].[contenthash:12][ext]' },
        },
        // The report's script fonts (report/src/font-files-browser.ts): files of their own, fetched
        // only when a report's text needs the face; Arabic and Hebrew kept by the offline copy after
        // it is complete, CJK for a user whose language writes with it, and any face as fetched
        // (offline-assets.mjs, shell/src/sw/sw.ts).
        {
          test: /\.woff$/,
          type: 'asset/resource',
          generator: { filename: 'fonts/[name].[contenthash:12][ext]' },
        },
      ],
    },
    // Named chunks keep network logs readable (tests look for the react-dom chunk by name).
    optimization: {
      chunkIds: 'named',
      moduleIds: 'deterministic',
      splitChunks: {
        cacheGroups: {
          // @emotion/react and @emotion/styled are separate shared modules with common internals
          // (serialize, hash, unitless, utils): one chunk for both instead of a copy in each.
          emotion: {
            test: /[\\/]node_modules[\\/](?:.+[\\/])?(?:@emotion|stylis)[\\/]/,
            name: 'emotion',
            chunks: 'async',
            enforce: true,
          },
          // The shared Chakra module and the product's themes (ui-kit/theme) load together
          // on every page with Chakra: one chunk for them and whatever only they use from
          // node_modules, instead of four files (each module's own and a vendors chunk each): one
          // file compresses better, 7 KB br less when measured. So are the modules they have in
          // common with the second part (chakra-extra.ts) only form and builder load. A module some
          // other chunk uses too keeps the default split, so nothing pulls this chunk onto the
          // sign-in page.
          chakra: {
            test: (module, { chunkGraph }) => {
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              const holds = (roots) => (chunk) =>
                [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => roots.has(m.resource));
              return (
                chunks.length > 0 && chunks.every(holds(chakraRoots)) && chunks.some(holds(chakraFirstRoots))
              );
            },
            name: 'chakra',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(dir, 'node_modules/.cache/webpack', name),
      // A change to this shared setup (aliases, chunking) must not be answered from the old cache.
      buildDependencies: { config: [fileURLToPath(import.meta.url)] },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A remote: exposes its single-spa application as ./app, served from its own origin. `chakraExtra`:
 * it uses the Chakra components of the second shared part (chakra-extra.ts): `true`, everywhere (its
 * `@chakra-ui/react` is both parts); `'on-first-use'`, only in modules it loads lazily, which import
 * them from `@chakra-ui/react-extra` (home's dialogs and drawers: not with its first screen, issue 46).
 */
export function remoteConfig({
  dir,
  name,
  scope,
  exposes = {},
  shared = sharedSingletons,
  chakraExtra = false,
  prerender,
}) {
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    return {
      ...base({ dir, name, mode }),
      entry: {},
      plugins: [
        new webpack.DefinePlugin({
          'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? ''),
          'process.env.CONTRACT_VERSION_OVERRIDE': JSON.stringify(
            process.env.CONTRACT_VERSION_OVERRIDE ?? '',
          ),
        }),
        new ModuleFederationPlugin({
          name: scope,
          filename: 'remoteEntry.[contenthash:12].js',
          exposes: { './app': './src/app.tsx', ...exposes },
          shared: chakraExtra
            ? { ...shared, '@chakra-ui/react-extra': { ...chakraExtraShared, import: false } }
            : shared,
          shareStrategy: 'loaded-first',
          manifest: { additionalData: addOfflineAssets },
          dts: false,
          // The shell provides the MF runtime; each remote entry would otherwise ship its own copy.
          experiments: { externalRuntime: true, optimization: mfOptimization },
        }),
        ...(chakraExtra === true ? [chakraBothParts()] : []),
        ...compression(),
        ...(prerender ? [new PrerenderPlugin(path.join(dir, prerender))] : []),
      ],
    };
  };
}

/**
 * Runs a remote's prerender script (a TypeScript file, through tsx) once the build is written, with
 * the output folder as its argument: the screens it writes ship beside the remote's manifest
 * (shared-contracts PRERENDERED_SCREENS). A failing script fails the build.
 */
class PrerenderPlugin {
  constructor(script) {
    this.script = script;
  }

  apply(compiler) {
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async (compilation) => {
      const out = compilation.outputOptions.path;
      const result = spawnSync(tsx, [this.script, out], { cwd: path.dirname(this.script), encoding: 'utf8' });
      if (result.status !== 0) {
        throw new Error(
          `prerender ${this.script} failed: ${result.stderr || result.error?.message || result.status}`,
        );
      }
    });
  }
}

/**
 * Copies the shell's public/ folder (the web app manifest and its icons) into the build as is: fixed
 * names, which the manifest and index.html refer to.
 */
class PublicFilesPlugin {
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          compilation.contextDependencies.add(this.dir);
          for (const file of fs.readdirSync(this.dir, { recursive: true })) {
            const full = path.join(this.dir, String(file));
            if (!fs.statSync(full).isFile()) continue;
            compilation.emitAsset(
              String(file).split(path.sep).join('/'),
              new sources.RawSource(fs.readFileSync(full)),
            );
          }
        },
      );
    });
  }
}

/** The shell: the host page; finds its remotes at run time from the BFF's /remotes.json. */
export function hostConfig({ dir, name }) {
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    return {
      ...base({ dir, name, mode }),
      entry: { main: './src/index.ts' },
      output: { ...base({ dir, name, mode }).output, publicPath: '/' },
      plugins: [
        new ModuleFederationPlugin({
          name: 'shell',
          remotes: {},
          // The second Chakra part: provided here (the shell asks for it when it loads form or builder,
          // register-apps.tsx), so it comes from the same copy of Chakra as the first.
          shared: { ...sharedSingletons, '@chakra-ui/react-extra': chakraExtraShared },
          shareStrategy: 'loaded-first',
          runtimePlugins: [path.join(dir, 'src/mf/runtime-plugin.ts'), injectExternalRuntimePlugin],
          dts: false,
          // The runtime's snapshot and preload plugins give way to the shell's own reading of the
          // remotes' manifests (shell/src/mf/manifest-entry.ts): ~3 KB br less on every page.
          experiments: { optimization: { ...mfOptimization, disableSnapshot: true } },
        }),
        new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
        new PublicFilesPlugin(path.join(dir, 'public')),
        // What the async boundary and the full header fetch, for the BFF's preload hints.
        new ShellPreloadPlugin({ boot: './bootstrap', fullHeader: './full-header' }),
        new InjectManifest({
          swSrc: './src/sw/sw.ts',
          swDest: 'sw.js',
          exclude: [
            /\.map$/,
            /\.gz$/,
            /\.br$/,
            /LICENSE/,
            /mf-stats\.json$/,
            /mf-manifest\.json$/,
            /preload\.json$/,
          ],
        }),
        ...compression(),
      ],
    };
  };
}

/**
 * A remote's build with its standalone pages (playgrounds): the pages only in development
 * (`--mode development`: remote and pages; `--env pagesOnly`: the pages alone, as scripts/build.mjs
 * builds them for the test system). A production build emits none.
 */
export function withDevPages(remote, pages) {
  return (env = {}, argv = {}) => {
    const dev = argv.mode === 'development';
    if (env.pagesOnly) {
      if (!dev) throw new Error('standalone pages are built only in development (--mode development)');
      return pages.map((p) => p(env, argv));
    }
    return [remote(env, argv), ...(dev ? pages.map((p) => p(env, argv)) : [])];
  };
}

/**
 * A standalone page served from a remote's own origin (e.g. mfe-form's /playground): a plain
 * bundle with its own React, outside Module Federation, written to <out>/pages/<page>/ (out:
 * MF_PAGES_DIR, else the remote's output folder). Built only in development (withDevPages).
 */
export function standalonePageConfig({ dir, name, page, entry, title, chakraExtra = false }) {
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    const config = base({ dir, name: `${name}-${page}`, mode });
    const out = process.env.MF_PAGES_DIR ? path.resolve(process.env.MF_PAGES_DIR) : config.output.path;
    return {
      ...config,
      entry: { [page]: entry },
      output: {
        ...config.output,
        path: path.join(out, 'pages', page),
        publicPath: `/pages/${page}/`,
        clean: true,
      },
      plugins: [
        new webpack.DefinePlugin({
          'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? ''),
        }),
        new HtmlWebpackPlugin({ title, filename: 'index.html', scriptLoading: 'defer' }),
        ...(chakraExtra ? [chakraBothParts()] : []),
        ...compression(),
      ],
    };
  };
}
