/**
 * Which Chakra style configs a front end's theme must hold (subpath
 * `test-kit/chakra-styles`). The product's providers are Chakra's base provider with
 * a theme of only the component styles a front end renders (ui-kit/theme); a component
 * whose style config its theme lacks renders unstyled, silently. These helpers read the Chakra names
 * a front end's sources import, follow each through Chakra UI's own sources to the style-config keys
 * it asks for (`useStyleConfig("Button")`, `useMultiStyleConfig("Modal")`, the Drawer's
 * `theme.components?.Drawer`, and those of the parts it renders: an AlertDialog is a Modal, a Button
 * shows a Spinner while loading, a toast is an Alert with a CloseButton), and list what a theme misses.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { components as defaultComponents } from '@chakra-ui/theme/components';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root (this file is test-kit/src/). */
export const repoRoot = path.resolve(here, '../..');

/** A package's TypeScript sources under `dir`, tests excluded. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * Value names (not `import type`, not `type X`) a source imports from '@chakra-ui/react', or with
 * `part: 'extra'` from the second shared part, '@chakra-ui/react-extra' (home's and the shell's
 * dialogs and drawers, loaded on first use), or with `part: 'both'` from either.
 */
export function chakraImports(source: string, part: 'first' | 'extra' | 'both' = 'first'): string[] {
  const names: string[] = [];
  const from = { first: '', extra: '-extra', both: '(?:-extra)?' }[part];
  const re = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*'@chakra-ui\\/react${from}'`, 'g');
  for (const m of source.matchAll(re)) {
    if (m[1]) continue;
    for (const piece of (m[2] ?? '').split(',')) {
      const name = piece.trim().split(/\s+as\s+/)[0] ?? '';
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

const requireFromContracts = createRequire(import.meta.url);
const chakraDir = path.dirname(requireFromContracts.resolve('@chakra-ui/react/package.json'));
const esmDir = path.join(chakraDir, 'dist/esm');

/** Each name Chakra UI's own modules export, and the module (dist/esm) it comes from. */
const definedIn = (() => {
  const map = new Map<string, string>();
  const index = readFileSync(path.join(esmDir, 'index.mjs'), 'utf8');
  for (const m of index.matchAll(/export \{([^}]*)\} from '(\.[^']+)'/g))
    for (const part of (m[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) map.set((alias ?? name).trim(), path.join(esmDir, m[2] ?? ''));
    }
  return map;
})();

/** Names @chakra-ui/react re-exports whole from its dependencies (hooks, styled-system, theme). */
const reExported = (() => {
  const requireFromChakra = createRequire(path.join(chakraDir, 'package.json'));
  const index = readFileSync(path.join(esmDir, 'index.mjs'), 'utf8');
  const names = new Set<string>();
  for (const m of index.matchAll(/export \* from '([^.][^']*)'/g))
    for (const name of Object.keys(requireFromChakra(m[1] ?? '') as object)) names.add(name);
  return names;
})();

const keysOfModule = new Map<string, Set<string>>();

/** Style-config keys a Chakra module and the Chakra modules it imports ask for. */
function moduleKeys(file: string, visiting = new Set<string>()): Set<string> {
  const known = keysOfModule.get(file);
  if (known) return known;
  const keys = new Set<string>();
  if (visiting.has(file)) return keys;
  visiting.add(file);
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/use(?:Multi)?StyleConfig\(\s*"(\w+)"|theme\.components\?\.(\w+)/g))
    keys.add((m[1] ?? m[2]) as string);
  for (const m of source.matchAll(/from '(\.[^']+)'/g))
    for (const key of moduleKeys(path.resolve(path.dirname(file), m[1] ?? ''), visiting)) keys.add(key);
  visiting.delete(file);
  keysOfModule.set(file, keys);
  return keys;
}

/** Keys Chakra's default theme has styles for (others, e.g. Text or Icon, are unstyled by default). */
const styledKeys = new Set(Object.keys(defaultComponents));

/**
 * The style-config keys (of Chakra's default theme) a Chakra export needs. Throws for a name Chakra
 * does not export, so a renamed or moved component cannot silently need nothing.
 */
export function styleKeysOf(name: string): string[] {
  const file = definedIn.get(name);
  if (!file) {
    if (reExported.has(name)) return [];
    throw new Error(`@chakra-ui/react exports no ${name}`);
  }
  return [...moduleKeys(file)].filter((key) => styledKeys.has(key)).sort();
}

export interface StyleNeeds {
  /** The front end's source folders (their Chakra imports count). */
  dirs: string[];
  /** Chakra names the provider renders on its own, e.g. `useToast` for one that draws the toasts. */
  alsoRenders?: string[];
}

/**
 * What `theme` lacks for the components the sources in `needs.dirs` import: one line per missing
 * key, naming the file and the import that needs it (empty when the theme has them all).
 */
export function missingStyleConfigs(
  theme: { components?: Record<string, unknown> },
  needs: StyleNeeds,
): string[] {
  const has = new Set(Object.keys(theme.components ?? {}));
  const uses = [
    ...needs.dirs.flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        chakraImports(readFileSync(file, 'utf8'), 'both').map((name) => ({
          where: path.relative(repoRoot, file),
          name,
        })),
      ),
    ),
    ...(needs.alsoRenders ?? []).map((name) => ({ where: 'the provider', name })),
  ];
  const missing = new Set<string>();
  for (const { where, name } of uses)
    for (const key of styleKeysOf(name)) if (!has.has(key)) missing.add(`${where}: ${name} needs ${key}`);
  return [...missing].sort();
}
