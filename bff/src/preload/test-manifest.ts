// Test data for the preload tests.

/** The shape the MF manifest plugin writes (mfe-auth's, trimmed). */
export function manifest(entry: string, exposed: string[], publicPath = 'auto') {
  return {
    id: 'mfe_auth',
    name: 'mfe_auth',
    metaData: { name: 'mfe_auth', remoteEntry: { name: entry, path: '', type: 'global' }, publicPath },
    shared: [
      {
        name: 'react',
        assets: { js: { sync: ['node_modules_react_index_js.38a3191bef5c.js'], async: [] } },
      },
    ],
    remotes: [],
    exposes: [
      { id: 'mfe_auth:app', name: 'app', path: './app', assets: { js: { sync: exposed, async: [] } } },
    ],
  };
}
