import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  chakraImports,
  repoRoot as root,
  sourceFiles as sources,
} from 'shared-contracts/testing/chakra-styles';

const here = path.dirname(fileURLToPath(import.meta.url));
// The front ends, and shared-contracts' React parts they bundle (remote-app, theme, app-link, icons).
const FRONT_ENDS = ['shell', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder', 'shared-contracts'];
const curated = new Set(
  [...(readFileSync(path.join(here, 'chakra.ts'), 'utf8').match(/export \{([^}]*)\}/)?.[1] ?? '').split(',')]
    .map((name) => name.trim())
    .filter(Boolean),
);

describe('the shared Chakra module', () => {
  it("has no part that takes Chakra's full default theme (every component's styles) into the shared module", () => {
    // In the builds, Chakra's own `theme` is its base theme (chakra-theme.ts): these would be the base
    // provider and extendBaseTheme under another name. Front ends use ChakraBaseProvider with their
    // theme from shared-contracts/theme.
    expect([...curated].filter((name) => ['ChakraProvider', 'extendTheme', 'theme'].includes(name))).toEqual(
      [],
    );
  });

  it('provides every Chakra name the front ends import (a missing one would be undefined at run time)', () => {
    const missing = FRONT_ENDS.flatMap((pkg) =>
      sources(path.join(root, pkg, 'src')).flatMap((file) =>
        chakraImports(readFileSync(file, 'utf8'))
          .filter((name) => !curated.has(name))
          .map((name) => `${path.relative(root, file)}: ${name}`),
      ),
    );
    expect(curated.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('lists nothing the front ends and shared-contracts do not import (every name is code every page loads)', () => {
    const used = new Set(
      [...FRONT_ENDS, 'shared-contracts'].flatMap((pkg) =>
        sources(path.join(root, pkg, 'src')).flatMap((file) => chakraImports(readFileSync(file, 'utf8'))),
      ),
    );
    expect([...curated].filter((name) => !used.has(name))).toEqual([]);
  });

  it('is the only way the front ends reach Chakra (no namespace, default or subpath imports)', () => {
    const other = FRONT_ENDS.flatMap((pkg) =>
      sources(path.join(root, pkg, 'src'))
        .filter((file) => !file.startsWith(here))
        .filter((file) =>
          /import\s+(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s*from\s*'@chakra-ui\/react|from\s*'@chakra-ui\/react\/|import\('@chakra-ui\/react/.test(
            readFileSync(file, 'utf8'),
          ),
        )
        .map((file) => path.relative(root, file)),
    );
    expect(other).toEqual([]);
  });
});
