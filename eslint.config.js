// One lint config for the whole workspace: typed TS rules stay light so lint runs in seconds on 2 cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { packageBoundaries } from './scripts/eslint-package-boundaries.mjs';

const testKitOnlyInTests = {
  group: ['test-kit', 'test-kit/*'],
  message: 'test-kit is for tests and benches only (a devDependency), never product code.',
};

// Physical sides in style props, style objects and CSS text (the RTL guard below).
const PHYSICAL_PROP =
  '^(ml|mr|pl|pr|marginLeft|marginRight|paddingLeft|paddingRight|borderLeft\\w*|borderRight\\w*|roundedLeft|roundedRight|rounded(Top|Bottom)(Left|Right)|border(Top|Bottom)(Left|Right)Radius|left|right)$';
const PHYSICAL_CSS =
  '(margin|padding|border)-(left|right)|(text-align|float|clear)\\s*:\\s*(left|right)|(^|[\\s;{])(left|right)\\s*:';
const rtlMessage =
  'Right to left (issue 44): use the logical side (ms/me, ps/pe, insetStart/insetEnd, borderInlineStart, text-align start/end, placement start/end).';
const physicalSideRules = [
  `JSXAttribute[name.name=/${PHYSICAL_PROP}/]`,
  `JSXAttribute[name.name=/^(style|sx|css|__css|_[a-zA-Z]+)$/] Property[key.name=/${PHYSICAL_PROP}/]`,
  `Property[key.name=/^(marginLeft|marginRight|paddingLeft|paddingRight|borderLeft\\w*|borderRight\\w*)$/]`,
  `JSXAttribute[name.name=/^(textAlign|float|placement)$/] Literal[value=/^(left|right)/]`,
  `Property[key.name=/^(textAlign|float)$/] > Literal[value=/^(left|right)$/]`,
  `Literal[value=/${PHYSICAL_CSS}/]`,
  `TemplateElement[value.raw=/${PHYSICAL_CSS}/]`,
].map((selector) => ({ selector, message: rtlMessage }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev-pages/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Packages talk through declared entry points or Module Federation, never each other's files.
    plugins: { boundaries: packageBoundaries },
    rules: { 'boundaries/no-cross-package-path': 'error' },
  },
  {
    // The test kit is for tests and benches only (a devDependency): product files never import it.
    files: ['*/src/**/*.{ts,tsx,mts,mjs,js}'],
    ignores: ['test-kit/**', '**/*.test.{ts,tsx}', '**/__tests__/**', '**/testing/**', '**/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testKitOnlyInTests] }] },
  },
  {
    // shared-contracts is the wire contract only: no form engine, no React helpers, no UI library
    // (issue 41 part 4). form-core and ui-kit build on it, never the other way round.
    files: ['shared-contracts/**/*.{ts,tsx,mts,mjs,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            testKitOnlyInTests,
            {
              group: ['form-core', 'form-core/*', 'ui-kit', 'ui-kit/*'],
              message:
                'shared-contracts is the wire contract: form-core and ui-kit import it, not the reverse.',
            },
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@chakra-ui/*'],
              message: 'shared-contracts has no React: React helpers live in ui-kit.',
            },
          ],
        },
      ],
    },
  },
  {
    // Right to left (issue 44): front-end layout uses logical properties (margin-inline-start, `ms`,
    // inset-inline-end, text-align start...) so Arabic and Hebrew mirror; a physical side would not.
    files: ['{shell,mfe-auth,mfe-home,mfe-form,mfe-builder,ui-kit}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**', '**/testing/**', '**/playground/**'],
    rules: { 'no-restricted-syntax': ['error', ...physicalSideRules] },
  },
  {
    // Remotes reach the BFF only through the host's one client (host.api; issue 41 part 2): it sends the
    // CSRF header, waits for a pending sign-out to reach the BFF, and fails with one error type.
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**', '**/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'EventSource', 'XMLHttpRequest'].map((name) => ({
          name,
          message:
            "Remotes call the BFF through host.api (the host's one client), never the network directly.",
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['fetch', 'EventSource', 'XMLHttpRequest'].map((property) => ({
            object,
            property,
            message:
              "Remotes call the BFF through host.api (the host's one client), never the network directly.",
          })),
        ),
      ],
    },
  },
);
