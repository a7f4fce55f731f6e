import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const FRONT_ENDS = ['shell', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Value names (not `import type`, not `type X`) a source imports from '@chakra-ui/react'. */
function chakraImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
    if (m[1]) continue;
    for (const part of (m[2] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0] ?? '';
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

const curated = new Set(
  [...(readFileSync(path.join(here, 'chakra.ts'), 'utf8').match(/export \{([^}]*)\}/)?.[1] ?? '').split(',')]
    .map((name) => name.trim())
    .filter(Boolean),
);

describe('the shared Chakra module', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(
      chakraImports(
        "import { Box, type BoxProps, Text as T } from '@chakra-ui/react';\nimport type { Theme } from '@chakra-ui/react';",
      ),
    ).toEqual(['Box', 'Text']);
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
