/** Test kit for the front ends (subpath `shared-contracts/testing`): an in-memory HostServices. */
export * from './fake-host';
