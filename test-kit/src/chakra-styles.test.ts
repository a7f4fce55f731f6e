import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chakraImports, missingStyleConfigs, styleKeysOf } from './chakra-styles';

describe('the style configs a Chakra import needs', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(
      chakraImports(
        "import { Box, type BoxProps, Text as T } from '@chakra-ui/react';\nimport type { Theme } from '@chakra-ui/react';",
      ),
    ).toEqual(['Box', 'Text']);
  });

  it('follows composite components to the configs of their parts', () => {
    expect(styleKeysOf('AlertDialog')).toEqual(expect.arrayContaining(['Modal', 'CloseButton']));
    expect(styleKeysOf('Drawer')).toEqual(expect.arrayContaining(['Drawer', 'Modal']));
    expect(styleKeysOf('useToast')).toEqual(expect.arrayContaining(['Alert', 'CloseButton', 'Spinner']));
    expect(styleKeysOf('Select')).toEqual(expect.arrayContaining(['Select', 'Form']));
    expect(styleKeysOf('FormErrorMessage')).toEqual(expect.arrayContaining(['FormError', 'Form']));
    expect(styleKeysOf('IconButton')).toEqual(['Button', 'Spinner']);
    expect(styleKeysOf('Tab')).toEqual(['Tabs']);
  });

  it('needs nothing for layout parts, hooks and keys the default theme does not style', () => {
    expect(styleKeysOf('Box')).toEqual([]);
    expect(styleKeysOf('useDisclosure')).toEqual([]);
    // Text asks for a "Text" config, which Chakra's default theme does not have.
    expect(styleKeysOf('Text')).toEqual([]);
  });

  it('refuses a name Chakra does not export', () => {
    expect(() => styleKeysOf('NoSuchWidget')).toThrow('@chakra-ui/react exports no NoSuchWidget');
  });

  it('lists what a theme lacks, per importing file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chakra-styles-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'src/Screen.tsx'),
      "import { Box, Tabs, Button } from '@chakra-ui/react';\n",
    );
    writeFileSync(path.join(dir, 'src/Screen.test.tsx'), "import { Menu } from '@chakra-ui/react';\n");
    const missing = missingStyleConfigs(
      { components: { Button: {}, Spinner: {} } },
      { dirs: [path.join(dir, 'src')], alsoRenders: ['useToast'] },
    );
    expect(missing.map((line) => line.replace(/^.*Screen\.tsx/, 'Screen.tsx'))).toEqual([
      'Screen.tsx: Tabs needs Tabs',
      'the provider: useToast needs Alert',
      'the provider: useToast needs CloseButton',
    ]);
    expect(
      missingStyleConfigs(
        { components: { Button: {}, Spinner: {}, Tabs: {}, Alert: {}, CloseButton: {} } },
        { dirs: [path.join(dir, 'src')], alsoRenders: ['useToast'] },
      ),
    ).toEqual([]);
  });
});
