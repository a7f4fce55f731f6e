// Writes `preload.json` into the shell's build: for each named dynamic import of the shell (e.g. the
// async boundary `import('./bootstrap')`, the full header's `import('./full-header')`), every script
// file that import makes the browser fetch: the import's own chunks and, for each shared module they
// consume (react, react-dom, Chakra…), the shell's own copy of it (the shell loads first, so under the
// `loaded-first` strategy its copies are the ones used). The BFF turns these lists into preload hints
// on the page (bff/src/preload/), so on a slow network these files are asked for with the page, not
// one round trip after main.js has run.
export const SHELL_PRELOAD_FILE = 'preload.json';

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

export class ShellPreloadPlugin {
  /** @param {Record<string, string>} groups name in preload.json → the import's request, e.g. `./bootstrap` */
  constructor(groups) {
    this.groups = groups;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ShellPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellPreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const out = {};
          for (const [name, request] of Object.entries(this.groups)) {
            const groups = [...compilation.chunkGroups].filter((g) =>
              g.origins.some((o) => o.request === request),
            );
            if (!groups.length) {
              compilation.errors.push(new Error(`ShellPreloadPlugin: no dynamic import of '${request}'`));
              continue;
            }
            out[name] = filesOf(compilation, groups);
          }
          compilation.emitAsset(
            SHELL_PRELOAD_FILE,
            new sources.RawSource(`${JSON.stringify(out, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * The JS files of these chunk groups' chunks and of the shared modules those chunks consume, sorted.
 * A consumed module is fetched from the shell's provided copy (its own chunk, which may differ from the
 * consume's fallback chunk), so that is the one followed.
 */
function filesOf(compilation, startGroups) {
  const { chunkGraph } = compilation;
  const provided = [...compilation.modules].filter((m) => m.type === PROVIDE_SHARED);
  const providerOf = (consume) => {
    const { shareKey, importResolved } = consume.options;
    const same = provided.filter((p) => p._name === shareKey);
    return same.find((p) => p._request === importResolved) ?? same[0];
  };
  const chunks = new Set();
  const queue = [...startGroups];
  for (let group = queue.shift(); group; group = queue.shift()) {
    for (const chunk of group.chunks) {
      if (chunks.has(chunk) || chunk.hasRuntime()) continue; // the entry (main.js) is the page's own script
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_SHARED) continue;
        for (const block of (providerOf(module) ?? module).blocks) {
          const group = chunkGraph.getBlockChunkGroup(block);
          if (group) queue.push(group);
        }
      }
    }
  }
  return [...chunks].flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js'))).sort();
}
