import { startEarlyFetches } from './early-fetch';

// Before the async boundary, so they overlap the download of the shared modules (early-fetch.ts).
startEarlyFetches();
// Async boundary: lets Module Federation negotiate shared singletons before any of them is used.
import('./bootstrap');
