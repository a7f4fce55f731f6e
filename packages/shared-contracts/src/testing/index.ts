/** Test kit (subpath `shared-contracts/testing`): an in-memory HostServices, HTTP session helpers. */
export * from './fake-host';
export * from './http-session';
export * from './proof';
