import { startEarlyFetches } from './early-fetch';
import { holdPrerenderedSignIn, registerServiceWorker } from './sw/register';

// Before the async boundary, so they overlap the download of the shared modules (early-fetch.ts).
startEarlyFetches();
// As early as the page's first script: the prerendered sign-in screen can be tapped before the rest
// of the code arrives, and the worker's install (offline from the first sign-in) must not wait for it.
registerServiceWorker();
holdPrerenderedSignIn();
// Async boundary: lets Module Federation negotiate shared singletons before any of them is used.
import('./bootstrap');
