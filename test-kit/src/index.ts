/**
 * Test kit (subpath `test-kit`): an in-memory HostServices, HTTP session helpers, the
 * org's REST API for tests and benches.
 */
export * from './fake-host';
export * from './http-session';
export * from './org-client';
export * from './proof';
