import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingStyleConfigs, repoRoot } from 'test-kit/chakra-styles';
import { formTheme } from './theme';

describe("mfe-form's Chakra theme", () => {
  it('has the style config of every Chakra component the form screens render and of its toasts', () => {
    const missing = missingStyleConfigs(formTheme, {
      dirs: [path.join(repoRoot, 'mfe-form/src'), path.join(repoRoot, 'ui-kit/src')],
      // The remote's provider draws the page's toasts (shell/src/layout/theme.ts).
      alsoRenders: ['useToast'],
    });
    expect(missing).toEqual([]);
  });
});
