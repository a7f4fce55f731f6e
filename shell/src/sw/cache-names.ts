/**
 * The offline copy's committed answers: /remotes.json and each remote's manifest, written only once all
 * the files a manifest names are in CODE_CACHE (offline-copy.ts); the page reads it too (early-fetch.ts).
 */
export const REMOTE_MANIFESTS_CACHE = 'remote-manifests';
/**
 * The config and manifests the app last ran with, kept as they pass (issue 40): offline they answer only
 * where REMOTE_MANIFESTS_CACHE has no committed copy, i.e. in the first seconds after the first sign-in,
 * before the offline copy is complete. Consistent with CODE_CACHE: the remote's files the page ran went
 * through the worker into it, and a file a kept manifest names that is not there fails to load (that
 * area says it is not on this device yet), never mixing versions.
 */
export const SEEN_MANIFESTS_CACHE = 'remote-manifests-seen';
/** Content-hashed script files of every origin (the remotes' files and the shell's lazy chunks). */
export const CODE_CACHE = 'code';
/** Where the last complete offline copy's state is kept, in REMOTE_MANIFESTS_CACHE. */
export const OFFLINE_COPY_STATE_URL = '/__offline-copy.json';
/** The page asks the worker to take (or complete) the offline copy; the worker answers with OFFLINE_COPY_DONE. */
export const TAKE_OFFLINE_COPY = 'take-offline-copy';
export const OFFLINE_COPY_DONE = 'offline-copy-done';
/** The page, once the worker claims it on a first visit, sends what it already ran (keep-what-ran.ts). */
export const KEEP_WHAT_RAN = 'keep-what-ran';
