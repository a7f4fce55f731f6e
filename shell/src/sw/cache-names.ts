/** The service worker's cache of /remotes.json and the remotes' manifests (network first); the page reads it too (early-fetch.ts). */
export const REMOTE_MANIFESTS_CACHE = 'remote-manifests';
