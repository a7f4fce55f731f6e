import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingStyleConfigs, repoRoot } from 'test-kit/chakra-styles';
import { productTheme } from 'ui-kit/theme';

describe("mfe-home's Chakra theme", () => {
  it('has the style config of every Chakra component home renders and of its toasts (a missing one renders unstyled)', () => {
    const missing = missingStyleConfigs(productTheme, {
      dirs: [path.join(repoRoot, 'mfe-home/src'), path.join(repoRoot, 'ui-kit/src')],
      // The remote's provider draws the page's toasts (shell/src/layout/theme.ts).
      alsoRenders: ['useToast'],
    });
    expect(missing).toEqual([]);
  });
});
