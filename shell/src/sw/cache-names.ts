/**
 * The offline copy's committed answers: /remotes.json and each remote's manifest, written only once all
 * the files a manifest names are in CODE_CACHE (offline-copy.ts); the page reads it too (early-fetch.ts).
 */
export const REMOTE_MANIFESTS_CACHE = 'remote-manifests';
/** Content-hashed script files of every origin (the remotes' files and the shell's lazy chunks). */
export const CODE_CACHE = 'code';
/** Where the last complete offline copy's state is kept, in REMOTE_MANIFESTS_CACHE. */
export const OFFLINE_COPY_STATE_URL = '/__offline-copy.json';
/** The page asks the worker to take (or complete) the offline copy; the worker answers with OFFLINE_COPY_DONE. */
export const TAKE_OFFLINE_COPY = 'take-offline-copy';
export const OFFLINE_COPY_DONE = 'offline-copy-done';
