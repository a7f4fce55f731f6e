import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingStyleConfigs, repoRoot } from 'test-kit/chakra-styles';
import { shellTheme } from './theme';

describe("the shell's Chakra theme", () => {
  it('has the style config of every Chakra component the shell renders (a missing one renders unstyled)', () => {
    const missing = missingStyleConfigs(shellTheme, {
      dirs: [path.join(repoRoot, 'shell/src'), path.join(repoRoot, 'ui-kit/src')],
    });
    expect(missing).toEqual([]);
  });
});
