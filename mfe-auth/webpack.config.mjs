import { remoteConfig } from '../scripts/webpack-config.mjs';

export default remoteConfig({
  dir: import.meta.dirname,
  name: 'mfe-auth',
  scope: 'mfe_auth',
  // The sign-in screen, prerendered beside the manifest for the BFF's /login page (issue 46).
  prerender: 'prerender.tsx',
});
