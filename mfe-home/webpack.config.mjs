import { remoteConfig } from '../scripts/webpack-config.mjs';

export default remoteConfig({ dir: import.meta.dirname, name: 'mfe-home', scope: 'mfe_home' });
