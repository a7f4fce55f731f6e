import { remoteConfig, standalonePageConfig, withDevPages } from '../scripts/webpack-config.mjs';

const dir = import.meta.dirname;

export default withDevPages(
  remoteConfig({ dir, name: 'mfe-builder', scope: 'mfe_builder', chakraExtra: true }),
  [
    // The field/table/rule editors on their own (/editors), for the Chromium suite and trying them out;
    // built only in development (withDevPages).
    standalonePageConfig({
      dir,
      name: 'mfe-builder',
      page: 'editors',
      entry: './src/editors/playground/page.tsx',
      title: 'Builder editors playground',
      chakraExtra: true,
    }),
  ],
);
