import { remoteConfig } from '../scripts/webpack-config.mjs';

export default remoteConfig({ dir: import.meta.dirname, name: 'mfe-auth', scope: 'mfe_auth' });
