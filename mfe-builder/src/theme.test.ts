import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingStyleConfigs, repoRoot } from 'test-kit/chakra-styles';
import { builderTheme } from './theme';

describe("mfe-builder's Chakra theme", () => {
  it('has the style config of every Chakra component the builder renders and of its toasts', () => {
    const missing = missingStyleConfigs(builderTheme, {
      dirs: [path.join(repoRoot, 'mfe-builder/src'), path.join(repoRoot, 'ui-kit/src')],
      // The remote's provider draws the page's toasts (shell/src/layout/theme.ts).
      alsoRenders: ['useToast'],
    });
    expect(missing).toEqual([]);
  });
});
