import { hostConfig } from '../scripts/webpack-config.mjs';

export default hostConfig({ dir: import.meta.dirname, name: 'shell' });
