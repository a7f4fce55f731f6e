import { remoteConfig, standalonePageConfig, withDevPages } from '../scripts/webpack-config.mjs';

const dir = import.meta.dirname;

// The renderer playground (/playground) is built only in development (withDevPages).
export default withDevPages(
  remoteConfig({
    dir,
    name: 'mfe-form',
    scope: 'mfe_form',
    chakraExtra: true,
    exposes: { './FormRenderer': './src/renderer/index.ts' },
  }),
  [
    standalonePageConfig({
      dir,
      name: 'mfe-form',
      page: 'playground',
      entry: './src/pages/playground.tsx',
      title: 'Form renderer playground',
      chakraExtra: true,
    }),
  ],
);
