import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingStyleConfigs, repoRoot } from 'shared-contracts/testing/chakra-styles';
import { shellTheme } from './theme';

describe("the shell's Chakra theme", () => {
  it('has the style config of every Chakra component the shell renders (a missing one renders unstyled)', () => {
    const missing = missingStyleConfigs(shellTheme, {
      dirs: [path.join(repoRoot, 'shell/src'), path.join(repoRoot, 'shared-contracts/src')],
    });
    expect(missing).toEqual([]);
  });
});
