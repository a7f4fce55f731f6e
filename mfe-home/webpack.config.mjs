import { remoteConfig } from '../scripts/webpack-config.mjs';

// Home's dialogs and drawers (confirmations, the outbox, a corrective action's) take Chakra's from the
// second shared part, fetched when one first opens (issue 46: not with home's first screen).
export default remoteConfig({
  dir: import.meta.dirname,
  name: 'mfe-home',
  scope: 'mfe_home',
  chakraExtra: 'on-first-use',
});
