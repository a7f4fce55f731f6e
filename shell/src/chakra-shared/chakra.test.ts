import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chakraImports, repoRoot as root, sourceFiles as sources } from 'test-kit/chakra-styles';

const here = path.dirname(fileURLToPath(import.meta.url));
// The front ends, and ui-kit's React parts they bundle (remote-app, theme, app-link, icons).
const FRONT_ENDS = ['shell', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder', 'ui-kit'];
/** The names a curated module (chakra.ts, chakra-extra.ts) re-exports. */
const namesOf = (file: string) =>
  new Set(
    [...(readFileSync(path.join(here, file), 'utf8').match(/export \{([^}]*)\}/)?.[1] ?? '').split(',')]
      .map((name) => name.trim())
      .filter(Boolean),
  );
const curated = namesOf('chakra.ts');
const extra = namesOf('chakra-extra.ts');
/** Front ends whose builds take the second part too (`chakraExtra` in their webpack config). */
const WITH_EXTRA = ['mfe-form', 'mfe-builder'];

describe('the shared Chakra module', () => {
  it("has no part that takes Chakra's full default theme (every component's styles) into the shared module", () => {
    // In the builds, Chakra's own `theme` is its base theme (chakra-theme.ts): these would be the base
    // provider and extendBaseTheme under another name. Front ends use ChakraBaseProvider with their
    // theme from ui-kit/theme.
    expect([...curated].filter((name) => ['ChakraProvider', 'extendTheme', 'theme'].includes(name))).toEqual(
      [],
    );
  });

  it('provides every Chakra name the front ends import (a missing one would be undefined at run time)', () => {
    // The shell, home, sign-in and ui-kit: the first part only (the second is not loaded
    // for them); form and builder: both parts.
    const missing = FRONT_ENDS.flatMap((pkg) =>
      sources(path.join(root, pkg, 'src')).flatMap((file) => [
        ...chakraImports(readFileSync(file, 'utf8'))
          .filter((name) => !curated.has(name) && !(WITH_EXTRA.includes(pkg) && extra.has(name)))
          .map((name) => `${path.relative(root, file)}: ${name}`),
        // The second part by its own name (home's and the shell's dialogs and drawers, on first use).
        ...chakraImports(readFileSync(file, 'utf8'), 'extra')
          .filter((name) => !extra.has(name))
          .map((name) => `${path.relative(root, file)}: ${name} (from @chakra-ui/react-extra)`),
      ]),
    );
    expect(curated.size).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('lists nothing the front ends and ui-kit do not import (every name is code every page loads)', () => {
    const used = new Set(
      [...FRONT_ENDS, 'ui-kit'].flatMap((pkg) =>
        sources(path.join(root, pkg, 'src')).flatMap((file) => chakraImports(readFileSync(file, 'utf8'))),
      ),
    );
    expect([...curated].filter((name) => !used.has(name))).toEqual([]);
  });

  it('has a second part only form and builder use, each name in one part, and their builds take it', () => {
    expect(extra.size).toBeGreaterThan(20);
    expect([...extra].filter((name) => curated.has(name))).toEqual([]);
    const usedByOthers = new Set(
      FRONT_ENDS.filter((pkg) => !WITH_EXTRA.includes(pkg)).flatMap((pkg) =>
        sources(path.join(root, pkg, 'src')).flatMap((file) => chakraImports(readFileSync(file, 'utf8'))),
      ),
    );
    const usedByExtraOnes = new Set([
      ...WITH_EXTRA.flatMap((pkg) =>
        sources(path.join(root, pkg, 'src')).flatMap((file) => chakraImports(readFileSync(file, 'utf8'))),
      ),
      ...FRONT_ENDS.flatMap((pkg) =>
        sources(path.join(root, pkg, 'src')).flatMap((file) =>
          chakraImports(readFileSync(file, 'utf8'), 'extra'),
        ),
      ),
    ]);
    // Nothing in the second part that another front end needs, nothing in it nobody uses.
    expect([...extra].filter((name) => usedByOthers.has(name) || !usedByExtraOnes.has(name))).toEqual([]);
    for (const pkg of WITH_EXTRA)
      expect(readFileSync(path.join(root, pkg, 'webpack.config.mjs'), 'utf8')).toMatch(/chakraExtra: true/);
  });

  it('reaches the second part from the other front ends only in modules they load on first use (issue 46)', () => {
    // A module of home or the shell that imports '@chakra-ui/react-extra' is only ever import()ed: a
    // static import of it would bring the second part (Chakra's dialogs) back onto the first screen.
    const lazyOnly = FRONT_ENDS.filter((pkg) => !WITH_EXTRA.includes(pkg)).flatMap((pkg) => {
      const files = sources(path.join(root, pkg, 'src'));
      const stemOf = (file: string) => path.basename(file).replace(/\.tsx?$/, '');
      const dynamic = files.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/import\('\.\/(?:[\w-]+\/)*([\w-]+)'\)/g)].map((m) => m[1]),
      );
      // Modules the package only import()s (home's corrective actions, its outbox): their own imports
      // are not on the first screen either.
      const lazyModules = new Set(files.filter((file) => dynamic.includes(stemOf(file))));
      const usesExtra = files.filter(
        (file) => !file.startsWith(here) && chakraImports(readFileSync(file, 'utf8'), 'extra').length > 0,
      );
      return usesExtra.flatMap((target) => {
        const stem = stemOf(target);
        // (`import type` is erased: it brings no code)
        const staticImport = new RegExp(`^import (?!type )[^;]*from '\\./(?:[\\w-]+/)*${stem}';`, 'm');
        return files
          .filter((file) => {
            const text = readFileSync(file, 'utf8');
            // Only an importer on the first screen counts: not one the package import()s, nor one that
            // imports the second part itself (and so is checked in turn).
            return (
              staticImport.test(text) && chakraImports(text, 'extra').length === 0 && !lazyModules.has(file)
            );
          })
          .map((file) => `${path.relative(root, file)} imports ${path.relative(root, target)}`);
      });
    });
    expect(lazyOnly).toEqual([]);
  });

  // (The shell asks for the second part by its share key when it loads form or builder: register-apps.tsx.)
  it('is the only way the front ends reach Chakra (no namespace, default or subpath imports)', () => {
    const other = FRONT_ENDS.flatMap((pkg) =>
      sources(path.join(root, pkg, 'src'))
        .filter((file) => !file.startsWith(here))
        .filter((file) =>
          /import\s+(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s*from\s*'@chakra-ui\/react|from\s*'@chakra-ui\/react\/|import\('@chakra-ui\/react(?!-extra')/.test(
            readFileSync(file, 'utf8'),
          ),
        )
        .map((file) => path.relative(root, file)),
    );
    expect(other).toEqual([]);
  });
});
