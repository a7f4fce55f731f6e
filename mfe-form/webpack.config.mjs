import { remoteConfig, standalonePageConfig } from '../scripts/webpack-config.mjs';

const dir = import.meta.dirname;

export default [
  remoteConfig({
    dir,
    name: 'mfe-form',
    scope: 'mfe_form',
    chakraExtra: true,
    exposes: { './FormRenderer': './src/renderer/index.ts' },
  }),
  standalonePageConfig({
    dir,
    name: 'mfe-form',
    page: 'playground',
    entry: './src/pages/playground.tsx',
    title: 'Form renderer playground',
    chakraExtra: true,
  }),
];
